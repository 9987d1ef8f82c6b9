import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { startSession } from '../../../scripts/shell-session.ts';
import { promocodeList } from '../store-reports.ts';
import { $session } from '../../../stores/session.ts';
import type { AdminProps } from './props.ts';
import { useT } from './useT.ts';
import { Table } from '../../../ui/table.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { buttonClass } from '../../../ui/classes.ts';
import { useHydrated } from '../../../ui/use-hydrated.ts';
import { formatAmount, formatDate } from '../../../ui/format.ts';
import { listTexts, tariffLabel } from './helpers.ts';

/** /admin/promocodes: every code with its §3 fields and uses; creation is offered to super-admins only. */
export default function AdminPromocodes(props: AdminProps) {
  const t = useT(props);
  const state = useStore(promocodeList.$state);
  const session = useStore($session);
  const hydrated = useHydrated();
  useEffect(() => {
    startSession();
    void promocodeList.load(1);
  }, []);
  const create = hydrated && session.isSuperAdmin && <a className={`${buttonClass} inline-block no-underline`} href={props.links.promocodeCreate}>{t('promo.create')}</a>;
  return (
    <div>
      {/* One create action: above the list, or inside the empty state while there are no codes. */}
      {create && state.items.length > 0 && <p className="m-0 mb-3">{create}</p>}
      <Table
        caption={t('promo.caption')}
        list={state}
        rowKey={(p) => p.id}
        notices={{ texts: { ...listTexts(t), empty: t('promo.empty') }, emptyAction: create || undefined, emptyIcon: 'i-lucide-ticket-percent' }}
        columns={[
          { header: t('promo.col.code'), cell: (p) => p.code, className: 'font-mono' },
          { header: t('promo.col.discountPercent'), cell: (p) => `${p.discountPercent}%` },
          { header: t('promo.col.uses'), cell: (p) => `${p.usedCount} / ${p.paymentCount}` },
          { header: t('promo.col.paymentsCountByUser'), cell: (p) => p.paymentsCountByUser },
          { header: t('promo.col.expireDate'), cell: (p) => (p.expireDate ? formatDate(props.locale, Date.parse(p.expireDate) / 1000) : t('promo.noExpiry')) },
          { header: t('promo.col.availableTariffTypes'), cell: (p) => (p.availableTariffTypes.length ? p.availableTariffTypes.map((n) => tariffLabel(t, n)).join(', ') : t('promo.allTariffs')) },
          { header: t('promo.col.userPayments'), cell: (p) => `${p.minimalUserPayments} – ${p.maxUserPayments ?? '∞'}` },
          { header: t('promo.col.forNetworkCompanies'), cell: (p) => (p.forNetworkCompanies ? t('common.yes') : t('common.no')) },
          { header: t('promo.col.reward'), cell: (p) => `${formatAmount(p.rewardSumOwner)} · ${p.rewardPercentOwner}%` },
        ]}
      />
      <Pager t={t} page={state.page} pages={state.pages} label={t('promo.pages')} onPage={(p) => void promocodeList.load(p)} />
    </div>
  );
}
