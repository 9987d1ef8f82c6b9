// The Stripe adapter (issue 18, docs/payment-providers.md) against the API double: settings, Checkout Sessions in
// payment and subscription mode in Stripe's form encoding, idempotency, retrieving and the status mapping, no
// saved-method charges (Stripe renews itself), every error mapping, and signed webhooks: a good signature accepted,
// a wrong secret, a tampered body, a stale timestamp and a missing header refused; what each event means.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentProvider } from '../../../src/server/modules/payments/providers/index.ts';
import { stripeForm } from '../../../src/server/modules/payments/providers/stripe.ts';
import type { PaymentProvider } from '../../../src/server/modules/payments/providers/types.ts';
import { sendJson, startFake } from '../../fakes/http-fake.ts';
import { startStripeFake, type StripeFake } from '../../fakes/stripe-fake.ts';
import { checkouts, configOf, DEAD_URL, providerOf } from './provider-support.ts';

const WHSEC = 'whsec_test_0123456789abcdef';
let fake: StripeFake;
let stripe: PaymentProvider;
const clock = Date.now();
const env = () => ({ STRIPE_SECRET_KEY: fake.secretKey, STRIPE_WEBHOOK_SECRET: WHSEC, STRIPE_API_URL: fake.url });

beforeAll(async () => {
  fake = await startStripeFake();
  stripe = providerOf(env(), 'stripe', () => clock);
});
afterAll(() => fake?.close());

const { checkout, created } = checkouts(() => stripe, {
  amount: { amount: 1999, currency: 'USD' },
  description: 'Pro plan, 1 month',
  returnUrl: 'https://cabinet.example/payments?checkout=co-1',
  customerEmail: 'owner@example.com',
  metadata: { ownerId: '9' },
});
const deliver = (body: string, headers: Record<string, string> = { 'stripe-signature': fake.sign(body, WHSEC, Math.floor(clock / 1000)) }) =>
  stripe.readNotification({ rawBody: Buffer.from(body), headers, sourceAddress: '3.18.12.63' });

describe('settings', () => {
  it('without the secret key or the webhook secret the factory answers "not configured"; the API defaults to the real one', () => {
    expect(paymentProvider(configOf({}), 'stripe')).toEqual({ notConfigured: 'stripe', missing: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] });
    expect(paymentProvider(configOf({ STRIPE_SECRET_KEY: 'sk_test_1' }), 'stripe')).toEqual({ notConfigured: 'stripe', missing: ['STRIPE_WEBHOOK_SECRET'] });
    expect(configOf({}).payments.stripe.apiUrl).toBe('https://api.stripe.com');
  });

  it('bracket notation for nested values', () => {
    expect(stripeForm({ a: 1, b: { c: 'x', d: undefined }, items: [{ p: { q: 2 } }] })).toEqual({ a: '1', 'b[c]': 'x', 'items[0][p][q]': '2' });
  });
});

describe('a Checkout Session', () => {
  it('payment mode: form-encoded with an integer amount in minor units, our reference and metadata; pending with the session URL', async () => {
    const r = await created();
    const f = fake.requests.at(-1)!.form;
    expect(r.payment.metadata.checkoutId).toMatch(/^co-\d+$/);
    expect(f).toMatchObject({
      mode: 'payment',
      client_reference_id: r.payment.metadata.checkoutId,
      customer_email: 'owner@example.com',
      line_items: [{ quantity: '1', price_data: { currency: 'usd', unit_amount: '1999', product_data: { name: 'Pro plan, 1 month' } } }],
      metadata: { ownerId: '9' },
      payment_intent_data: { metadata: { ownerId: '9' } },
    });
    expect(r.payment).toMatchObject({ provider: 'stripe', status: 'pending', providerStatus: 'open/unpaid', amount: { amount: 1999, currency: 'USD' }, test: true });
    expect(r.confirmationUrl).toBe(`https://checkout.stripe.com/c/pay/${r.payment.id}`);
  });

  it('subscription mode for auto-pay: a monthly recurring price, metadata on the subscription; paid, it names the subscription', async () => {
    const r = await created({ autoPay: { intervalMonths: 3 } });
    const f = fake.requests.at(-1)!.form;
    expect(f).toMatchObject({ mode: 'subscription', line_items: [{ price_data: { recurring: { interval: 'month', interval_count: '3' } } }], subscription_data: { metadata: { ownerId: '9' } } });
    expect(f.payment_intent_data).toBeUndefined();
    fake.complete(r.payment.id);
    const p = await stripe.fetchPayment(r.payment.id);
    expect(p.ok && p.payment).toMatchObject({ status: 'succeeded', providerStatus: 'complete/paid', subscriptionId: expect.stringMatching(/^sub_/) });
  });

  it('auto-pay off ends the subscription at the close of its paid period; an unknown subscription is notFound', async () => {
    const r = await created({ autoPay: { intervalMonths: 1 } });
    fake.complete(r.payment.id);
    const subId = fake.sessions.get(r.payment.id)!.subscription as string;
    const stop = await stripe.stopRenewals({ subscriptionId: subId, idempotencyKey: `stop-${subId}` });
    const sub = fake.subscriptions.get(subId)!;
    expect(sub.cancel_at_period_end).toBe(true);
    expect(stop).toEqual({ ok: true, endsAt: new Date((sub.current_period_end as number) * 1000).toISOString() });
    expect(await stripe.stopRenewals({ subscriptionId: 'sub_missing', idempotencyKey: 'stop-missing' })).toEqual({ ok: false, kind: 'notFound' });
  });

  it('the same key gives the same session; the same key with other parameters is refused with idempotency_error', async () => {
    const req = checkout();
    const [a, b] = [await stripe.createCheckout(req), await stripe.createCheckout(req)];
    expect(a.ok && b.ok && a.payment.id === b.payment.id).toBe(true);
    expect(await stripe.createCheckout({ ...req, amount: { amount: 2999, currency: 'USD' } })).toMatchObject({ ok: false, kind: 'refused', code: 'idempotency_error' });
  });

  it('retrieving maps the statuses: paid = succeeded, expired = canceled; an unknown id is notFound', async () => {
    const paid = await created();
    fake.complete(paid.payment.id);
    const p = await stripe.fetchPayment(paid.payment.id);
    expect(p.ok && p.payment).toMatchObject({ status: 'succeeded', metadata: { ownerId: '9' } });
    const gone = await created();
    fake.expire(gone.payment.id);
    const g = await stripe.fetchPayment(gone.payment.id);
    expect(g.ok && g.payment).toMatchObject({ status: 'canceled', cancellation: { reason: 'expired' } });
    expect(await stripe.fetchPayment('cs_test_missing')).toEqual({ ok: false, kind: 'notFound' });
  });

  it('a saved-method charge is `unsupported` and calls nothing: Stripe renews its subscriptions itself', async () => {
    const before = fake.requests.length;
    expect(stripe.renewals).toBe('provider');
    const r = await stripe.chargeSavedMethod({ idempotencyKey: 'k', amount: { amount: 1999, currency: 'USD' }, description: 'x', methodId: 'pm_1', metadata: {} });
    expect(r).toMatchObject({ ok: false, kind: 'unsupported' });
    expect(fake.requests.length).toBe(before);
  });
});

describe('errors', () => {
  it('a wrong key is keyRefused; 429, 500 and an unreachable API are down; a 400 is refused with Stripe\'s code and param', async () => {
    const wrong = providerOf({ ...env(), STRIPE_SECRET_KEY: 'sk_test_wrong' }, 'stripe');
    expect(await wrong.createCheckout(checkout())).toEqual({ ok: false, kind: 'keyRefused', status: 401 });
    for (const status of [429, 500, 502]) {
      fake.failNext(1, status);
      expect(await stripe.createCheckout(checkout()), String(status)).toEqual({ ok: false, kind: 'down', reason: `provider error ${status}` });
    }
    expect(await providerOf({ ...env(), STRIPE_API_URL: DEAD_URL }, 'stripe').fetchPayment('cs_1')).toEqual({ ok: false, kind: 'down', reason: 'network error' });
    expect(await stripe.createCheckout(checkout({ amount: { amount: 100, currency: 'USDX' } }))).toEqual({ ok: false, kind: 'refused', code: 'parameter_invalid', description: 'Invalid currency', parameter: 'line_items[0][price_data][currency]' });
  });
});

describe('webhooks', () => {
  it('a good signature is accepted: checkout.session.completed, paid, is `paid` with our metadata', async () => {
    const r = await created({ autoPay: { intervalMonths: 1 } });
    fake.complete(r.payment.id);
    const body = fake.event('checkout.session.completed', fake.sessions.get(r.payment.id)!);
    const v = await deliver(body);
    expect(v.ok && v.event).toMatchObject({ kind: 'paid', providerEvent: 'checkout.session.completed', providerPaymentId: r.payment.id, metadata: { ownerId: '9' }, subscriptionId: expect.stringMatching(/^sub_/), dedupeKey: expect.stringMatching(/^stripe:evt_/) });
  });

  it('one matching v1 among several is enough (Stripe signs with each active secret)', async () => {
    const body = fake.event('checkout.session.expired', { id: 'cs_test_x', status: 'expired', payment_status: 'unpaid', amount_total: 1, currency: 'usd', metadata: {} });
    const t = Math.floor(clock / 1000);
    const good = fake.sign(body, WHSEC, t).split(',')[1];
    expect(await deliver(body, { 'stripe-signature': `t=${t},v1=${'0'.repeat(64)},${good},v0=abc` })).toMatchObject({ ok: true, event: { kind: 'canceled' } });
  });

  it('a wrong secret, a tampered body, a stale timestamp and a missing or broken header are refused', async () => {
    const body = fake.event('checkout.session.completed', { id: 'cs_test_y', status: 'complete', payment_status: 'paid', amount_total: 1999, currency: 'usd', metadata: { ownerId: '9' } });
    const t = Math.floor(clock / 1000);
    expect(await deliver(body, { 'stripe-signature': fake.sign(body, 'whsec_other', t) })).toMatchObject({ ok: false, refusal: 'badSignature' });
    expect(await deliver(body.replace('"ownerId":"9"', '"ownerId":"1"'), { 'stripe-signature': fake.sign(body, WHSEC, t) })).toMatchObject({ ok: false, refusal: 'badSignature' });
    expect(await deliver(body, { 'stripe-signature': fake.sign(body, WHSEC, t - 301) })).toMatchObject({ ok: false, refusal: 'staleTimestamp' });
    expect(await deliver(body, { 'stripe-signature': fake.sign(body, WHSEC, t - 299) })).toMatchObject({ ok: true });
    expect(await deliver(body, {})).toMatchObject({ ok: false, refusal: 'missingSignature' });
    expect(await deliver(body, { 'Stripe-Signature': fake.sign(body, WHSEC, t) })).toMatchObject({ ok: true });
    expect(await deliver(body, { 'stripe-signature': `t=${t}` })).toMatchObject({ ok: false, refusal: 'badSignature' });
    expect(await deliver(body, { 'stripe-signature': fake.sign(body, WHSEC, t).replace(/^t=\d+/, 't=') })).toMatchObject({ ok: false, refusal: 'badSignature' });
  });

  it('the credential alone, for the route\'s guard: the same verdicts without reading the event', () => {
    const body = '{"not":"an event"}';
    const t = Math.floor(clock / 1000);
    const check = (headers: Record<string, string>) => stripe.checkNotificationCredential({ rawBody: body, headers, sourceAddress: '3.18.12.63' });
    expect(check({ 'stripe-signature': fake.sign(body, WHSEC, t) })).toEqual({ ok: true });
    expect(check({ 'stripe-signature': fake.sign(body, 'whsec_other', t) })).toMatchObject({ ok: false, refusal: 'badSignature' });
    expect(check({ 'stripe-signature': fake.sign(body, WHSEC, t + 400) })).toMatchObject({ ok: false, refusal: 'staleTimestamp' });
    expect(check({})).toMatchObject({ ok: false, refusal: 'missingSignature' });
  });

  it('posted over HTTP with its signature, it is accepted from the exact bytes received', async () => {
    const seen: unknown[] = [];
    const receiver = await startFake(async (req, raw, res) => {
      seen.push(await stripe.readNotification({ rawBody: raw, headers: req.headers, sourceAddress: req.socket.remoteAddress ?? '' }));
      sendJson(res, 200, { received: true });
    });
    await fake.notify(`${receiver.url}/Webhooks/stripe`, WHSEC, 'customer.subscription.deleted', { id: 'sub_test_9', object: 'subscription', metadata: { ownerId: '9' } });
    await fake.notify(`${receiver.url}/Webhooks/stripe`, 'whsec_other', 'customer.subscription.deleted', { id: 'sub_test_9', object: 'subscription', metadata: {} });
    await receiver.close();
    expect(seen).toMatchObject([{ ok: true, event: { kind: 'subscriptionEnded', subscriptionId: 'sub_test_9' } }, { ok: false, refusal: 'badSignature' }]);
  });

  it('renewals, failures and the end of a subscription; the first invoice is left to checkout.session.completed', async () => {
    const invoice = (billing_reason: string, parent = true) => ({
      id: 'in_test_1',
      object: 'invoice',
      billing_reason,
      amount_paid: 1999,
      amount_due: 1999,
      currency: 'usd',
      attempt_count: 2,
      ...(parent ? { parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_test_1', metadata: { ownerId: '9' } } } } : { subscription: 'sub_test_1', subscription_details: { metadata: { ownerId: '9' } } }),
    });
    const renewal = await deliver(fake.event('invoice.paid', invoice('subscription_cycle')));
    expect(renewal.ok && renewal.event).toMatchObject({ kind: 'renewalPaid', providerPaymentId: 'in_test_1', subscriptionId: 'sub_test_1', metadata: { ownerId: '9' }, amount: { amount: 1999, currency: 'USD' } });
    const older = await deliver(fake.event('invoice.paid', invoice('subscription_cycle', false)));
    expect(older.ok && older.event).toMatchObject({ kind: 'renewalPaid', subscriptionId: 'sub_test_1', metadata: { ownerId: '9' } });
    expect(await deliver(fake.event('invoice.paid', invoice('subscription_create')))).toMatchObject({ ok: true, event: { kind: 'ignored' } });
    expect(await deliver(fake.event('invoice.payment_failed', invoice('subscription_cycle')))).toMatchObject({ ok: true, event: { kind: 'renewalFailed', subscriptionId: 'sub_test_1', reason: 'attempt 2 failed' } });
    const ended = await deliver(fake.event('customer.subscription.deleted', { id: 'sub_test_1', object: 'subscription', status: 'canceled', metadata: { ownerId: '9' }, cancellation_details: { reason: 'payment_failed' } }));
    expect(ended.ok && ended.event).toMatchObject({ kind: 'subscriptionEnded', subscriptionId: 'sub_test_1', reason: 'payment_failed', metadata: { ownerId: '9' } });
    expect(await deliver(fake.event('customer.created', { id: 'cus_1' }))).toMatchObject({ ok: true, event: { kind: 'ignored' } });
    expect(await deliver('{"id":"evt_1"}')).toMatchObject({ ok: false, refusal: 'malformed' });
  });
});
