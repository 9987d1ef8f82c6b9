import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { churnList, newClientList } from '../store-reports.ts';
import type { AdminProps } from './props.ts';
import { useT } from './useT.ts';
import { Field } from '../../../ui/field.tsx';
import { Table } from '../../../ui/table.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { Section } from '../../../ui/section.tsx';
import { formatDate } from '../../../ui/format.ts';
import { inputClass, textLinkClass } from '../../../ui/classes.ts';
import { formatDays } from '../../../shared/duration.ts';
import { listTexts } from './helpers.ts';

const WINDOWS = [7, 14, 30, 90];

/** /admin/newClients: who registered lately and whether they paid; and paying customers at risk of leaving. */
export default function AdminNewClients(props: AdminProps) {
  const t = useT(props);
  const fresh = useStore(newClientList.$state);
  const churn = useStore(churnList.$state);
  // The churn panel shows once the list above it is in: it appears below instead of being pushed down (layout shift).
  const [aboveIn, setAboveIn] = useState(false);
  useEffect(() => {
    void newClientList.load(1).finally(() => setAboveIn(true));
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
                {WINDOWS.map((d) => <option key={d} value={d}>{formatDays(props.locale, d)}</option>)}
              </select>
            )}
          </Field>
        </div>
        <p className="text-sm m-0 mb-2">{t('newClients.summary', { total: fresh.total, paid: Number(fresh.extra.paidTotal ?? 0) })}</p>
        <Table
          caption={t('newClients.title')}
          list={fresh}
          rowKey={(c) => c.id}
          notices={{ texts: listTexts(t) }}
          columns={[
            { header: t('newClients.col.user'), cell: (c) => <>{user(c.id, c.email)}{c.fullName ? ` · ${c.fullName}` : ''}</> },
            { header: t('newClients.col.registered'), cell: (c) => formatDate(props.locale, c.createdDateUnixTime) },
            { header: t('newClients.col.confirmed'), cell: (c) => (c.emailConfirmed ? t('common.yes') : t('common.no')) },
            { header: t('newClients.col.accounts'), cell: (c) => c.accountsCount },
            { header: t('newClients.col.payments'), cell: (c) => c.successfulPayments },
            { header: t('newClients.col.firstPayment'), cell: (c) => formatDate(props.locale, c.firstPaymentUnixTime) },
          ]}
        />
        <Pager t={t} page={fresh.page} pages={fresh.pages} label={t('newClients.pages')} onPage={(p) => void newClientList.load(p)} />
      </Section>

      {aboveIn && <Section title={t('churn.title')}>
        <p className="text-sm text-ink-muted m-0 mb-2">{t('churn.about')}</p>
        <Table
          caption={t('churn.title')}
          list={churn}
          rowKey={(c) => c.userId}
          notices={{ texts: listTexts(t) }}
          columns={[
            { header: t('churn.col.user'), cell: (c) => user(c.userId, c.email) },
            { header: t('churn.col.score'), cell: (c) => c.score, className: 'font-semibold' },
            { header: t('churn.col.why'), cell: (c) => c.factors.map((f) => t('churn.factor', { name: t(`churn.factors.${f.code}`), points: f.points })).join(', ') },
            { header: t('churn.col.paidUntil'), cell: (c) => formatDate(props.locale, c.lastSuccessfulEndUnixTime) },
            { header: t('churn.col.lastSignIn'), cell: (c) => formatDate(props.locale, c.lastSignInUnixTime) },
          ]}
        />
        <Pager t={t} page={churn.page} pages={churn.pages} label={t('churn.pages')} onPage={(p) => void churnList.load(p)} />
      </Section>}
    </div>
  );
}
