import type { BookingCompany } from '../../store-booking-systems.ts';
import { bookingProblem } from './problems.ts';
import { whenText, type BookingContext } from './texts.ts';

/** A company's pull: its state (with progress while running), what it brought, and why it failed. */
export function SyncCell({ ctx, company }: { ctx: BookingContext; company: BookingCompany }) {
  const { t } = ctx;
  const { sync } = company;
  const counts = t('bookingSystems.sync.counts', { masters: sync.masters, services: sync.services, clients: sync.clients });
  const finished = whenText(ctx, sync.finishedUnixTime);
  return (
    <span className="flex flex-col gap-0.5 text-sm" data-sync-state={sync.state}>
      {sync.state === 'never' && <span className="text-ink-muted">{t('bookingSystems.sync.never')}</span>}
      {sync.state === 'running' && (
        <span role="status" className="flex flex-col gap-1">
          <span>{t('bookingSystems.sync.running')}</span>
          <progress className="w-full max-w-32 h-2" aria-label={t('bookingSystems.sync.running')} />
        </span>
      )}
      {sync.state === 'done' && <span title={finished.exact}>{t('bookingSystems.sync.done', { time: finished.text })}</span>}
      {sync.state === 'failed' && (
        <span className="text-red-800" title={finished.exact}>
          {t('bookingSystems.sync.failed', { reason: bookingProblem(ctx, { code: sync.error ?? undefined, status: 502 }) })}
        </span>
      )}
      {sync.state !== 'never' && <span className="text-xs text-ink-muted" data-sync-counts>{counts}</span>}
    </span>
  );
}
