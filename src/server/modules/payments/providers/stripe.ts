import { createHmac } from 'node:crypto';
import { sameSecret } from '../../../platform/auth/secrets.ts';
import type { PaymentSettings } from '../../../platform/config.ts';
import { call, isFailure, stringsOf, text, type Answer } from './call.ts';
import type { CheckoutRequest, CredentialCheck, IncomingNotification, NotificationRefusal, NotificationOutcome, Outcome, PaymentProvider, ProviderFailure, ProviderPayment, VerifiedEvent } from './types.ts';

// Stripe (providers.md C.2) over fetch with form encoding, not the `stripe` package (18 MB unpacked; the server's idle
// memory budget is tight: docs/payment-providers.md). Bearer secret key, `Idempotency-Key` on every POST, Checkout
// Sessions in `payment` or `subscription` mode, webhooks signed `Stripe-Signature: t=…,v1=…`.

type Settings = Required<Pick<PaymentSettings['stripe'], 'secretKey' | 'webhookSecret'>> & PaymentSettings['stripe'];

/** Stripe's default webhook tolerance (stripe-node DEFAULT_TOLERANCE, stripe-go DefaultTolerance). */
export const STRIPE_TOLERANCE_S = 300;

/** Nested values in Stripe's bracket notation: `{ a: { b: [{ c: 1 }] } }` → `a[b][0][c]=1`. */
export function stripeForm(value: Record<string, unknown>, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) {
    const key = prefix ? `${prefix}[${k}]` : k;
    if (v === undefined || v === null) continue;
    if (typeof v === 'object') Object.assign(out, stripeForm(Array.isArray(v) ? Object.fromEntries(v.entries()) : (v as Record<string, unknown>), key));
    else out[key] = String(v);
  }
  return out;
}

/** `hex(HMAC-SHA256(secret, "${t}.${body}"))`: what Stripe puts in `v1`. */
export const stripeSignature = (secret: string, t: number | string, body: string) => createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex');

const idOf = (v: unknown) => text(v) ?? text((v as { id?: unknown } | null)?.id);

/** A Checkout Session (retrieved or from an event) → ours. Expired = canceled; complete and paid = succeeded. */
export function stripePaymentOf(raw: unknown): ProviderPayment | undefined {
  const s = (raw ?? {}) as Record<string, unknown>;
  const id = text(s.id);
  const status = text(s.status);
  if (!id || !status || typeof s.amount_total !== 'number' || !text(s.currency)) return undefined;
  const paid = status === 'complete' && (s.payment_status === 'paid' || s.payment_status === 'no_payment_required');
  const intent = (s.payment_intent && typeof s.payment_intent === 'object' ? s.payment_intent : {}) as { status?: unknown; cancellation_reason?: unknown; last_payment_error?: { code?: unknown } };
  const canceled = status === 'expired' || intent.status === 'canceled';
  const reason = status === 'expired' ? 'expired' : (text(intent.cancellation_reason) ?? text(intent.last_payment_error?.code) ?? 'canceled');
  const subscriptionId = idOf(s.subscription);
  return {
    provider: 'stripe',
    id,
    status: paid ? 'succeeded' : canceled ? 'canceled' : 'pending',
    providerStatus: `${status}/${text(s.payment_status) ?? 'unknown'}`,
    amount: { amount: s.amount_total, currency: String(s.currency).toUpperCase() },
    metadata: stringsOf(s.metadata),
    ...(canceled ? { cancellation: { reason } } : {}),
    ...(subscriptionId ? { subscriptionId } : {}),
    test: s.livemode !== true,
  };
}

/** Stripe's error body `{ error: { type, code?, message, param? } }` → `refused`; 409 (a request with that key in flight) is `down`. */
function refusalOf(a: Answer): ProviderFailure {
  if (a.status === 409) return { ok: false, kind: 'down', reason: 'idempotent request in progress' };
  const e = ((a.body ?? {}) as { error?: { type?: unknown; code?: unknown; message?: unknown; param?: unknown } }).error ?? {};
  return {
    ok: false,
    kind: 'refused',
    code: text(e.code) ?? text(e.type) ?? `http_${a.status}`,
    description: (text(e.message) ?? 'no reason given').slice(0, 300),
    ...(text(e.param) ? { parameter: String(e.param).slice(0, 100) } : {}),
  };
}

/** The `t` and every well-formed `v1` (64 lower-case hex digits, as Stripe writes it) of a Stripe-Signature header. */
function signatureParts(header: string): { t?: number; v1: string[] } {
  const out: { t?: number; v1: string[] } = { v1: [] };
  for (const part of header.split(',')) {
    const [k, v] = [part.slice(0, part.indexOf('=')).trim(), part.slice(part.indexOf('=') + 1).trim()];
    if (k === 't' && /^\d{1,12}$/.test(v)) out.t = Number(v);
    if (k === 'v1' && /^[0-9a-f]{64}$/.test(v)) out.v1.push(v);
  }
  return out;
}


const bodyText = (input: IncomingNotification) => (typeof input.rawBody === 'string' ? input.rawBody : input.rawBody.toString('utf8'));

/** The header by its name in any case (Node gives lower case; a test or a proxy may not). */
function headerOf(headers: IncomingNotification['headers'], name: string): string | undefined {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return typeof value === 'string' && value ? value : undefined;
}

/**
 * Stripe-Signature (docs.stripe.com/webhooks#verify-manually): some `v1` equals hex HMAC-SHA256 under the endpoint
 * secret of `${t}.${raw body}` (compared in constant time; one per active secret while a secret is rolled), and `t`
 * is within 300 s of now.
 */
export function checkStripeSignature(secret: string, input: IncomingNotification, nowMs: number): CredentialCheck {
  const refused = (refusal: NotificationRefusal, reason: string): CredentialCheck => ({ ok: false, kind: 'refused', refusal, reason });
  const header = headerOf(input.headers, 'stripe-signature');
  if (!header) return refused('missingSignature', 'no Stripe-Signature header');
  const { t, v1 } = signatureParts(header);
  if (t === undefined || !v1.length) return refused('badSignature', 'Stripe-Signature lacks t or v1');
  const expected = stripeSignature(secret, t, bodyText(input));
  if (!v1.some((given) => sameSecret(expected, given))) return refused('badSignature', 'no v1 signature matches');
  if (Math.abs(nowMs / 1000 - t) > STRIPE_TOLERANCE_S) return refused('staleTimestamp', `signed at ${t}, more than ${STRIPE_TOLERANCE_S} s from now`);
  return { ok: true };
}

/** Invoices name their subscription at `parent.subscription_details` (API 2025-03-31 on) or at the top (before). */
function invoiceSubscription(inv: Record<string, unknown>): { id?: string; metadata: Record<string, string> } {
  const details = ((inv.parent as { subscription_details?: Record<string, unknown> } | undefined)?.subscription_details ?? inv.subscription_details ?? {}) as Record<string, unknown>;
  return { id: idOf(details.subscription) ?? idOf(inv.subscription), metadata: stringsOf(details.metadata) };
}

/** A verified event → what it means for us (docs/payment-providers.md "Stripe events"). */
export function stripeEventOf(event: { id: string; type: string; object: Record<string, unknown> }): VerifiedEvent {
  const base = { dedupeKey: `stripe:${event.id}`, providerEvent: event.type };
  const o = event.object;
  if (event.type.startsWith('checkout.session.')) {
    const payment = stripePaymentOf(o);
    const kinds: Record<string, VerifiedEvent['kind']> = {
      'checkout.session.completed': payment?.status === 'succeeded' ? 'paid' : 'pending',
      'checkout.session.async_payment_succeeded': 'paid',
      'checkout.session.async_payment_failed': 'canceled',
      'checkout.session.expired': 'canceled',
    };
    return { ...base, kind: kinds[event.type] ?? 'ignored', providerPaymentId: text(o.id) ?? '', metadata: stringsOf(o.metadata), ...(payment ? { payment } : {}), ...(payment?.subscriptionId ? { subscriptionId: payment.subscriptionId } : {}) };
  }
  if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed') {
    const sub = invoiceSubscription(o);
    // The first invoice of a subscription is the checkout's own payment: checkout.session.completed carries it.
    const first = o.billing_reason === 'subscription_create';
    const kind = event.type === 'invoice.paid' ? (first ? 'ignored' : 'renewalPaid') : 'renewalFailed';
    const amount = typeof (event.type === 'invoice.paid' ? o.amount_paid : o.amount_due) === 'number' && text(o.currency) ? { amount: Number(event.type === 'invoice.paid' ? o.amount_paid : o.amount_due), currency: String(o.currency).toUpperCase() } : undefined;
    return {
      ...base,
      kind,
      providerPaymentId: text(o.id) ?? '',
      metadata: sub.metadata,
      ...(sub.id ? { subscriptionId: sub.id } : {}),
      ...(amount ? { amount } : {}),
      ...(kind === 'renewalFailed' ? { reason: `attempt ${typeof o.attempt_count === 'number' ? o.attempt_count : 1} failed` } : {}),
    };
  }
  if (event.type === 'customer.subscription.deleted') {
    const reason = text((o.cancellation_details as { reason?: unknown } | undefined)?.reason);
    return { ...base, kind: 'subscriptionEnded', providerPaymentId: text(o.id) ?? '', subscriptionId: text(o.id), metadata: stringsOf(o.metadata), ...(reason ? { reason } : {}) };
  }
  return { ...base, kind: 'ignored', providerPaymentId: text(o.id) ?? '', metadata: {} };
}

export function stripeProvider(settings: Settings, now: () => number): PaymentProvider {
  const auth = { authorization: `Bearer ${settings.secretKey}` };

  async function sessionCall(path: string, init: Parameters<typeof call>[1]): Promise<Outcome<{ payment: ProviderPayment; url?: string }>> {
    const a = await call(`${settings.apiUrl}${path}`, init);
    if (isFailure(a)) return a;
    if (a.status !== 200) return refusalOf(a);
    const payment = stripePaymentOf(a.body);
    const url = text((a.body as { url?: unknown }).url);
    return payment ? { ok: true, payment, ...(url ? { url } : {}) } : { ok: false, kind: 'down', reason: 'unreadable session' };
  }

  return {
    name: 'stripe',
    renewals: 'provider',
    async createCheckout(req: CheckoutRequest) {
      const recurring = req.autoPay ? { interval: 'month', interval_count: req.autoPay.intervalMonths } : undefined;
      const form = stripeForm({
        mode: req.autoPay ? 'subscription' : 'payment',
        success_url: req.returnUrl,
        cancel_url: req.returnUrl,
        client_reference_id: req.metadata.checkoutId,
        customer_email: req.customerEmail,
        line_items: [{ quantity: 1, price_data: { currency: req.amount.currency.toLowerCase(), unit_amount: req.amount.amount, product_data: { name: req.description.slice(0, 250) }, recurring } }],
        metadata: req.metadata,
        // Renewal invoices carry the subscription's metadata; one-off payments the intent's.
        ...(req.autoPay ? { subscription_data: { metadata: req.metadata } } : { payment_intent_data: { metadata: req.metadata } }),
      });
      const created = await sessionCall('/v1/checkout/sessions', { headers: { ...auth, 'Idempotency-Key': req.idempotencyKey }, form });
      if (!created.ok) return created;
      return { ok: true, payment: created.payment, confirmationUrl: created.url ?? req.returnUrl };
    },
    fetchPayment: (id: string) => sessionCall(`/v1/checkout/sessions/${encodeURIComponent(id)}?expand[]=payment_intent`, { headers: auth }),
    async chargeSavedMethod() {
      return { ok: false, kind: 'unsupported', reason: 'Stripe renews its subscriptions itself (invoice.paid / invoice.payment_failed)' };
    },
    async stopRenewals(req: { subscriptionId: string; idempotencyKey: string }) {
      const a = await call(`${settings.apiUrl}/v1/subscriptions/${encodeURIComponent(req.subscriptionId)}`, { headers: { ...auth, 'Idempotency-Key': req.idempotencyKey }, form: { cancel_at_period_end: 'true' } });
      if (isFailure(a)) return a;
      if (a.status !== 200) return refusalOf(a);
      const cancelAt = (a.body as { cancel_at?: unknown }).cancel_at;
      return { ok: true, ...(typeof cancelAt === 'number' ? { endsAt: new Date(cancelAt * 1000).toISOString() } : {}) };
    },
    checkNotificationCredential: (input: IncomingNotification) => checkStripeSignature(settings.webhookSecret, input, now()),
    async readNotification(input: IncomingNotification): Promise<NotificationOutcome> {
      const credential = checkStripeSignature(settings.webhookSecret, input, now());
      if (!credential.ok) return credential;
      const refused = (reason: string): NotificationOutcome => ({ ok: false, kind: 'refused', refusal: 'malformed', reason });
      let event: { id?: unknown; type?: unknown; data?: { object?: unknown } };
      try {
        event = JSON.parse(bodyText(input));
      } catch {
        return refused('not JSON');
      }
      const object = event?.data?.object;
      if (!text(event?.id) || !text(event?.type) || !object || typeof object !== 'object') return refused('not a Stripe event');
      return { ok: true, event: stripeEventOf({ id: String(event.id), type: String(event.type), object: object as Record<string, unknown> }) };
    },
  };
}
