import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { createT } from '../../../../i18n/translate.ts';
import { buttonClass } from '../../../../ui/classes.ts';
import { FormMessage } from '../../../../ui/field.tsx';
import { $booking, anyPullRunning, loadOverview, SYNC_POLL_MS, type BookingSystem } from '../../store-booking-systems.ts';
import type { ConnectionsProps } from '../props.ts';
import { AccountsTable } from './AccountsTable.tsx';
import { CompaniesTable } from './CompaniesTable.tsx';
import { ConnectForm } from './ConnectForm.tsx';
import { DeniedRights } from './DeniedRights.tsx';
import { LinkCompany } from './LinkCompany.tsx';
import { Marketplace } from './Marketplace.tsx';
import { SYSTEM_NAME, type BookingContext } from './texts.ts';
import { WebhookAddress } from './WebhookAddress.tsx';

const FORM_TITLE = 'booking-connect-title';
/** The empty state's next step: the connect form's first text field (past the way-to-connect radios). */
const focusForm = () => document.querySelector<HTMLElement>(`form[aria-labelledby="${FORM_TITLE}"] input:not([type="radio"])`)?.focus();

/**
 * §2 /accounts/yclients and /accounts/altegio: connect the system (login and password or a user token), the
 * connections with "Link a company", the linked companies (§3 Company) with their pulls and missing rights, and the
 * webhook address. While any pull runs the overview is read again every few seconds (docs/booking-systems.md "Screens").
 */
export default function BookingSystemAccounts(props: ConnectionsProps & { system: BookingSystem }) {
  const { system, locale } = props;
  const t = useMemo(() => createT(locale, props.messages), [locale, props.messages]);
  const ctx = useMemo<BookingContext>(() => ({ t, locale, system, named: { system: SYSTEM_NAME[system] } }), [t, locale, system]);
  const state = useStore($booking);
  const overview = state.system === system ? state.overview : undefined;
  const [linking, setLinking] = useState<number>();
  const running = anyPullRunning(overview);

  useEffect(() => void loadOverview(system), [system]);

  // A pull runs in the background: read the overview again until none runs; not while the tab is hidden.
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (!document.hidden) void loadOverview(system, true);
    }, SYNC_POLL_MS);
    return () => clearInterval(timer);
  }, [running, system]);

  const atLimit = !!overview && overview.accounts.length >= overview.limit;
  const showForm = !overview || (overview.partnerConfigured && !atLimit);
  const formBox = useRef<HTMLDivElement>(null);
  const formHeight = useRef<number>(undefined);
  useLayoutEffect(() => {
    if (showForm && formBox.current) formHeight.current = formBox.current.offsetHeight;
  });
  const linkingAccount = overview?.accounts.find((a) => a.id === linking);

  return (
    <div data-booking-system={system}>
      <p className="m-0 mb-4 text-ink-muted">{t('bookingSystems.intro', ctx.named)}</p>
      <Marketplace ctx={ctx} />
      {/*
        The form shows while the overview loads (the usual case); when a notice takes its place, the box keeps the
        form's height, so nothing below it moves (tests/e2e/layout-shift.spec.ts).
      */}
      <div ref={formBox} style={showForm ? undefined : { minHeight: formHeight.current }}>
        {overview && !overview.partnerConfigured && <div className="mb-4" data-booking-notice="partner"><FormMessage kind="error">{t('bookingSystems.partnerMissing', ctx.named)}</FormMessage></div>}
        {atLimit && overview.partnerConfigured && <div className="mb-4" data-booking-notice="limit"><FormMessage kind="error">{t('bookingSystems.limitReached', { limit: overview.limit })}</FormMessage></div>}
        {showForm && <ConnectForm ctx={ctx} titleId={FORM_TITLE} onConnected={(row) => setLinking(row.id)} />}
      </div>
      <p className="m-0 mb-2 text-sm text-ink-muted min-h-5" data-booking-used>
        {overview && overview.limit > 0 ? t('bookingSystems.used', { count: overview.accounts.length, limit: overview.limit }) : '\u00a0'}
      </p>
      <AccountsTable ctx={ctx} accounts={overview?.accounts ?? []} linking={linking} onLink={setLinking} />
      {linkingAccount && <LinkCompany key={linkingAccount.id} ctx={ctx} account={linkingAccount} onClose={() => setLinking(undefined)} />}
      {overview && <DeniedRights ctx={ctx} companies={overview.companies} />}
      <CompaniesTable
        ctx={ctx}
        companies={overview?.companies ?? []}
        loading={state.loading}
        failed={state.failed}
        retry={() => void loadOverview(system)}
        emptyAction={
          showForm ? (
            <button type="button" className={buttonClass} onClick={focusForm}>{t('bookingSystems.companies.emptyAction', ctx.named)}</button>
          ) : undefined
        }
      />
      <WebhookAddress ctx={ctx} url={overview?.webhookUrl} />
    </div>
  );
}
