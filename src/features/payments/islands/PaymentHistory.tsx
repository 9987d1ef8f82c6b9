import type { T } from '../../../i18n/translate.ts';
import { listTexts } from '../../../ui/list-states.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { Table } from '../../../ui/table.tsx';
import { formatDate } from '../../../ui/format.ts';
import { usePagedList } from '../../../stores/use-paged-list.ts';
import { formatMinor } from '../cart.ts';
import { historyPage, type OwnPayment } from '../store.ts';
import { tariffName } from './names.ts';

/** The owner's payments (GET /Payments), newest first, paged. */
export function PaymentHistory({ t, locale }: { t: T; locale: string }) {
  const { state, load } = usePagedList<OwnPayment, object>({ name: 'payments history', loadingAtStart: true }, {}, (page) => historyPage(page));
  const status = (p: OwnPayment) => (p.isFree ? t('history.free') : p.success ? t('history.paid') : t('history.unpaid'));
  return (
    <div data-payment-history>
      <Table
        caption={t('history.title')}
        list={state}
        rowKey={(p) => p.id}
        rowData={(p) => ({ 'data-payment-id': p.id })}
        notices={{ texts: listTexts(t, { empty: t('history.empty') }), retry: { label: t('ui.retry'), run: () => void load() } }}
        columns={[
          { header: t('history.col.date'), cell: (p) => formatDate(locale, p.createdDateUnixTime), sorted: 'descending' },
          {
            header: t('history.col.tariff'),
            cell: (p) => (
              <>
                {tariffName(t, p.tariff)}
                {p.isAutoPay && <span className="text-ink-muted">, {t('history.autoPay')}</span>}
                {p.promocode && <span className="text-ink-muted">, {t('history.promo', { code: p.promocode })}</span>}
              </>
            ),
          },
          { header: t('history.col.period'), cell: (p) => `${formatDate(locale, p.dateBeginUnixTime)} – ${formatDate(locale, p.dateEndUnixTime)}` },
          { header: t('history.col.amount'), className: 'whitespace-nowrap', cell: (p) => formatMinor(p.amount, p.currency, locale) },
          { header: t('history.col.status'), cell: status },
        ]}
      />
      <Pager t={t} page={state.page} pages={state.pages} onPage={(page) => void load(page)} busy={state.loading} label={t('history.pages')} />
    </div>
  );
}
