import { useEffect, useState } from 'react';
import type { T } from '../../../i18n/translate.ts';
import { explainProblem } from '../../../api/explain-problem.ts';
import { notify } from '../../../scripts/notify.ts';
import { secondaryButtonClass } from '../../../ui/classes.ts';
import type { WhatsAppNumber } from '../store.ts';
import { readSending, resumeSending, type NumberSending as Sending } from '../store-sending.ts';

/** Why the engine paused a number, in the page's language (blocked quotes the provider's own words). */
const pauseText = (t: T, s: Sending) =>
  s.pauseReason === 'blocked' ? t('sending.paused.blocked', { detail: s.pauseDetail ?? '—' }) : s.pauseReason === 'stopSpike' ? t('sending.paused.stopSpike') : t('sending.paused.failureSpike');

/**
 * A Connected number's sending state (docs/connections.md "Sending and pacing"): the warm-up day and today's cap
 * (once the warm-up is over, the full cap instead of a day count),
 * or, when the engine paused it on a block signal, why, with Resume. Read once when the row shows.
 */
export function NumberSending({ t, number }: { t: T; number: WhatsAppNumber }) {
  const [sending, setSending] = useState<Sending>();
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  const load = async () => {
    setFailed(false);
    const { data } = await readSending(number.id);
    if (data) setSending(data);
    else setFailed(true);
  };
  useEffect(() => void load(), [number.id]);

  async function resume() {
    setBusy(true);
    const { data, problem } = await resumeSending(number.id);
    setBusy(false);
    if (!data) return notify('error', explainProblem(problem, t));
    setSending(data);
    notify(data.paused ? 'error' : 'success', t(data.paused ? 'sending.stillPaused' : 'sending.resumed', { name: number.name }));
  }

  if (failed) {
    return (
      <span className="text-xs text-ink-muted" data-sending="failed">
        {t('sending.failed')}{' '}
        <button type="button" className="text-brand-dark underline bg-transparent border-0 p-0 cursor-pointer text-xs" onClick={() => void load()}>{t('ui.retry')}</button>
      </span>
    );
  }
  if (!sending) return <span className="text-xs text-ink-muted" role="status">{t('working')}</span>;
  const today = { sent: sending.sentToday, cap: sending.dailyCap };
  if (!sending.paused) {
    return (
      <span className="text-xs" data-sending="active">
        {sending.warmupDay === null ? t('sending.notStarted', today) : sending.warmupDone ? t('sending.warmedUp', today) : t('sending.day', { day: sending.warmupDay, ...today })}
      </span>
    );
  }
  return (
    <div role="alert" className="border border-red-200 bg-red-50 text-red-900 rounded p-2 text-xs flex flex-col gap-1 max-w-xs" data-sending="paused">
      <strong className="text-sm">{t('sending.paused.title')}</strong>
      <span>{pauseText(t, sending)}</span>
      <span>{t('sending.paused.waiting')}</span>
      <button type="button" className={`${secondaryButtonClass} self-start`} disabled={busy} aria-label={t('sending.resumeLabel', { name: number.name })} onClick={() => void resume()}>
        {busy ? t('working') : t('sending.resume')}
      </button>
    </div>
  );
}
