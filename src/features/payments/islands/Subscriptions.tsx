import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { createT, type T } from '../../../i18n/translate.ts';
import { explainProblem } from '../../../api/explain-problem.ts';
import { notify } from '../../../scripts/notify.ts';
import { ListState, listTexts } from '../../../ui/list-states.tsx';
import { Switch } from '../../../ui/switch.tsx';
import { formatDate } from '../../../ui/format.ts';
import { primaryLinkClass, secondaryButtonClass, textLinkClass } from '../../../ui/classes.ts';
import { formatMinor } from '../cart.ts';
import { $subscriptions, cancelSubscription, loadSubscriptions, setSubscriptionAutoPay, type Subscription } from '../store-subscriptions.ts';
import type { PaymentsProps } from './props.ts';
import { tariffName } from './names.ts';

// Loaded when the owner first asks to cancel: no dialog code in the page's initial JavaScript.
const ConfirmDialog = lazy(() => import('../../../ui/confirm-dialog-lazy.ts'));

/** §2 /payments/subscriptions: each subscription's state, period, next charge, auto-pay switch and Cancel. */
export default function Subscriptions(props: PaymentsProps) {
  const t = useMemo(() => createT(props.locale, props.messages), [props.locale, props.messages]);
  const list = useStore($subscriptions);
  const [asking, setAsking] = useState<Subscription>();
  useEffect(() => void loadSubscriptions(), []);

  const confirmCancel = async () => {
    const row = asking!;
    setAsking(undefined);
    const result = await cancelSubscription(row.id);
    const name = tariffName(t, row.tariff);
    if (result.data) notify('success', t('subs.cancelDone', { name }));
    else notify('error', explainProblem(result.problem, t, { prefixes: ['server.'] }));
  };

  return (
    // A screen tall: the footer starts out of view, so the list arriving moves nothing painted.
    <div className="min-h-screen" data-subscriptions>
      <p className="m-0 mb-4 text-ink-muted">{t('subs.intro')}</p>
      <ListState
        loading={list.loading && !list.items.length}
        failed={list.failed}
        empty={!list.loading && !list.failed && !list.items.length}
        texts={listTexts(t, { loading: t('subs.loading'), empty: t('subs.empty') })}
        retry={{ label: t('ui.retry'), run: () => void loadSubscriptions() }}
        emptyAction={<a className={primaryLinkClass} href={props.paymentsPath}>{t('subs.choose')}</a>}
      />
      {list.items.length > 0 && (
        <ul className="list-none m-0 p-0 flex flex-col gap-3" aria-label={t('subs.caption')}>
          {list.items.map((s) => <Row key={s.id} t={t} locale={props.locale} sub={s} paymentsPath={props.paymentsPath} onCancel={() => setAsking(s)} />)}
        </ul>
      )}
      {asking && (
        <Suspense>
          <ConfirmDialog open title={t('subs.cancelTitle', { name: tariffName(t, asking.tariff) })} text={t('subs.cancelText', { date: formatDate(props.locale, asking.periodEndUnixTime) })}
            confirm={t('subs.cancelConfirm')} cancel={t('subs.keep')} onConfirm={() => void confirmCancel()} onClose={() => setAsking(undefined)} />
        </Suspense>
      )}
    </div>
  );
}

interface RowProps {
  t: T;
  locale: string;
  sub: Subscription;
  paymentsPath: string;
  onCancel: () => void;
}

function Row({ t, locale, sub, paymentsPath, onCancel }: RowProps) {
  const [busy, setBusy] = useState(false);
  const [needsCheckout, setNeedsCheckout] = useState(false);
  const name = tariffName(t, sub.tariff);
  const money = (minor: number) => formatMinor(minor, sub.currency, locale);
  const active = sub.status === 'Active';

  const toggle = async (on: boolean) => {
    setBusy(true);
    setNeedsCheckout(false);
    const result = await setSubscriptionAutoPay(sub.id, on);
    setBusy(false);
    if (result.data) return notify('success', t(on ? 'subs.autoPayOn' : 'subs.autoPayOff', { name }));
    if (result.problem.code === 'autoPayNeedsCheckout') return setNeedsCheckout(true);
    notify('error', explainProblem(result.problem, t, { prefixes: ['server.'] }));
  };

  return (
    <li data-subscription={sub.id} data-status={sub.status} className="border border-gray-200 rounded-lg p-3 bg-white flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="m-0 text-base font-semibold">{name}</h2>
        <span data-state className={`text-xs font-medium rounded px-1.5 py-0.5 ${active ? 'bg-green-100 text-green-900' : 'bg-gray-200 text-ink'}`}>{t.dynamic(`subs.${sub.status}`)}</span>
        {sub.isTrial && <span data-trial className="text-xs font-medium rounded px-1.5 py-0.5 bg-amber-100 text-ink">{t('subs.trial')}</span>}
        {sub.cancelled && <span className="text-xs text-ink-muted">{t('subs.cancelled')}</span>}
      </div>
      <p className="m-0 text-sm">
        {t('subs.amount', { amount: money(sub.amount), months: sub.intervalMonths })} · {t('subs.paidMonths', { count: sub.paidMonths })} · {t('subs.periodEnd', { date: formatDate(locale, sub.periodEndUnixTime) })}
      </p>
      <p className="m-0 text-sm" data-next-charge>
        {sub.nextChargeUnixTime !== null ? t('subs.nextCharge', { amount: money(sub.amount), date: formatDate(locale, sub.nextChargeUnixTime) }) : t('subs.noNextCharge')}
      </p>
      {sub.lastChargeError && <p className="m-0 text-sm text-red-700" data-charge-error>{t('subs.lastError', { reason: sub.lastChargeError })}</p>}
      {active && !sub.cancelled && (
        <div className="flex flex-wrap items-center gap-3">
          <span className="flex items-center gap-2 text-sm">
            <Switch checked={sub.autoPay} label={t('subs.autoPayLabel', { name })} busy={busy} onChange={(on) => void toggle(on)} />
            <span aria-hidden="true">{t('subs.autoPay')}</span>
          </span>
          <button type="button" className={secondaryButtonClass} aria-label={t('subs.cancelLabel', { name })} onClick={onCancel}>{t('subs.cancel')}</button>
        </div>
      )}
      {needsCheckout && (
        <p className="m-0 text-sm" role="alert" data-needs-checkout>
          {t('subs.needsCheckout')} <a className={textLinkClass} href={`${paymentsPath}?${new URLSearchParams({ tariff: String(sub.tariff), units: sub.unitIds.join(','), autoPay: '1' })}`}>{t('subs.payWithAutoPay')}</a>
        </p>
      )}
    </li>
  );
}
