import { useCallback, useEffect, useId, useState } from 'react';
import { notify } from '../../../../scripts/notify.ts';
import { buttonClass, secondaryButtonClass } from '../../../../ui/classes.ts';
import { Table } from '../../../../ui/table.tsx';
import { listTexts } from '../../../../ui/list-states.tsx';
import { linkCompany, loadOverview, reachableCompanies, type BookingAccount, type ReachableCompany } from '../../store-booking-systems.ts';
import { bookingProblem } from './problems.ts';
import type { BookingContext } from './texts.ts';

interface State {
  items: ReachableCompany[];
  loading: boolean;
  failed: boolean;
  problem?: string;
}

/**
 * The companies (branches of a network) one connection reaches, asked of the system when the panel opens: each
 * linked one marked, the others with "Link". It stays open after a link so the next branch is one click away.
 */
export function LinkCompany({ ctx, account, onClose }: { ctx: BookingContext; account: BookingAccount; onClose: () => void }) {
  const { t, named } = ctx;
  const titleId = useId();
  const [list, setList] = useState<State>({ items: [], loading: true, failed: false });
  const [linking, setLinking] = useState<number>();

  const load = useCallback(async () => {
    setList((s) => ({ ...s, loading: true, failed: false, problem: undefined }));
    const { data, problem } = await reachableCompanies(account.id);
    if (problem?.code === 'bookingTokenRejected') void loadOverview(ctx.system, true); // the connection's badge says so too
    setList(data ? { items: data.companies, loading: false, failed: false } : { items: [], loading: false, failed: true, problem: bookingProblem(ctx, problem) });
  }, [account.id, ctx]);
  useEffect(() => void load(), [load]);

  async function link(row: ReachableCompany) {
    setLinking(row.companyId);
    const { data, problem } = await linkCompany(account.id, row.companyId);
    setLinking(undefined);
    if (!data) return notify('error', bookingProblem(ctx, problem));
    notify('success', t('bookingSystems.reach.done', { name: data.name }));
    setList((s) => ({ ...s, items: s.items.map((c) => (c.companyId === row.companyId ? { ...c, linked: true } : c)) }));
  }

  return (
    <section aria-labelledby={titleId} className="border border-gray-200 rounded p-3 mb-4 bg-white flex flex-col gap-2" data-booking-reach={account.id}>
      <div className="flex items-start justify-between gap-2">
        <h2 id={titleId} className="text-base font-semibold m-0">{t('bookingSystems.reach.title', { name: account.name })}</h2>
        <button type="button" className={secondaryButtonClass} onClick={onClose}>{t('bookingSystems.reach.close')}</button>
      </div>
      <p className="m-0 text-sm text-ink-muted">{t('bookingSystems.reach.hint')}</p>
      <Table
        caption={t('bookingSystems.reach.caption', { name: account.name })}
        list={list}
        busy={list.loading || linking !== undefined}
        rowKey={(c) => c.companyId}
        rowData={(c) => ({ 'data-reachable-id': c.companyId })}
        notices={{
          texts: listTexts(t, { loading: t('bookingSystems.reach.loading', named), empty: t('bookingSystems.reach.empty', named), ...(list.problem ? { failed: list.problem } : {}) }),
          retry: { label: t('bookingSystems.reach.again'), run: () => void load() },
          emptyAction: <button type="button" className={secondaryButtonClass} onClick={() => void load()}>{t('bookingSystems.reach.again')}</button>,
          emptyIcon: 'i-lucide-building-2',
        }}
        columns={[
          { header: t('bookingSystems.companies.name'), cell: (c) => c.name, className: 'min-w-32' },
          { header: t('bookingSystems.companies.city'), cell: (c) => c.city ?? '—' },
          { header: t('bookingSystems.companies.internalId', named), cell: (c) => c.companyId, className: 'whitespace-nowrap' },
          {
            header: t('col.actions'),
            hideHeader: true,
            cell: (c) =>
              c.linked ? (
                <span className="inline-flex items-center gap-1 text-sm text-green-800" data-linked><span aria-hidden="true" className="i-lucide-check" />{t('bookingSystems.reach.linked')}</span>
              ) : (
                <button type="button" className={buttonClass} disabled={linking !== undefined} aria-busy={linking === c.companyId} aria-label={t('bookingSystems.reach.linkLabel', { name: c.name })} onClick={() => void link(c)}>
                  {t('bookingSystems.reach.link')}
                </button>
              ),
          },
        ]}
      />
    </section>
  );
}
