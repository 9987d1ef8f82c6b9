import { useState } from 'react';
import { notify } from '../../../../scripts/notify.ts';
import { dangerButtonClass, secondaryButtonClass } from '../../../../ui/classes.ts';
import { formatDateTime } from '../../../../ui/format.ts';
import { Table } from '../../../../ui/table.tsx';
import { removeAccount, type BookingAccount } from '../../store-booking-systems.ts';
import { ConfirmRemove } from '../ConfirmRemove.tsx';
import { bookingProblem } from './problems.ts';
import type { BookingContext } from './texts.ts';

const BADGE = {
  Connected: 'bg-green-50 text-green-800 border-green-200',
  tokenRejected: 'bg-red-50 text-red-800 border-red-200',
} as const;

interface Props {
  ctx: BookingContext;
  accounts: readonly BookingAccount[];
  /** The account whose reachable companies are open. */
  linking?: number;
  onLink: (id: number | undefined) => void;
}

/** The owner's connections of this system: name, how connected, state; "Link a company" and delete (confirmed). */
export function AccountsTable({ ctx, accounts, linking, onLink }: Props) {
  const { t, named, locale } = ctx;
  const [confirming, setConfirming] = useState<BookingAccount>();

  async function confirmed(row: BookingAccount) {
    const { problem } = await removeAccount(row.id);
    if (problem) return notify('error', bookingProblem(ctx, problem));
    if (linking === row.id) onLink(undefined);
    notify('success', t('bookingSystems.accounts.removed', { name: row.name }));
  }

  if (!accounts.length) return null;
  return (
    <section aria-labelledby="booking-accounts-title" className="mb-4">
      <h2 id="booking-accounts-title" className="text-base font-semibold m-0 mb-2">{t('bookingSystems.accounts.title')}</h2>
      {confirming && (
        <ConfirmRemove
          t={t}
          title={t('bookingSystems.accounts.removeTitle')}
          text={t('bookingSystems.accounts.removeText', { name: confirming.name })}
          onConfirm={() => void confirmed(confirming)}
          onClose={() => setConfirming(undefined)}
        />
      )}
      <Table
        caption={t('bookingSystems.accounts.caption', named)}
        list={{ items: accounts }}
        rowKey={(a) => a.id}
        rowData={(a) => ({ 'data-booking-account': a.id })}
        columns={[
          { header: t('bookingSystems.accounts.name'), cell: (a) => <span title={formatDateTime(locale, a.createdUnixTime)}>{a.name}</span>, className: 'min-w-32 break-all' },
          { header: t('bookingSystems.accounts.via'), cell: (a) => t(`bookingSystems.accounts.${a.via}`) },
          {
            header: t('bookingSystems.accounts.state'),
            cell: (a) => <span className={`inline-block px-2 py-0.5 rounded border text-xs font-medium ${BADGE[a.state]}`} data-state={a.state}>{t(`bookingSystems.accounts.${a.state}`)}</span>,
          },
          {
            header: t('col.actions'),
            hideHeader: true,
            cell: (a) => (
              <div className="flex flex-wrap gap-2 whitespace-nowrap">
                <button type="button" className={secondaryButtonClass} aria-expanded={linking === a.id} aria-label={t('bookingSystems.accounts.linkLabel', { name: a.name })} onClick={() => onLink(linking === a.id ? undefined : a.id)}>
                  {t('bookingSystems.accounts.link')}
                </button>
                <button type="button" className={dangerButtonClass} aria-label={t('bookingSystems.accounts.removeLabel', { name: a.name })} onClick={() => setConfirming(a)}>{t('actions.delete')}</button>
              </div>
            ),
          },
        ]}
      />
    </section>
  );
}
