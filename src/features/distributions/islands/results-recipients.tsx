import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import type { TypedT } from '../../../i18n/translate.ts';
import type { NamespaceMessages, WithUi } from '../../../i18n/namespaces.ts';
import { notify } from '../../../scripts/notify.ts';
import { reasonKey } from '../../delivery/store.ts';
import { Pager } from '../../../ui/pager.tsx';
import { Table } from '../../../ui/table.tsx';
import { listTexts } from '../../../ui/list-states.tsx';
import { formatDateTime } from '../../../ui/format.ts';
import { inputClass, secondaryButtonClass } from '../../../ui/classes.ts';
import { $recipients, exportRecipients, loadRecipients, RECIPIENT_STATUSES, saveBlob, type Recipient, type RecipientStatus } from '../store.ts';

type DT = TypedT<WithUi<NamespaceMessages['distributions']>>;

// A recipient's own reasons (left out when the audience was built, withdrawn by a cancel) by their fixed value; any
// other reason is its message's, worded as the message log words it (delivery's reasonKey).
const OWN_REASONS: Record<string, 'cancelled' | 'noDialogue' | 'duplicate'> = {
  cancelled: 'cancelled',
  'no dialogue': 'noDialogue',
  duplicate: 'duplicate',
};
export const recipientReason = (t: DT, reason: string | null): string =>
  !reason ? '' : OWN_REASONS[reason] ? t(`skip.${OWN_REASONS[reason]}`) : t.dynamic(`reason.${reasonKey(reason)}`);

const STATUS_CLASS: Record<RecipientStatus, string> = {
  pending: 'bg-gray-100 text-gray-900',
  queued: 'bg-blue-100 text-blue-900',
  sent: 'bg-green-100 text-green-900',
  delivered: 'bg-green-100 text-green-900',
  read: 'bg-green-100 text-green-900',
  replied: 'bg-green-100 text-green-900',
  failed: 'bg-red-100 text-red-900',
  skipped: 'bg-yellow-100 text-yellow-900',
};

/** The recipients of one distribution: status filter, search, paging, CSV export; `tick` changes on every poll. */
export function RecipientsTable({ t, locale, distributionId, tick }: { t: DT; locale: string; distributionId: number; tick: number }) {
  const state = useStore($recipients);
  const [search, setSearch] = useState('');
  const [exporting, setExporting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const q = state.query;
  const titleId = useId();

  useEffect(() => void loadRecipients(1, { distributionId, status: '', search: '' }), [distributionId]);
  // A poll refreshes the page shown (the same filters), never jumping back to page 1.
  useEffect(() => void (tick && loadRecipients()), [tick]);

  const onSearch = (value: string) => {
    setSearch(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void loadRecipients(1, { search: value }), 300);
  };

  const download = async () => {
    setExporting(true);
    const blob = await exportRecipients(q);
    setExporting(false);
    if (blob) saveBlob(blob, `distribution-${distributionId}-recipients.csv`);
    else notify('error', t('results.exportFailed'));
  };

  const times = (r: Recipient) =>
    (
      [
        ['results.sentAt', r.sentAt],
        ['results.deliveredAt', r.deliveredAt],
        ['results.readAt', r.readAt],
        ['results.repliedAt', r.repliedAt],
      ] as const
    )
      .filter(([, at]) => at != null)
      .map(([key, at]) => <span key={key} className="block whitespace-nowrap">{t(key, { date: formatDateTime(locale, at) })}</span>);

  const filtering = q.status !== '' || q.search.trim() !== '';
  return (
    <section aria-labelledby={titleId} className="mt-6">
      <h3 id={titleId} className="text-base font-semibold m-0 mb-2">{t('results.recipients')}</h3>
      <form role="search" className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] items-end mb-3" onSubmit={(e) => (e.preventDefault(), void loadRecipients(1, { search }))}>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('results.search')}
          <input type="search" className={inputClass} value={search} onChange={(e) => onSearch(e.target.value)} autoComplete="off" maxLength={100} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('results.statusFilter')}
          <select className={inputClass} value={q.status} onChange={(e) => void loadRecipients(1, { status: e.target.value as RecipientStatus | '' })}>
            <option value="">{t('results.allStatuses')}</option>
            {RECIPIENT_STATUSES.map((s) => <option key={s} value={s}>{t(`recipientStatus.${s}`)}</option>)}
          </select>
        </label>
        <button type="button" className={secondaryButtonClass} disabled={exporting} aria-busy={exporting} onClick={() => void download()}>
          {exporting ? t('results.exporting') : t('results.export')}
        </button>
      </form>
      <Table
        caption={t('results.caption')}
        list={state}
        rowKey={(r) => r.id}
        busy={false}
        notices={{
          found: t('results.found', { count: state.total }),
          texts: listTexts(t, { empty: t(filtering ? 'results.emptySearch' : 'results.empty') }),
          retry: { label: t('ui.retry'), run: () => void loadRecipients() },
        }}
        columns={[
          { header: t('results.col.phone'), cell: (r) => <span className="tabular-nums whitespace-nowrap">+{r.phone}</span> },
          { header: t('results.col.name'), cell: (r) => r.name ?? '—' },
          { header: t('results.col.row'), cell: (r) => r.row ?? '—', className: 'text-right' },
          {
            header: t('results.col.status'),
            cell: (r) => (
              <>
                <span className={`inline-block rounded px-2 py-0.5 text-xs font-medium ${STATUS_CLASS[r.status]}`}>{t(`recipientStatus.${r.status}`)}</span>
                {r.unsubscribed && (
                  <span className="block text-xs text-red-800 mt-1" title={t('results.unsubscribedHint')}>
                    {t('results.unsubscribed')}
                    <span className="sr-only">: {t('results.unsubscribedHint')}</span>
                  </span>
                )}
              </>
            ),
          },
          { header: t('results.col.reason'), cell: (r) => recipientReason(t, r.reason) },
          { header: t('results.col.times'), cell: times },
        ]}
      />
      <Pager t={t} label={t('results.pages')} page={state.page} pages={state.pages} busy={state.loading} onPage={(page) => void loadRecipients(page)} />
    </section>
  );
}
