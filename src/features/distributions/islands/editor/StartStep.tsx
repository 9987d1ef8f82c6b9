import { useState } from 'react';
import { explainProblem } from '../../../../api/explain-problem.ts';
import { notify } from '../../../../scripts/notify.ts';
import { buttonClass, textLinkClass } from '../../../../ui/classes.ts';
import { ConfirmDialog } from '../../../../ui/confirm-dialog.tsx';
import { show } from '../../store.ts';
import { loadPreview, startDistribution } from '../../store-editor.ts';
import Results from '../Results.tsx';
import type { StepProps } from './LazyStep.tsx';

/**
 * The start: in test mode one message to the test numbers (no confirmation: nobody else gets it); in live mode a
 * confirmation naming how many recipients remain and the per-day cap. Unsaved changes are saved first. Then the
 * test run's line and the live progress with per-recipient results (Results).
 */
export default function StartStep({ te, tp, page, flow, dist, dirty, save, replaceDist, blocked, running }: StepProps) {
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<{ count: number; cap: number }>();
  const test = flow.mode === 'test';

  const start = async () => {
    setBusy(true);
    if (dirty && !(await save())) return setBusy(false);
    const result = await startDistribution(dist.id);
    setBusy(false);
    if ('ok' in result) {
      replaceDist(result.ok);
      show(result.ok); // Results reads the started run at once instead of at its next slow poll
      notify('success', te(test ? 'start.testStarted' : 'start.started'));
    } else notify('error', result.problem.code ? explainProblem(result.problem, tp, { prefixes: ['rule.'] }) : te('start.failed'));
  };
  const ask = async () => {
    setBusy(true);
    if (dirty && !(await save())) return setBusy(false);
    const preview = await loadPreview(dist.id);
    setBusy(false);
    setAsking('ok' in preview ? { count: preview.ok.remaining, cap: preview.ok.dailyCap } : { count: dist.counts.pending, cap: dist.dailyCap });
  };

  const run = dist.testRun;
  const phones = flow.testPhones.trim() || te('start.ownNumber');
  return (
    <div className="grid gap-4">
      {blocked && page.paymentsHref && (
        <p className="text-sm m-0">
          <a href={page.paymentsHref} className={textLinkClass}>{te('toPayments')}</a>
        </p>
      )}
      <div className="grid gap-2 justify-items-start max-w-xl">
        <p className="text-sm m-0">{test ? te('start.testHint', { phones }) : te('start.combatHint')}</p>
        {dirty && <p className="text-sm text-ink-muted m-0">{te('start.savesFirst')}</p>}
        <button type="button" className={buttonClass} disabled={busy || blocked || running} onClick={() => void (test ? start() : ask())}>
          {te(test ? 'start.startTest' : 'start.startCombat')}
        </button>
        {busy && <p role="status" className="text-sm text-ink-muted m-0">{te('saving')}</p>}
      </div>
      {run && (
        <p role="status" className="text-sm m-0" data-testid="test-run">
          {te(run.done ? 'start.testDone' : 'start.testRun', { number: run.number, sent: run.sent, messages: run.messages, failed: run.failed })}
        </p>
      )}
      {/* Results has its own heading, counts, pause/resume/cancel and the per-recipient rows. */}
      <Results {...page} distributionId={dist.id} />
      <ConfirmDialog
        open={!!asking}
        title={te('start.confirmTitle')}
        text={te('start.confirmText', { count: asking?.count ?? 0, cap: asking?.cap ?? dist.dailyCap })}
        confirm={te('start.confirmYes')}
        cancel={te('start.confirmNo')}
        tone="normal"
        onConfirm={() => void start()}
        onClose={() => setAsking(undefined)}
      />
    </div>
  );
}
