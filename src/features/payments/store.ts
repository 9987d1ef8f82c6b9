// The payments screens' calls (/payments): the host's catalogue, the owner's units, the priced cart, checkout and its
// result, the invoice request and the history. Islands never call the API themselves.
import { api } from '../../api/browser.ts';
import type { components } from '../../api/schema.d.ts';
import { cartBody, type Cart } from './cart.ts';

export type Catalogue = components['schemas']['PaymentCatalogue'];
export type CatalogueTariff = components['schemas']['CatalogueTariff'];
export type Units = components['schemas']['PaymentUnits'];
export type Quote = components['schemas']['PaymentQuote'];
export type Checkout = components['schemas']['Checkout'];
export type Invoice = components['schemas']['Invoice'];
export type OwnPayment = components['schemas']['OwnPayment'];
type Problem = components['schemas']['Problem'];

/** A call's outcome: its data, or the problem (status and code; no code when the call itself failed). */
export type Outcome<T> = { data: T; problem?: undefined } | { data?: undefined; problem: Partial<Problem> };

export async function outcome<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<Outcome<T>> {
  try {
    const { data, error, response } = await call;
    if (data !== undefined && !error) return { data };
    return { problem: { ...(error as Partial<Problem> | undefined), status: response.status } };
  } catch {
    return { problem: {} }; // no answer: the network text
  }
}

export const loadCatalogue = () => outcome(api().GET('/Payments/Tariffs'));
export const loadUnits = () => outcome(api().GET('/Payments/Units'));

/** Prices the cart; `signal` drops an answer the owner has already changed the cart past. */
export const quoteCart = (cart: Cart, signal?: AbortSignal) => outcome(api().POST('/Payments/Quote', { body: cartBody(cart), signal }));

/** Opens the provider's checkout; the island sends the payer to `confirmationUrl`. */
export const startCheckout = (cart: Cart, termsAccepted: boolean) =>
  outcome(api().POST('/Payments/Checkout', { body: { ...cartBody(cart), termsAccepted } }));

/** The owner's pay link for the cart: someone else pays it without signing in (docs/payments-screens.md "Pay links"). */
export const sharePayLink = (cart: Cart) => outcome(api().POST('/Payments/PayLinks', { body: cartBody(cart) }));

/** The checkout the provider sent the payer back with (`/payments?checkout=<id>`). */
export const readCheckout = (checkoutId: string) => outcome(api().GET('/Payments/Checkout/{checkoutId}', { params: { path: { checkoutId } } }));

export interface InvoiceInput {
  companyName: string;
  taxId: string;
  email: string;
}

/** §8 "Invoice request sent or failed": the current cart issued as an invoice for a company, mailed as a PDF. */
export function requestInvoice(cart: Cart, input: InvoiceInput) {
  const { items, packs } = cartBody(cart);
  return outcome(api().POST('/Payments/Invoice', {
    body: { items, ...(packs ? { packs } : {}), companyName: input.companyName.trim(), taxId: input.taxId.trim(), email: input.email.trim() },
  }));
}

/** One page of the owner's payments, newest first (a pagedList fetcher). */
export async function historyPage(page: number) {
  const { data } = await outcome(api().GET('/Payments', { params: { query: { page, pageSize: 10 } } }));
  if (!data) throw new Error('payments history failed');
  return { items: data.payments, pages: data.pages, total: data.total };
}
