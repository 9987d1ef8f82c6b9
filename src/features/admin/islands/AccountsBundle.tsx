import type { AdminSchemas } from '../api.ts';
import { linkTo, type AdminProps } from './props.ts';
import { useT } from './useT.ts';
import { companyStateText } from './helpers.ts';
import { Section } from '../../../ui/section.tsx';
import { textLinkClass } from '../../../ui/classes.ts';

type S = AdminSchemas;

/** §3 User accounts bundle, every group shown (an empty group says so); companies carry their status. */
export function AccountsBundle(props: AdminProps & { accounts: S['UserAccounts'] | null; companies: S['Company'][] }) {
  const t = useT(props);
  const a = props.accounts;
  if (!a) return <Section title={t('accounts.title')}><p className="text-sm m-0">{t('common.loadFailed')}</p></Section>;
  const statusOf = new Map(props.companies.map((c) => [c.id, c.status]));
  const groups: [string, { key: string | number; text: string; href?: string; status?: string | null }[]][] = [
    ['whatsApp', a.chatApiAccounts.map((x) => ({ key: x.id, text: x.phone }))],
    ['companies', a.yclientsCompanies.map((x) => ({ key: x.id, text: x.companyName, href: linkTo(props.links.status, x.id), status: statusOf.get(x.id) ?? null }))],
    ['telegram', a.telegramAccounts.map((x) => ({ key: x.id, text: x.name }))],
    ['iiko', a.iikoAccounts.map((x) => ({ key: x.id, text: x.name }))],
    ['sigma', a.sigmaAccounts.map((x) => ({ key: x.id, text: x.name }))],
    ['chatwoot', a.chatwootAccounts.map((x) => ({ key: x.id, text: x.name }))],
    ['amo', a.amoAccounts.map((x) => ({ key: x.id, text: x.name }))],
    ['iikoOrganizations', a.iikoOrganizations.map((x) => ({ key: x.id, text: x.title }))],
    ['clinicBranches', a.medFlexLpus.map((x) => ({ key: x.id, text: x.name }))],
  ];
  return (
    <Section title={t('accounts.title')}>
      <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[12rem_1fr] m-0 text-sm">
        {groups.map(([group, items]) => (
          <div key={group} className="contents">
            <dt className="font-medium">{t.dynamic(`accounts.${group}`)}</dt>
            <dd className="m-0">
              {items.length === 0 ? (
                <span className="text-ink-muted">{t('accounts.none')}</span>
              ) : (
                <ul className="list-none m-0 p-0 flex flex-col gap-1">
                  {items.map((item) => (
                    <li key={item.key}>
                      {item.href ? <a className={textLinkClass} href={item.href}>{item.text}</a> : item.text}
                      {item.status !== undefined && (
                        <span className="ml-2 text-xs px-1.5 py-0.5 rounded bg-gray-100">{item.status ? t('accounts.status', { status: companyStateText(t, item.status) }) : t('accounts.statusUnknown')}</span>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}
