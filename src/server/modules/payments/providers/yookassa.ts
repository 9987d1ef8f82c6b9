import type { PaymentSettings } from '../../../platform/config.ts';
import { addressIn, call, isFailure, stringsOf, text, type Answer } from './call.ts';
import type { CheckoutRequest, CredentialCheck, IncomingNotification, Money, NotificationOutcome, Outcome, PaymentProvider, PaymentStatus, ProviderFailure, ProviderPayment, SavedMethodCharge } from './types.ts';

// YooKassa API v3 (providers.md C.1; yookassa.ru/developers/using-api/basics): HTTP Basic shopId:secretKey, every
// POST with `Idempotence-Key`, amounts as strings with two decimals. Notifications carry no signature: one is
// trusted only from the documented source addresses, and then only as far as `GET /v3/payments/{id}` agrees.

type Settings = Required<Pick<PaymentSettings['yookassa'], 'shopId' | 'secretKey'>> & PaymentSettings['yookassa'];

/** 12345 minor units → "123.45" (YooKassa's amounts: two decimals, a dot). */
export const yookassaValue = (minor: number) => `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

/** "123.45" → 12345; undefined for anything else. */
export function minorOf(value: unknown): number | undefined {
  const m = typeof value === 'string' ? /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value) : null;
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0')) : undefined;
}

const STATUS: Record<string, PaymentStatus> = { pending: 'pending', waiting_for_capture: 'pending', succeeded: 'succeeded', canceled: 'canceled' };

/** A YooKassa payment object → ours; undefined when it lacks what every payment has. */
export function yookassaPaymentOf(raw: unknown): ProviderPayment | undefined {
  const p = (raw ?? {}) as Record<string, unknown>;
  const amount = (p.amount ?? {}) as { value?: unknown; currency?: unknown };
  const minor = minorOf(amount.value);
  const id = text(p.id);
  const providerStatus = text(p.status);
  if (!id || !providerStatus || minor === undefined || !text(amount.currency)) return undefined;
  const method = (p.payment_method ?? {}) as { id?: unknown; saved?: unknown; title?: unknown; type?: unknown };
  const cancel = (p.cancellation_details ?? undefined) as { party?: unknown; reason?: unknown } | undefined;
  return {
    provider: 'yookassa',
    id,
    status: STATUS[providerStatus] ?? 'pending',
    providerStatus,
    amount: { amount: minor, currency: String(amount.currency).toUpperCase() },
    metadata: stringsOf(p.metadata),
    ...(method.saved === true && text(method.id) ? { savedMethod: { id: String(method.id), title: text(method.title) ?? text(method.type) ?? 'saved method' } } : {}),
    ...(cancel && text(cancel.reason) ? { cancellation: { reason: String(cancel.reason), ...(text(cancel.party) ? { party: String(cancel.party) } : {}) } } : {}),
    test: p.test === true,
  };
}

const amountOf = (m: Money) => ({ value: yookassaValue(m.amount), currency: m.currency.toUpperCase() });

/** YooKassa's refusal body `{ type: "error", id, code, description, parameter }` → `refused`. */
function refusalOf(a: Answer): ProviderFailure {
  const b = (a.body ?? {}) as { code?: unknown; description?: unknown; parameter?: unknown };
  return {
    ok: false,
    kind: 'refused',
    code: text(b.code) ?? `http_${a.status}`,
    description: (text(b.description) ?? 'no reason given').slice(0, 300),
    ...(text(b.parameter) ? { parameter: String(b.parameter).slice(0, 100) } : {}),
  };
}

export function yookassaProvider(settings: Settings): PaymentProvider {
  const auth = { authorization: `Basic ${Buffer.from(`${settings.shopId}:${settings.secretKey}`).toString('base64')}` };
  const url = (path: string) => `${settings.apiUrl}/v3${path}`;

  /** The payment in the answer, and the redirect confirmation's URL when it has one. */
  async function paymentCall(path: string, init: Parameters<typeof call>[1]): Promise<Outcome<{ payment: ProviderPayment; confirmationUrl?: string }>> {
    const a = await call(url(path), init);
    if (isFailure(a)) return a;
    if (a.status !== 200) return refusalOf(a);
    const payment = yookassaPaymentOf(a.body);
    const confirmationUrl = text((a.body as { confirmation?: { confirmation_url?: unknown } }).confirmation?.confirmation_url);
    return payment ? { ok: true, payment, ...(confirmationUrl ? { confirmationUrl } : {}) } : { ok: false, kind: 'down', reason: 'unreadable payment' };
  }

  const checkNotificationCredential = (input: IncomingNotification): CredentialCheck =>
    addressIn(input.sourceAddress, settings.notifySources) ? { ok: true } : { ok: false, kind: 'refused', refusal: 'unknownSource', reason: `not a YooKassa address: ${input.sourceAddress.slice(0, 64)}` };
  const create = (key: string, json: Record<string, unknown>) => paymentCall('/payments', { headers: { ...auth, 'Idempotence-Key': key }, json });
  const fetchPayment = (id: string) => paymentCall(`/payments/${encodeURIComponent(id)}`, { headers: auth });

  return {
    name: 'yookassa',
    renewals: 'merchant',
    async createCheckout(req: CheckoutRequest) {
      const created = await create(req.idempotencyKey, {
        amount: amountOf(req.amount),
        capture: true,
        confirmation: { type: 'redirect', return_url: req.returnUrl },
        description: req.description.slice(0, 128),
        metadata: req.metadata,
        ...(req.autoPay ? { save_payment_method: true } : {}),
        ...(req.customerEmail ? { merchant_customer_id: req.customerEmail.slice(0, 200) } : {}),
      });
      if (!created.ok) return created;
      // A repeated key answers the first payment as it is now: paid or canceled ones have no confirmation left.
      return { ok: true, payment: created.payment, confirmationUrl: created.confirmationUrl ?? req.returnUrl };
    },
    fetchPayment,
    async chargeSavedMethod(req: SavedMethodCharge) {
      // No payer present: no confirmation. It may come back pending (receipt-first shops); then wait for the notification.
      return create(req.idempotencyKey, { amount: amountOf(req.amount), capture: true, payment_method_id: req.methodId, description: req.description.slice(0, 128), metadata: req.metadata });
    },
    async stopRenewals() {
      return { ok: true };
    },
    checkNotificationCredential,
    async readNotification(input: IncomingNotification): Promise<NotificationOutcome> {
      const credential = checkNotificationCredential(input);
      if (!credential.ok) return credential;
      let body: { type?: unknown; event?: unknown; object?: { id?: unknown } };
      try {
        body = JSON.parse(String(input.rawBody));
      } catch {
        return { ok: false, kind: 'refused', refusal: 'malformed', reason: 'not JSON' };
      }
      const event = text(body?.event);
      const id = text(body?.object?.id);
      if (body?.type !== 'notification' || !event || !id) return { ok: false, kind: 'refused', refusal: 'malformed', reason: 'not a YooKassa notification' };
      if (!event.startsWith('payment.')) return { ok: true, event: { kind: 'ignored', dedupeKey: `yookassa:${event}:${id}`, providerEvent: event, providerPaymentId: id, metadata: {} } };
      // The notification only says "look at this payment"; what it claims about it is not read.
      const fetched = await fetchPayment(id);
      if (!fetched.ok) {
        if (fetched.kind === 'down' || fetched.kind === 'keyRefused') return fetched;
        return { ok: false, kind: 'refused', refusal: 'unknownPayment', reason: `no payment ${id} at YooKassa` };
      }
      const p = fetched.payment;
      const kind = p.status === 'succeeded' ? 'paid' : p.status === 'canceled' ? 'canceled' : 'pending';
      return { ok: true, event: { kind, dedupeKey: `yookassa:${p.id}:${p.providerStatus}`, providerEvent: event, providerPaymentId: p.id, metadata: p.metadata, payment: p } };
    },
  };
}
