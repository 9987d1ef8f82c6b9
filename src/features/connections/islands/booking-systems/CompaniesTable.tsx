import { useState, type ReactNode } from 'react';
import { notify } from '../../../../scripts/notify.ts';
import { dangerButtonClass, secondaryButtonClass } from '../../../../ui/classes.ts';
import { Table } from '../../../../ui/table.tsx';
import { listTexts } from '../../../../ui/list-states.tsx';
import { syncCompany, unlinkCompany, utcOffset, type BookingCompany } from '../../store-booking-systems.ts';
import { ConfirmRemove } from '../ConfirmRemove.tsx';
import { bookingProblem } from './problems.ts';
import { SyncCell } from './SyncCell.tsx';
import { whenText, type BookingContext } from './texts.ts';

const STATUS_TONE: Record<BookingCompany['status'], string> = {
  connected: 'bg-green-50 text-green-800 border-green-200',
  rightsMissing: 'bg-amber-50 text-amber-900 border-amber-200',
  unreachable: 'bg-red-50 text-red-800 border-red-200',
  webhookOnly: 'bg-gray-50 text-ink border-gray-300',
};

interface Props {
  ctx: BookingContext;
  companies: readonly BookingCompany[];
  loading: boolean;
  failed: boolean;
  retry: () => void;
  /** The empty state's next step (to the connect form). */
  emptyAction: ReactNode;
}

/** §3 Company: the linked companies with their status, numbers, last webhook and pull; pull again and unlink (confirmed). */
export function CompaniesTable({ ctx, companies, loading, failed, retry, emptyAction }: Props) {
  const { t, named } = ctx;
  const [confirming, setConfirming] = useState<BookingCompany>();
  const [starting, setStarting] = useState<number>();

  async function unlink(row: BookingCompany) {
    const { problem } = await unlinkCompany(row.id);
    if (problem) return notify('error', bookingProblem(ctx, problem));
    notify('success', t('bookingSystems.companies.unlinked', { name: row.name }));
  }

  async function pull(row: BookingCompany) {
    setStarting(row.id);
    const { data, problem } = await syncCompany(row.id);
    setStarting(undefined);
    if (data) notify('success', t('bookingSystems.sync.started', { name: row.name }));
    else notify('error', bookingProblem(ctx, problem));
  }

  return (
    <section aria-labelledby="booking-companies-title" className="mb-4">
      <h2 id="booking-companies-title" className="text-base font-semibold m-0 mb-2">{t('bookingSystems.companies.title')}</h2>
      {confirming && (
        <ConfirmRemove
          t={t}
          title={t('bookingSystems.companies.unlinkTitle')}
          text={t('bookingSystems.companies.unlinkText', { name: confirming.name })}
          onConfirm={() => void unlink(confirming)}
          onClose={() => setConfirming(undefined)}
        />
      )}
      <Table
        caption={t('bookingSystems.companies.caption', named)}
        list={{ items: companies, loading, failed }}
        rowKey={(c) => c.id}
        rowData={(c) => ({ 'data-booking-company': c.id, 'data-sync': c.sync.state })}
        notices={{ texts: listTexts(t, { empty: t('bookingSystems.companies.empty', named) }), retry: { label: t('ui.retry'), run: retry }, emptyAction, emptyIcon: 'i-lucide-calendar-check' }}
        columns={[
          {
            header: t('bookingSystems.companies.name'),
            className: 'min-w-36',
            // The system's id and the city under the name: ten columns do not fit beside the sidebar.
            cell: (c) => (
              <span className="flex flex-col">
                <span>{c.name}</span>
                <span className="text-xs text-ink-muted">
                  <span data-internal-id>{t('bookingSystems.companies.internalId', named)} {c.internalCompanyId}</span>
                  {c.city && <span> · <span className="sr-only">{t('bookingSystems.companies.city')}: </span>{c.city}</span>}
                </span>
              </span>
            ),
          },
          {
            header: t('bookingSystems.companies.status'),
            cell: (c) => <span className={`inline-block px-2 py-0.5 rounded border text-xs font-medium whitespace-nowrap ${STATUS_TONE[c.status]}`} data-status={c.status}>{t(`bookingSystems.status.${c.status}`)}</span>,
          },
          { header: t('bookingSystems.companies.webhooks'), cell: (c) => c.webhooksCount, className: 'text-right' },
          { header: t('bookingSystems.companies.masters'), cell: (c) => c.activeMastersCount, className: 'text-right' },
          { header: t('bookingSystems.companies.timezone'), cell: (c) => utcOffset(c.timezone), className: 'whitespace-nowrap' },
          {
            header: t('bookingSystems.companies.lastWebhook'),
            className: 'whitespace-nowrap',
            cell: (c) => {
              const when = whenText(ctx, c.lastWebhookUnixTime);
              return when.exact ? <time title={when.exact} dateTime={new Date(c.lastWebhookUnixTime! * 1000).toISOString()}>{when.text}</time> : when.text;
            },
          },
          { header: t('bookingSystems.companies.sync'), cell: (c) => <SyncCell ctx={ctx} company={c} />, className: 'min-w-40' },
          {
            header: t('col.actions'),
            hideHeader: true,
            cell: (c) => {
              const running = c.sync.state === 'running' || starting === c.id;
              const pullText = running ? t('bookingSystems.sync.running') : t('bookingSystems.companies.pull');
              return (
                <div className="flex flex-col gap-2 whitespace-nowrap">
                  {c.accountId != null && (
                    <button type="button" className={secondaryButtonClass} disabled={running} aria-busy={running} aria-label={`${pullText}: ${c.name}`} onClick={() => void pull(c)}>
                      {pullText}
                    </button>
                  )}
                  <button type="button" className={dangerButtonClass} aria-label={t('bookingSystems.companies.unlinkLabel', { name: c.name })} onClick={() => setConfirming(c)}>{t('bookingSystems.companies.unlink')}</button>
                </div>
              );
            },
          },
        ]}
      />
    </section>
  );
}
