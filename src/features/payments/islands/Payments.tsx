import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { createT } from '../../../i18n/translate.ts';
import { explainProblem } from '../../../api/explain-problem.ts';
import { Section } from '../../../ui/section.tsx';
import { textLinkClass } from '../../../ui/classes.ts';
import { addLine, cartIsEmpty, emptyCart, type Cart } from '../cart.ts';
import { loadCatalogue, loadUnits, startCheckout, type Catalogue, type Units } from '../store.ts';
import type { PaymentsProps } from './props.ts';
import { TariffCards } from './TariffCards.tsx';
import { CartPanel } from './CartPanel.tsx';
import { CheckoutResult } from './CheckoutResult.tsx';
import { InvoiceForm } from './InvoiceForm.tsx';
import { PaymentHistory } from './PaymentHistory.tsx';
import { ShareLink } from './ShareLink.tsx';
import { useQuote } from './use-quote.ts';

/** Where the provider sends the payer back: `/payments?checkout=<id>` (docs/payment-providers.md "The return URL"). */
/**
 * A link that fills the cart: `?tariff=<id>&units=<a,b>&autoPay=1` (the subscriptions screen's "pay with auto-pay")
 * puts the tariff in it; `?promocode=<code>` (the partners screen, after a code is applied) fills the code, which
 * never goes with auto-pay. A tariff this host does not offer is ignored.
 */
function cartFromUrl(cart: Cart, catalogue: Catalogue): Cart {
  const query = new URLSearchParams(location.search);
  const promocode = (query.get('promocode') ?? '').trim().slice(0, 64);
  const withCode = promocode ? { ...cart, promocode, autoPay: false } : cart;
  const tariff = Number(query.get('tariff'));
  if (!query.get('tariff') || !catalogue.tariffs.some((x) => x.id === tariff)) return withCode;
  const units = (query.get('units') ?? '').split(',').filter(Boolean);
  return { ...addLine(withCode, tariff, units), autoPay: query.get('autoPay') === '1' && !withCode.promocode.trim() };
}

const checkoutInUrl = () => (typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('checkout'));

/**
 * §2 /payments: the host's tariffs, the cart priced by the server as it changes, Pay (to the provider and back), the
 * invoice request and the history.
 */
export default function Payments(props: PaymentsProps) {
  const t = useMemo(() => createT(props.locale, props.messages), [props.locale, props.messages]);
  const [catalogue, setCatalogue] = useState<Catalogue | 'failed'>();
  const [units, setUnits] = useState<Units | 'failed'>();
  const [cart, setCart] = useState<Cart>(emptyCart);
  const [terms, setTerms] = useState(false);
  const [termsError, setTermsError] = useState<string>();
  const [payProblem, setPayProblem] = useState<string>();
  /** The checkout's refusal of auto-pay for this cart (packs, several periods or tariffs): shown at the checkbox. */
  const [autoPayError, setAutoPayError] = useState<string>();
  const [paying, setPaying] = useState(false);
  const [checkoutId, setCheckoutId] = useState<string | null>(null);
  const quote = useQuote(cart);

  const load = async () => {
    setCatalogue(undefined);
    const [c, u] = await Promise.all([loadCatalogue(), loadUnits()]);
    setCatalogue(c.data ?? 'failed');
    setUnits(u.data ?? 'failed');
    if (c.data) setCart((current) => cartFromUrl(current, c.data!));
  };
  useEffect(() => {
    setCheckoutId(checkoutInUrl());
    void load();
  }, []);

  const add = (tariff: number) => {
    const kind = catalogue && catalogue !== 'failed' ? catalogue.tariffs.find((x) => x.id === tariff)?.unit : undefined;
    // With one unit of the tariff's kind there is nothing to choose: it is chosen.
    const only = kind && kind !== 'account' && units && units !== 'failed' && units[kind].length === 1 ? [units[kind][0]!.id] : [];
    setCart(addLine(cart, tariff, only));
    setPayProblem(undefined);
  };

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (paying) return;
    setPayProblem(undefined);
    setTermsError(terms ? undefined : t('terms.required'));
    if (cartIsEmpty(cart)) return setPayProblem(t('cart.empty'));
    if (!terms) return;
    if (quote.kind === 'refused') return setPayProblem(t('pay.fixCart', { problem: explainProblem(quote.problem.errors?.[0] ?? quote.problem, t, { prefixes: ['server.'] }) }));
    setPaying(true);
    const result = await startCheckout(cart, terms);
    if (result.data?.confirmationUrl) {
      location.assign(result.data.confirmationUrl);
      return; // the page leaves; the button stays busy
    }
    setPaying(false);
    const problem = result.problem;
    const field = problem?.errors?.[0];
    if (field?.field === 'autoPay') return setAutoPayError(explainProblem(field, t, { prefixes: ['server.'] }));
    if (problem?.code === 'termsNotAccepted' || problem?.errors?.[0]?.code === 'termsNotAccepted') return setTermsError(t('terms.required'));
    setPayProblem(problem ? explainProblem(problem.errors?.[0] ?? problem, t, { prefixes: ['server.'] }) : t('problem.failed'));
  };

  const again = () => {
    history.replaceState(null, '', props.paymentsPath);
    setCheckoutId(null);
  };

  return (
    // At least a screen tall, and the sections below the tariffs only once they are in: the footer starts out of
    // view and nothing that was painted moves when the catalogue arrives (docs/lighthouse.md, layout shift).
    <div className="flex flex-col min-h-screen" data-payments>
      <p className="m-0 mb-4 text-ink-muted">
        {t('intro')} <a className={textLinkClass} href={props.subscriptionsPath}>{t('subscriptionsLink')}</a>
      </p>
      {checkoutId && <CheckoutResult t={t} locale={props.locale} checkoutId={checkoutId} subscriptionsPath={props.subscriptionsPath} onAgain={again} />}
      <Section title={t('catalogue.title')}>
        {catalogue === undefined && <p className="m-0 text-sm text-ink-muted" role="status">{t('catalogue.loading')}</p>}
        {catalogue === 'failed' && (
          <p className="m-0 text-sm text-red-700" role="status">
            {t('catalogue.failed')} <button type="button" className="underline bg-transparent border-0 p-0 cursor-pointer text-brand-dark" onClick={() => void load()}>{t('ui.retry')}</button>
          </p>
        )}
        {catalogue && catalogue !== 'failed' && (
          <TariffCards t={t} locale={props.locale} catalogue={catalogue} inCart={(id) => cart.lines.some((l) => l.tariff === id)} onAdd={add} />
        )}
      </Section>
      {catalogue && catalogue !== 'failed' && (
        <>
          <Section title={t('cart.title')}>
            <CartPanel t={t} locale={props.locale} catalogue={catalogue} units={units} connect={props.connect} cart={cart}
              setCart={(next) => (setCart(next), setPayProblem(undefined), setAutoPayError(undefined))} autoPayError={autoPayError} quote={quote} terms={terms}
              setTerms={(on) => (setTerms(on), on && setTermsError(undefined))} termsError={termsError} payProblem={payProblem} paying={paying} onPay={pay} />
            <ShareLink t={t} locale={props.locale} cart={cart} quote={quote} onAutoPayError={setAutoPayError} />
          </Section>
          <Section title={t('invoice.title')}>
            <InvoiceForm t={t} locale={props.locale} cart={cart} currency={catalogue.currency} />
          </Section>
        </>
      )}
      {catalogue !== undefined && (
        <Section title={t('history.title')}>
          <PaymentHistory t={t} locale={props.locale} />
        </Section>
      )}
    </div>
  );
}
