import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { startSession } from '../../../scripts/shell-session.ts';
import { promocodeList } from '../store-reports.ts';
import { $session } from '../../../stores/session.ts';
import type { AdminProps } from './props.ts';
import { useT } from './useT.ts';
import { ListState } from '../../../ui/list-states.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { buttonClass, tableClass, tdClass, thClass } from '../../../ui/classes.ts';
import { formatAmount, formatDate } from '../../../ui/format.ts';
import { tariffLabel , listTexts } from './helpers.ts';

/** /admin/promocodes: every code with its §3 fields and uses; creation is offered to super-admins only. */
export default function AdminPromocodes(props: AdminProps) {
  const t = useT(props);
  const state = useStore(promocodeList.$state);
  const session = useStore($session);
  useEffect(() => {
    startSession();
    void promocodeList.load(1);
  }, []);
  return (
    <div>
      {session.isSuperAdmin && (
        <p className="m-0 mb-3">
          <a className={`${buttonClass} inline-block no-underline`} href={props.links.promocodeCreate}>{t('promo.create')}</a>
        </p>
      )}
      <ListState texts={listTexts(t)} loading={state.loading && !state.items.length} failed={state.failed} empty={!state.loading && !state.failed && !state.items.length} />
      {state.items.length > 0 && (
        <div className="overflow-x-auto">
          <table className={tableClass}>
            <caption className="sr-only">{t('promo.caption')}</caption>
            <thead>
              <tr>
                {['code', 'discountPercent', 'uses', 'paymentsCountByUser', 'expireDate', 'availableTariffTypes', 'userPayments', 'forNetworkCompanies', 'reward'].map((k) => (
                  <th key={k} scope="col" className={thClass}>{t.dynamic(`promo.col.${k}`)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {state.items.map((p) => (
                <tr key={p.id}>
                  <td className={`${tdClass} font-mono`}>{p.code}</td>
                  <td className={tdClass}>{p.discountPercent}%</td>
                  <td className={tdClass}>{p.usedCount} / {p.paymentCount}</td>
                  <td className={tdClass}>{p.paymentsCountByUser}</td>
                  <td className={tdClass}>{p.expireDate ? formatDate(props.locale, Date.parse(p.expireDate) / 1000) : t('promo.noExpiry')}</td>
                  <td className={tdClass}>{p.availableTariffTypes.length ? p.availableTariffTypes.map((n) => tariffLabel(t, n)).join(', ') : t('promo.allTariffs')}</td>
                  <td className={tdClass}>{p.minimalUserPayments} – {p.maxUserPayments ?? '∞'}</td>
                  <td className={tdClass}>{p.forNetworkCompanies ? t('common.yes') : t('common.no')}</td>
                  <td className={tdClass}>{formatAmount(p.rewardSumOwner)} · {p.rewardPercentOwner}%</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager t={t} prefix="common." page={state.page} pages={state.pages} label={t('promo.pages')} onPage={(p) => void promocodeList.load(p)} />
    </div>
  );
}
