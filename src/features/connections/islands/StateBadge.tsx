import type { T } from '../../../i18n/translate.ts';
import { isConnected, type ConnectionState } from '../store.ts';

const TONE: Record<string, string> = {
  ok: 'bg-green-50 text-green-800 border-green-200',
  wait: 'bg-amber-50 text-amber-900 border-amber-200',
  bad: 'bg-red-50 text-red-800 border-red-200',
  off: 'bg-gray-50 text-ink border-gray-300',
};

/** Why a number is in `error`, in the page's language (an unknown reason as the server gave it). */
export const reasonText = (t: T, reason: string | null) =>
  reason === 'qrTimeout' || reason === 'sessionFailed' ? t(`reason.${reason}`) : t('reason.other', { reason: reason ?? '—' });

/**
 * A connection's state (§3) as a badge; `error` says why. `label` and `reason` replace the WhatsApp wording for
 * the other kinds (a Telegram bot in `init` waits for its code).
 */
export function StateBadge({ t, number, label, reason }: { t: T; number: { state: ConnectionState; lastError: string | null }; label?: string; reason?: string }) {
  const { state } = number;
  const tone = isConnected(state) ? 'ok' : state === 'error' ? 'bad' : state === 'loading' || state === 'GotQrCode' ? 'wait' : 'off';
  return (
    <span className="inline-flex flex-col gap-0.5" data-state={state}>
      <span className={`inline-block self-start px-2 py-0.5 rounded border text-xs font-medium ${TONE[tone]}`}>{label ?? t(`state.${state}`)}</span>
      {state === 'error' && <span className="text-xs text-red-800">{reason ?? reasonText(t, number.lastError)}</span>}
    </span>
  );
}
