interface Props {
  /** On or off: `aria-checked`. */
  checked: boolean;
  /** The accessible name: what the switch turns on and off (a row's title). */
  label: string;
  onChange: (on: boolean) => void;
  disabled?: boolean;
  /** A request is under way: the switch shows its new state and takes no second click until it settles. */
  busy?: boolean;
  /** Extra text on hover (why it is disabled). */
  title?: string;
}

/**
 * An on/off switch (a row's "running" toggle). A native <button role="switch">: Space and Enter toggle it, it takes
 * the focus in order, and a screen reader reads the name with "on" / "off". The track stays 2.75 × 1.5 rem so rows
 * keep their height whatever the state.
 */
export function Switch({ checked, label, onChange, disabled, busy, title }: Props) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      aria-busy={busy || undefined}
      title={title}
      disabled={disabled}
      onClick={() => !busy && onChange(!checked)}
      className={`relative inline-flex shrink-0 items-center w-11 h-6 p-0 rounded-full border-0 cursor-pointer transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-50 ${checked ? 'bg-brand' : 'bg-gray-400'} ${busy ? 'opacity-70' : ''}`}
    >
      <span aria-hidden="true" className={`inline-block w-5 h-5 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-5.5' : 'translate-x-0.5'}`} />
    </button>
  );
}
