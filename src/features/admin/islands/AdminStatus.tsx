import { useEffect, useState } from 'react';
import type { AdminSchemas } from '../api.ts';
import { loadCompanyStatus } from '../store-reports.ts';
import type { AdminProps } from './props.ts';
import { useT } from './useT.ts';
import { DetailState } from './DetailState.tsx';
import type { ProblemLike } from '../../../api/explain-problem.ts';
import { Section } from '../../../ui/section.tsx';
import { formatDateTime } from '../../../ui/format.ts';
import { textLinkClass } from '../../../ui/classes.ts';
import { companyStateText, instanceStateText, pathInt } from './helpers.ts';

/** /admin/status/{companyId}: the booking company's connection and its owner's WhatsApp instances. */
export default function AdminStatus(props: AdminProps) {
  const t = useT(props);
  const [data, setData] = useState<AdminSchemas['CompanyStatus'] | null>(null);
  // undefined while loading; a 404 (or an id that cannot exist) says "company not found", anything else "could not load".
  const [problem, setProblem] = useState<ProblemLike | null | undefined>(undefined);
  const load = () => {
    const id = pathInt('status');
    if (!id) return setProblem({ status: 404, code: 'companyNotFound' });
    setProblem(undefined);
    void loadCompanyStatus(id).then((r) => ('data' in r ? (setData(r.data), setProblem(null)) : setProblem(r.problem)));
  };
  useEffect(load, []);
  if (!data || problem) return <DetailState t={t} problem={problem} onRetry={load} />;
  const c = data.company;
  return (
    <div>
      <Section title={c.name} actions={<button type="button" className="text-sm underline bg-transparent border-0 text-brand-dark cursor-pointer" onClick={load}>{t('common.refresh')}</button>}>
        <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[14rem_1fr] m-0 text-sm">
          <dt className="font-medium">{t('status.connection')}</dt>
          <dd className="m-0 font-semibold" data-company-state>{companyStateText(t, c.status)}</dd>
          <dt className="font-medium">{t('status.owner')}</dt>
          <dd className="m-0"><a className={textLinkClass} href={`${props.links.users}?id=${data.userId}`}>{data.userEmail}</a></dd>
          <dt className="font-medium">{t('status.internalId')}</dt>
          <dd className="m-0">{c.internalCompanyId}</dd>
          <dt className="font-medium">{t('status.webhooks')}</dt>
          <dd className="m-0">{c.webhooksCount}</dd>
          <dt className="font-medium">{t('status.masters')}</dt>
          <dd className="m-0">{c.activeMastersCount}</dd>
          <dt className="font-medium">{t('status.timezone')}</dt>
          <dd className="m-0">GMT{c.timezone >= 0 ? '+' : ''}{c.timezone}</dd>
          <dt className="font-medium">{t('status.city')}</dt>
          <dd className="m-0">{c.city ?? '—'}</dd>
          <dt className="font-medium">{t('status.checked')}</dt>
          <dd className="m-0">{formatDateTime(props.locale, data.checkedDateUnixTime)}</dd>
        </dl>
      </Section>
      <Section title={t('status.instances')}>
        {data.instances.length === 0 ? (
          <p className="text-sm m-0">{t('accounts.none')}</p>
        ) : (
          <ul className="list-none m-0 p-0 text-sm flex flex-col gap-1">
            {data.instances.map((i) => <li key={i.id}>{i.phone} — {instanceStateText(t, i.state)}</li>)}
          </ul>
        )}
      </Section>
    </div>
  );
}
