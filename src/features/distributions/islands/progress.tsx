/** A progress bar of a distribution (share of the audience finished), named for screen readers. */
export function Progress({ value, label, text }: { value: number; label: string; text?: string }) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div className="flex items-center gap-2 min-w-28">
      <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={text ?? `${percent}%`} className="h-2 flex-1 rounded bg-gray-200 overflow-hidden">
        <div className="h-full bg-brand" style={{ width: `${percent}%` }} />
      </div>
      <span className="text-xs tabular-nums" aria-hidden="true">{percent}%</span>
    </div>
  );
}
