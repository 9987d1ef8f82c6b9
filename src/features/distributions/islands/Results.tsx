import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useId, useMemo, useState } from 'react';
import { createT } from '../../../i18n/translate.ts';
import { notify } from '../../../scripts/notify.ts';
import { explainProblem } from '../../../api/explain-problem.ts';
import { formatAmount, formatDateTime } from '../../../ui/format.ts';
import { secondaryButtonClass } from '../../../ui/classes.ts';
import { badgeClass } from '../../flows/islands/status-badge.ts';
import { $current, controlDistribution, isRunning, loadCurrent, type ControlAction, type Distribution } from '../store.ts';
import type { DistributionsProps } from './props.ts';
import { Progress } from './progress.tsx';
import { BlockerNotices } from './notices.tsx';
import { RecipientsTable } from './results-recipients.tsx';
import { IDLE_POLL_MS, POLL_MS, usePoll } from './use-poll.ts';

const ConfirmDialog = lazy(() => import('../../../ui/confirm-dialog-lazy.ts'));

const COUNTS = ['recipients', 'pending', 'sent', 'delivered', 'read', 'replied', 'failed', 'skipped'] as const;
/** §8 texts of one distribution's actions: [success, failure]. */
const ACTION_TEXTS = {
  Pause: ['distributionStopped', 'distributionStopFailed'],
  Resume: ['distributionResumed', 'distributionResumeFailed'],
  Cancel: ['distributionCanceled', 'distributionCancelFailed'],
} as const;

/** The last start was a test when the test run is not older than the last combat start. */
const lastWasTest = (d: Distribution) => d.testRun !== null && (d.lastStart == null || d.testRun.startedAt >= d.lastStart);

/**
 * One distribution's live progress (issue 20): status, counts, progress bar, the finish estimate, the last test run,
 * pause / resume / cancel (confirmed), and the recipients with their message's status and reason. Polls every 3 s
 * while the distribution runs or its test messages are still on their way, every 15 s otherwise (the editor's Start
 * may have started it). The editor shows it as its last step: `bare` leaves the title to it, `onChange` tells it the
 * distribution's new state (a paused distribution becomes editable again).
 */
export default function Results(props: DistributionsProps & { distributionId: number; bare?: boolean; onChange?: (d: Distribution) => void }) {
  const t = useMemo(() => createT(props.locale, props.messages), [props.locale, props.messages]);
  const current = useStore($current);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [tick, setTick] = useState(0);
  const id = props.distributionId;
  const titleId = useId();
  const d = current?.id === id ? current : undefined;

  useEffect(() => void loadCurrent(id), [id]);
  useEffect(() => void (d && props.onChange?.(d)), [d]);

  const live = !!d && (isRunning(d.status) || (lastWasTest(d) && d.testRun?.done === false));
  // The recipients reload when the progress moved, not on every tick.
  usePoll(!!d, async () => void ((await loadCurrent(id)) && setTick((n) => n + 1)), live ? POLL_MS : IDLE_POLL_MS);

  const act = async (action: Exclude<ControlAction, 'Start'>) => {
    setBusy(true);
    const out = await controlDistribution(id, action);
    setBusy(false);
    setTick((n) => n + 1);
    const [ok, failed] = ACTION_TEXTS[action];
    if (out.data) return void notify('success', t(`server.${ok}`));
    const link = out.problem?.code === 'distributionNotAvailable' && props.paymentsHref ? { href: props.paymentsHref, text: t('choosePlan') } : undefined;
    notify('error', out.problem ? explainProblem(out.problem, t, { prefixes: ['server.'] }) : t(`server.${failed}`), { link });
  };

  if (current === null && !d) return <p className="text-sm text-red-700" role="status">{t('results.loadFailed')}</p>;
  if (!d) return <p className="text-sm text-ink-muted" role="status">{t('ui.loading')}</p>;

  const running = isRunning(d.status);
  const canResume = d.status === 'Pause' || d.status === 'Error';
  const canCancel = running || canResume;
  const percent = Math.round(d.counts.progress * 100);
  const paymentsHref = props.paymentsHref ?? `${props.base}/payments`;

  return (
    <section aria-labelledby={props.bare ? undefined : titleId} aria-label={props.bare ? t('results.title') : undefined} data-distribution-results={d.id}>
      {!props.bare && <h2 id={titleId} className="text-lg font-semibold m-0 mb-3">{t('results.title')}</h2>}
      <BlockerNotices
        blockers={{ notAvailable: d.status === 'Unavailable', noMessages: d.statusReason === 'noMessagesLeft' }}
        paymentsHref={paymentsHref}
        texts={{ testUser: t('testUser'), notAvailable: t('notAvailable'), noMessages: t('noMessages'), choosePlan: t('choosePlan'), buyPack: t('buyPack') }}
      />
      <div className="flex flex-wrap items-center gap-3 mb-3" aria-live="polite">
        <span className={badgeClass(d.status)} data-status={d.status}>{t(`status.${d.status}`)}</span>
        {d.statusReason && d.statusReason !== 'noMessagesLeft' && <span className="text-sm text-gray-700">{t(`statusReason.${d.statusReason}`)}</span>}
        <span className="text-sm text-ink-muted">{t(`mode.${d.mode}`)}</span>
        {d.lastStart != null && <span className="text-sm text-ink-muted">{t('results.lastStart', { date: formatDateTime(props.locale, d.lastStart) })}</span>}
        {d.finishEstimate != null && running && <span className="text-sm">{t('results.finish', { date: formatDateTime(props.locale, d.finishEstimate) })}</span>}
      </div>

      {d.testRun && lastWasTest(d) && (
        <p className="text-sm rounded border border-blue-200 bg-blue-50 text-blue-900 px-3 py-2 m-0 mb-3" role="status" data-test-run={d.testRun.done ? 'done' : 'running'}>
          {t('results.testRun', { number: d.testRun.number, date: formatDateTime(props.locale, d.testRun.startedAt), messages: d.testRun.messages, sent: d.testRun.sent, failed: d.testRun.failed })}{' '}
          {t(d.testRun.done ? 'results.testDone' : 'results.testRunning')}
        </p>
      )}

      <Progress value={d.counts.progress} label={t('results.progress')} text={t('results.percent', { percent })} />
      <dl className="grid grid-cols-2 sm:grid-cols-4 lg:grid-cols-8 gap-2 my-3" aria-label={t('results.counts')}>
        {COUNTS.map((key) => (
          <div key={key} className="rounded border border-gray-200 bg-white px-3 py-2" data-count={key}>
            <dt className="text-xs text-ink-muted">{t(`results.${key}`)}</dt>
            <dd className="m-0 text-lg font-semibold tabular-nums">{formatAmount(d.counts[key])}</dd>
          </div>
        ))}
      </dl>
      {live && <p className="text-xs text-ink-muted m-0 mb-2">{t('results.live')}</p>}

      <div role="group" aria-label={t('results.title')} className="flex flex-wrap gap-2">
        {running && <button type="button" className={secondaryButtonClass} disabled={busy} onClick={() => void act('Pause')}>{t('results.pause')}</button>}
        {canResume && <button type="button" className={secondaryButtonClass} disabled={busy} onClick={() => void act('Resume')}>{t('results.resume')}</button>}
        {canCancel && <button type="button" className={secondaryButtonClass} disabled={busy} onClick={() => setConfirming(true)}>{t('results.cancel')}</button>}
      </div>
      {confirming && (
        <Suspense>
          <ConfirmDialog
            open
            title={t('results.cancelTitle')}
            text={t('results.cancelText')}
            confirm={t('results.cancelYes')}
            cancel={t('results.cancelNo')}
            onConfirm={() => void act('Cancel')}
            onClose={() => setConfirming(false)}
          />
        </Suspense>
      )}

      <RecipientsTable t={t} locale={props.locale} distributionId={id} tick={tick} />
    </section>
  );
}
