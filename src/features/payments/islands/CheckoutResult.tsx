import { useEffect, useState } from 'react';
import type { T } from '../../../i18n/translate.ts';
import { buttonClass, textLinkClass } from '../../../ui/classes.ts';
import { formatMinor } from '../cart.ts';
import { readCheckout, type Checkout } from '../store.ts';
import { tariffName } from './names.ts';

/** How often a pending checkout is read again: the server asks the provider on each read, so a lost notification still ends. */
export const CHECKOUT_POLL_MS = 2_000;

interface Props {
  t: T;
  locale: string;
  checkoutId: string;
  subscriptionsPath: string;
  onAgain: () => void;
}

type State = { kind: 'loading' } | { kind: 'checkout'; checkout: Checkout } | { kind: 'notFound' } | { kind: 'failed' };

/** Back from the provider: the checkout's result, read again while it is pending. */
export function CheckoutResult({ t, locale, checkoutId, subscriptionsPath, onAgain }: Props) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const read = async () => {
      const result = await readCheckout(checkoutId);
      if (stopped) return;
      if (result.data) {
        setState({ kind: 'checkout', checkout: result.data });
        if (result.data.status === 'pending') timer = setTimeout(read, CHECKOUT_POLL_MS);
      } else setState(result.problem.status === 404 || result.problem.status === 400 ? { kind: 'notFound' } : { kind: 'failed' });
    };
    void read();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [checkoutId]);

  const status = state.kind === 'checkout' ? state.checkout.status : state.kind;
  const tone = status === 'paid' ? 'border-green-300 bg-green-50' : status === 'pending' || status === 'loading' ? 'border-gray-200 bg-white' : 'border-red-200 bg-red-50';
  return (
    <section aria-labelledby="checkout-result" data-checkout-status={status} className={`border rounded-lg p-4 mb-4 ${tone}`}>
      <h2 id="checkout-result" className="m-0 mb-2 text-lg font-semibold">{t('result.title')}</h2>
      <div role="status" aria-live="polite" className="flex flex-col gap-2">
        {(status === 'loading' || status === 'pending') && (
          <p className="m-0 flex items-center gap-2" aria-busy="true">
            <span className="i-lucide-loader-circle animate-spin" aria-hidden="true" />
            {t('result.pending')}
          </p>
        )}
        {state.kind === 'checkout' && status === 'paid' && <Paid t={t} locale={locale} checkout={state.checkout} subscriptionsPath={subscriptionsPath} />}
        {state.kind === 'checkout' && status === 'canceled' && (
          <>
            <p className="m-0 font-medium">{t('result.canceled')}</p>
            {state.checkout.cancellationReason && <p className="m-0">{t('result.reason', { reason: state.checkout.cancellationReason })}</p>}
          </>
        )}
        {state.kind === 'notFound' && <p className="m-0">{t('result.notFound')}</p>}
        {state.kind === 'failed' && <p className="m-0">{t('result.failed')}</p>}
      </div>
      {(status === 'canceled' || status === 'notFound') && (
        <button type="button" className={`${buttonClass} mt-2`} onClick={onAgain}>{t('result.retry')}</button>
      )}
    </section>
  );
}

function Paid({ t, locale, checkout, subscriptionsPath }: { t: T; locale: string; checkout: Checkout; subscriptionsPath: string }) {
  const names = [
    ...checkout.quote.lines.map((l) => tariffName(t, l.tariff)),
    ...checkout.quote.packs.map((p) => t('total.pack', { name: t.dynamic(`packs.${p.kind}`), quantity: p.quantity })),
  ];
  return (
    <>
      <p className="m-0 font-medium">{t('result.paid', { total: formatMinor(checkout.total, checkout.currency, locale) })}</p>
      {names.length > 0 && <p className="m-0" data-switched-on>{t('result.switchedOn', { names: names.join(', ') })}</p>}
      <p className="m-0"><a className={textLinkClass} href={subscriptionsPath}>{t('result.toSubscriptions')}</a></p>
    </>
  );
}
