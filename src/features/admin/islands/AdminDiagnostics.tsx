import { useEffect, useState } from 'react';
import type { AdminSchemas } from '../api.ts';
import { loadDiagnostics } from '../store-reports.ts';
import type { AdminProps } from './props.ts';
import { useT } from './useT.ts';
import { DetailState } from './DetailState.tsx';
import type { ProblemLike } from '../../../api/explain-problem.ts';
import { Section } from '../../../ui/section.tsx';
import { formatDate, formatDateTime } from '../../../ui/format.ts';
import { textLinkClass } from '../../../ui/classes.ts';
import { companyStateText, instanceStateText, pathInt } from './helpers.ts';

/** /admin/users/{userId}/diagnostics: each check with the facts behind it (docs/admin.md). */
export default function AdminDiagnostics(props: AdminProps) {
  const t = useT(props);
  const [data, setData] = useState<AdminSchemas['UserDiagnostics'] | null>(null);
  // undefined while loading; a 404 (or an id that cannot exist) says "user not found", anything else "could not load".
  const [problem, setProblem] = useState<ProblemLike | null | undefined>(undefined);
  const [userId, setUserId] = useState<number | null>(null);
  useEffect(() => {
    const id = pathInt('users');
    setUserId(id);
    if (!id) return setProblem({ status: 404, code: 'userNotFound' });
    void loadDiagnostics(id).then((r) => ('data' in r ? (setData(r.data), setProblem(null)) : setProblem(r.problem)));
  }, []);
  if (!data || problem) return <DetailState t={t} problem={problem} />;
  const p = data.payments;
  const date = (at: number | null | undefined) => formatDate(props.locale, at ?? null);
  /** The facts behind a verdict, in the page's words. */
  const fact = (c: AdminSchemas['DiagnosticCheck']): string | null => {
    switch (c.code) {
      case 'phoneSet':
        return c.value ?? t('diag.fact.phoneMissing');
      case 'whatsAppConnected':
      case 'bookingConnected':
        return t(`diag.fact.${c.code}`, { count: c.count ?? 0, total: c.total ?? 0 });
      case 'subscriptionActive':
        return c.dateUnixTime ? t('diag.fact.subscriptionActive', { date: date(c.dateUnixTime) }) : t('diag.fact.neverPaid');
      case 'recentSignIn':
        return c.dateUnixTime ? t('diag.fact.recentSignIn', { date: date(c.dateUnixTime) }) : t('diag.fact.neverSignedIn');
      case 'mailDelivered':
        return t('diag.fact.mailDelivered', { count: c.count ?? 0 });
      default:
        return null; // the verdict says it all
    }
  };
  return (
    <div>
      <p className="text-sm m-0 mb-3">
        <a className={textLinkClass} href={`${props.links.users}?id=${userId}`}>{t('diag.user', { email: data.user.email })}</a>
      </p>
      <Section title={t('diag.checks')}>
        <ul className="list-none m-0 p-0 flex flex-col gap-2 text-sm">
          {data.checks.map((c) => (
            <li key={c.code} className="flex gap-2 items-baseline">
              <span className={c.ok ? 'text-green-700 font-semibold' : 'text-red-700 font-semibold'}>{c.ok ? t('diag.ok') : t('diag.problem')}</span>
              <span>{t(`diag.check.${c.code}`)}</span>
              {fact(c) && <span className="text-ink-muted">({fact(c)})</span>}
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t('diag.facts')}>
        <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[16rem_1fr] m-0 text-sm">
          <dt className="font-medium">{t('diag.lastSignIn')}</dt>
          <dd className="m-0">{formatDateTime(props.locale, data.lastSignInUnixTime)}</dd>
          <dt className="font-medium">{t('diag.activeSessions')}</dt>
          <dd className="m-0">{data.activeSessions}</dd>
          <dt className="font-medium">{t('diag.payments')}</dt>
          <dd className="m-0">{t('diag.paymentsValue', { ok: p.successful, failed: p.failed })}</dd>
          <dt className="font-medium">{t('diag.paidUntil')}</dt>
          <dd className="m-0">{formatDate(props.locale, p.lastSuccessfulEndUnixTime)} {p.subscription ? `· ${t(`diag.subscription.${p.subscription}`)}` : ''}</dd>
          <dt className="font-medium">{t('diag.pendingMail')}</dt>
          <dd className="m-0">{data.pendingMail}</dd>
          <dt className="font-medium">{t('diag.dialogues')}</dt>
          <dd className="m-0">{data.dialoguesGranted}</dd>
          <dt className="font-medium">{t('diag.flows')}</dt>
          <dd className="m-0">{data.flows}</dd>
          <dt className="font-medium">{t('diag.ignoredPhones')}</dt>
          <dd className="m-0">{data.ignoredPhones}</dd>
          <dt className="font-medium">{t('diag.accounts')}</dt>
          <dd className="m-0">{Object.entries(data.accounts).map(([k, n]) => `${t.dynamic(`diag.kind.${k}`)}: ${n}`).join(', ') || t('accounts.none')}</dd>
          <dt className="font-medium">{t('diag.instances')}</dt>
          <dd className="m-0">{data.instances.map((i) => `${i.phone} (${instanceStateText(t, i.state)})`).join(', ') || t('accounts.none')}</dd>
          <dt className="font-medium">{t('diag.companies')}</dt>
          <dd className="m-0">{data.companies.map((c) => `${c.name} (${companyStateText(t, c.status)})`).join(', ') || t('accounts.none')}</dd>
        </dl>
      </Section>
    </div>
  );
}
