import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { churnList, newClientList } from '../store-reports.ts';
import type { AdminProps } from './props.ts';
import { useT } from './useT.ts';
import { Field } from '../../../ui/field.tsx';
import { ListState } from '../../../ui/list-states.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { Section } from '../../../ui/section.tsx';
import { formatDate } from '../../../ui/format.ts';
import { inputClass, tableClass, tdClass, textLinkClass, thClass } from '../../../ui/classes.ts';
import { listTexts } from './helpers.ts';

const WINDOWS = [7, 14, 30, 90];

/** /admin/newClients: who registered lately and whether they paid; and paying customers at risk of leaving. */
export default function AdminNewClients(props: AdminProps) {
  const t = useT(props);
  const fresh = useStore(newClientList.$state);
  const churn = useStore(churnList.$state);
  useEffect(() => {
    void newClientList.load(1);
    void churnList.load(1);
  }, []);
  const user = (id: number, email: string) => <a className={textLinkClass} href={`${props.links.users}?id=${id}`}>{email}</a>;

  return (
    <div>
      <Section title={t('newClients.title')}>
        <div className="max-w-xs mb-2">
          <Field label={t('newClients.window')}>
            {(id) => (
              <select id={id} className={inputClass} value={fresh.query.days} onChange={(e) => void newClientList.load(1, { days: Number(e.target.value) })}>
                {WINDOWS.map((d) => <option key={d} value={d}>{t('newClients.days', { count: d })}</option>)}
              </select>
            )}
          </Field>
        </div>
        <p className="text-sm m-0 mb-2">{t('newClients.summary', { total: fresh.total, paid: Number(fresh.extra.paidTotal ?? 0) })}</p>
        <ListState texts={listTexts(t)} loading={fresh.loading && !fresh.items.length} failed={fresh.failed} empty={!fresh.loading && !fresh.failed && !fresh.items.length} />
        {fresh.items.length > 0 && (
          <table className={tableClass}>
            <caption className="sr-only">{t('newClients.title')}</caption>
            <thead>
              <tr>
                {['user', 'registered', 'confirmed', 'accounts', 'payments', 'firstPayment'].map((k) => <th key={k} scope="col" className={thClass}>{t.dynamic(`newClients.col.${k}`)}</th>)}
              </tr>
            </thead>
            <tbody>
              {fresh.items.map((c) => (
                <tr key={c.id}>
                  <td className={tdClass}>{user(c.id, c.email)}{c.fullName ? ` · ${c.fullName}` : ''}</td>
                  <td className={tdClass}>{formatDate(props.locale, c.createdDateUnixTime)}</td>
                  <td className={tdClass}>{c.emailConfirmed ? t('common.yes') : t('common.no')}</td>
                  <td className={tdClass}>{c.accountsCount}</td>
                  <td className={tdClass}>{c.successfulPayments}</td>
                  <td className={tdClass}>{formatDate(props.locale, c.firstPaymentUnixTime)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <Pager t={t} prefix="common." page={fresh.page} pages={fresh.pages} label={t('newClients.pages')} onPage={(p) => void newClientList.load(p)} />
      </Section>

      <Section title={t('churn.title')}>
        <p className="text-sm text-ink-muted m-0 mb-2">{t('churn.about')}</p>
        <ListState texts={listTexts(t)} loading={churn.loading && !churn.items.length} failed={churn.failed} empty={!churn.loading && !churn.failed && !churn.items.length} />
        {churn.items.length > 0 && (
          <table className={tableClass}>
            <caption className="sr-only">{t('churn.title')}</caption>
            <thead>
              <tr>
                {['user', 'score', 'why', 'paidUntil', 'lastSignIn'].map((k) => <th key={k} scope="col" className={thClass}>{t.dynamic(`churn.col.${k}`)}</th>)}
              </tr>
            </thead>
            <tbody>
              {churn.items.map((c) => (
                <tr key={c.userId}>
                  <td className={tdClass}>{user(c.userId, c.email)}</td>
                  <td className={`${tdClass} font-semibold`}>{c.score}</td>
                  <td className={tdClass}>{c.factors.map((f) => t('churn.factor', { name: t(`churn.factors.${f.code}`), points: f.points })).join(', ')}</td>
                  <td className={tdClass}>{formatDate(props.locale, c.lastSuccessfulEndUnixTime)}</td>
                  <td className={tdClass}>{formatDate(props.locale, c.lastSignInUnixTime)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <Pager t={t} prefix="common." page={churn.page} pages={churn.pages} label={t('churn.pages')} onPage={(p) => void churnList.load(p)} />
      </Section>
    </div>
  );
}
