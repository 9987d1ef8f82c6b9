// The YooKassa adapter (issue 18, docs/payment-providers.md) against the API v3 double: settings and "not
// configured", the redirect payment and its formats, idempotency, fetching and the status mapping, saved-method
// charges, every error mapping, and notifications trusted only from the listed addresses and only as far as the
// refetched payment agrees.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentProvider } from '../../../src/server/modules/payments/providers/index.ts';
import type { PaymentProvider } from '../../../src/server/modules/payments/providers/types.ts';
import { minorOf, yookassaValue } from '../../../src/server/modules/payments/providers/yookassa.ts';
import { ConfigError, YOOKASSA_NOTIFY_SOURCES } from '../../../src/server/platform/config.ts';
import { sendJson, startFake } from '../../fakes/http-fake.ts';
import { startYooKassaFake, type YooKassaFake } from '../../fakes/yookassa-fake.ts';
import { checkouts, configOf, DEAD_URL, providerOf } from './provider-support.ts';

let fake: YooKassaFake;
let yk: PaymentProvider;
const env = () => ({ YOOKASSA_SHOP_ID: fake.shopId, YOOKASSA_SECRET_KEY: fake.secretKey, YOOKASSA_API_URL: fake.url });

beforeAll(async () => {
  fake = await startYooKassaFake();
  yk = providerOf(env(), 'yookassa');
});
afterAll(() => fake?.close());

const { checkout, created } = checkouts(() => yk, {
  amount: { amount: 249_000, currency: 'RUB' },
  description: 'Тариф Pro, ноябрь',
  returnUrl: 'https://cabinet.example/payments?checkout=1',
  customerEmail: 'owner@example.ru',
  metadata: { ownerId: '7' },
});
const notify = (body: string, sourceAddress = '185.71.76.10') => yk.readNotification({ rawBody: Buffer.from(body), headers: { 'content-type': 'application/json' }, sourceAddress });

describe('settings', () => {
  it('without the shop id or the secret key the factory answers "not configured", naming what is missing', () => {
    expect(paymentProvider(configOf({}), 'yookassa')).toEqual({ notConfigured: 'yookassa', missing: ['YOOKASSA_SHOP_ID', 'YOOKASSA_SECRET_KEY'] });
    expect(paymentProvider(configOf({ YOOKASSA_SHOP_ID: '1' }), 'yookassa')).toEqual({ notConfigured: 'yookassa', missing: ['YOOKASSA_SECRET_KEY'] });
  });

  it('defaults to the real API and the documented notification addresses; an operator may name others', () => {
    const c = configOf({});
    expect(c.payments.yookassa.apiUrl).toBe('https://api.yookassa.ru');
    expect(c.payments.yookassa.notifySources).toEqual(YOOKASSA_NOTIFY_SOURCES);
    expect(configOf({ YOOKASSA_NOTIFY_SOURCES: '10.0.0.0/8, 127.0.0.1' }).payments.yookassa.notifySources).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => configOf({ YOOKASSA_NOTIFY_SOURCES: '185.71.76.0/99' })).toThrow(ConfigError);
    expect(() => configOf({ YOOKASSA_API_URL: 'ftp://x' })).toThrow(/YOOKASSA_API_URL/);
  });

  it('amounts travel as strings with two decimals', () => {
    expect([yookassaValue(249_000), yookassaValue(5), yookassaValue(1_234_567)]).toEqual(['2490.00', '0.05', '12345.67']);
    expect([minorOf('2490.00'), minorOf('0.5'), minorOf('12'), minorOf('1.234'), minorOf(12)]).toEqual([249_000, 50, 1200, undefined, undefined]);
  });
});

describe('a redirect payment', () => {
  it('is created with Basic auth, the idempotency key, a two-decimal amount and our metadata, and comes back pending with a confirmation URL', async () => {
    const r = await created({ autoPay: { intervalMonths: 1 } });
    const sent = fake.requests.at(-1)!;
    expect(sent.key).toMatch(/^checkout-/);
    expect(sent.body).toMatchObject({ amount: { value: '2490.00', currency: 'RUB' }, capture: true, confirmation: { type: 'redirect', return_url: 'https://cabinet.example/payments?checkout=1' }, save_payment_method: true, description: 'Тариф Pro, ноябрь', merchant_customer_id: 'owner@example.ru' });
    expect(r.payment).toMatchObject({ provider: 'yookassa', status: 'pending', providerStatus: 'pending', amount: { amount: 249_000, currency: 'RUB' }, test: true });
    expect(r.payment.metadata).toMatchObject({ ownerId: '7' });
    expect(r.confirmationUrl).toMatch(/^https:\/\/yoomoney\.ru\/checkout\/payments\/v2\/contract\?orderId=/);
  });

  it('a one-off payment does not ask to save the method; a long description is cut to YooKassa\'s 128', async () => {
    await created({ description: 'д'.repeat(300) });
    const sent = fake.requests.at(-1)!.body;
    expect(sent.save_payment_method).toBeUndefined();
    expect((sent.description as string).length).toBe(128);
  });

  it('the same key gives the same payment; the same key with another body is refused as YooKassa refuses it', async () => {
    const req = checkout();
    const [a, b] = [await yk.createCheckout(req), await yk.createCheckout(req)];
    expect(a.ok && b.ok && a.payment.id === b.payment.id).toBe(true);
    const other = await yk.createCheckout({ ...req, amount: { amount: 100, currency: 'RUB' } });
    expect(other).toEqual({ ok: false, kind: 'refused', code: 'invalid_request', description: 'Idempotence key duplicated', parameter: 'Idempotence-Key' });
  });

  it('fetching maps the statuses: succeeded with the saved method, canceled with its reason; an unknown id is notFound', async () => {
    const paid = await created({ autoPay: { intervalMonths: 1 } });
    fake.succeed(paid.payment.id);
    const p = await yk.fetchPayment(paid.payment.id);
    expect(p.ok && p.payment).toMatchObject({ status: 'succeeded', savedMethod: { title: 'Bank card *4444' } });

    const once = await created();
    fake.succeed(once.payment.id);
    const q = await yk.fetchPayment(once.payment.id);
    expect(q.ok && q.payment.status === 'succeeded' && q.payment.savedMethod).toBe(undefined);

    const gone = await created();
    fake.cancel(gone.payment.id, 'expired_on_confirmation');
    const c = await yk.fetchPayment(gone.payment.id);
    expect(c.ok && c.payment).toMatchObject({ status: 'canceled', cancellation: { party: 'yoo_money', reason: 'expired_on_confirmation' } });

    expect(await yk.fetchPayment('2ff0c9b8-000f-5000-8000-000000000000')).toEqual({ ok: false, kind: 'notFound' });
  });
});

describe('a charge of the saved method', () => {
  it('sends payment_method_id with no confirmation and succeeds at once; a declined card is canceled with its reason', async () => {
    const first = await created({ autoPay: { intervalMonths: 1 } });
    fake.succeed(first.payment.id);
    const saved = await yk.fetchPayment(first.payment.id);
    const methodId = saved.ok ? saved.payment.savedMethod!.id : '';
    const charge = { idempotencyKey: `renewal-7-2026-12-${Date.now()}`, amount: { amount: 249_000, currency: 'RUB' }, description: 'Тариф Pro, декабрь', methodId, metadata: { subscriptionId: '3', period: '2026-12' } };
    const r = await yk.chargeSavedMethod(charge);
    expect(fake.requests.at(-1)!.body).toMatchObject({ payment_method_id: methodId, capture: true });
    expect(fake.requests.at(-1)!.body.confirmation).toBeUndefined();
    expect(r.ok && r.payment).toMatchObject({ status: 'succeeded', metadata: { period: '2026-12' } });
    const again = await yk.chargeSavedMethod(charge);
    expect(again.ok && r.ok && again.payment.id === r.payment.id).toBe(true);

    fake.declineSaved = 'insufficient_funds';
    const d = await yk.chargeSavedMethod({ ...charge, idempotencyKey: `renewal-declined-${Date.now()}` });
    fake.declineSaved = undefined;
    expect(d.ok && d.payment).toMatchObject({ status: 'canceled', cancellation: { party: 'payment_network', reason: 'insufficient_funds' } });
  });

  it('auto-pay off calls nothing: renewals are our own job\'s', async () => {
    const before = fake.requests.length;
    expect(yk.renewals).toBe('merchant');
    expect(await yk.stopRenewals({ subscriptionId: '3', idempotencyKey: 'stop-3' })).toEqual({ ok: true });
    expect(fake.requests.length).toBe(before);
  });

  it('an unknown method is refused naming payment_method_id', async () => {
    const r = await yk.chargeSavedMethod({ idempotencyKey: `renewal-x-${Date.now()}`, amount: { amount: 100, currency: 'RUB' }, description: 'x', methodId: 'no-such-method', metadata: {} });
    expect(r).toMatchObject({ ok: false, kind: 'refused', code: 'invalid_request', parameter: 'payment_method_id' });
  });
});

describe('errors', () => {
  it('a wrong key is keyRefused (401); a shop without recurring payments is keyRefused (403)', async () => {
    const wrong = providerOf({ ...env(), YOOKASSA_SECRET_KEY: 'test_wrong' }, 'yookassa');
    expect(await wrong.createCheckout(checkout())).toEqual({ ok: false, kind: 'keyRefused', status: 401 });
    expect(await wrong.fetchPayment('x')).toEqual({ ok: false, kind: 'keyRefused', status: 401 });
    fake.recurringAllowed = false;
    const r = await yk.createCheckout(checkout({ autoPay: { intervalMonths: 1 } }));
    fake.recurringAllowed = true;
    expect(r).toEqual({ ok: false, kind: 'keyRefused', status: 403 });
  });

  it('429, 500 and an unreachable API are `down` (retry later with the same key)', async () => {
    for (const status of [429, 500, 503]) {
      fake.failNext(1, status);
      expect(await yk.createCheckout(checkout()), String(status)).toEqual({ ok: false, kind: 'down', reason: `provider error ${status}` });
    }
    const dead = providerOf({ ...env(), YOOKASSA_API_URL: DEAD_URL }, 'yookassa');
    expect(await dead.fetchPayment('x')).toEqual({ ok: false, kind: 'down', reason: 'network error' });
  });

  it('a 400 is `refused` with YooKassa\'s code, description and parameter', async () => {
    expect(await yk.createCheckout(checkout({ amount: { amount: 100, currency: 'RU' } }))).toEqual({ ok: false, kind: 'refused', code: 'invalid_request', description: 'Invalid currency', parameter: 'amount.currency' });
    expect(await yk.createCheckout(checkout({ returnUrl: 'not a url' }))).toMatchObject({ ok: false, kind: 'refused', parameter: 'confirmation.return_url' });
  });
});

describe('notifications', () => {
  it('from an address not on the list are refused without asking YooKassa', async () => {
    const p = await created();
    const before = fake.requests.length;
    for (const address of ['203.0.113.7', '127.0.0.1', '::1', 'not-an-ip']) {
      expect(await notify(fake.notification('payment.succeeded', p.payment.id, { status: 'succeeded' }), address)).toMatchObject({ ok: false, kind: 'refused', refusal: 'unknownSource' });
    }
    expect(fake.requests.length).toBe(before);
  });

  it('the credential alone, for the route\'s guard: the address, no body and no call', () => {
    const before = fake.requests.length;
    const check = (sourceAddress: string) => yk.checkNotificationCredential({ rawBody: '', headers: {}, sourceAddress });
    expect([check('185.71.77.31'), check('77.75.156.35'), check('::ffff:77.75.154.200')]).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect([check('185.71.77.32'), check('77.75.156.36'), check('10.0.0.1')].map((c) => !c.ok && c.refusal)).toEqual(['unknownSource', 'unknownSource', 'unknownSource']);
    expect(fake.requests.length).toBe(before);
  });

  it('from a listed address only the refetched payment counts: a forged "succeeded" for a pending payment stays pending', async () => {
    const p = await created({ autoPay: { intervalMonths: 1 } });
    const forged = fake.notification('payment.succeeded', p.payment.id, { status: 'succeeded', paid: true, amount: { value: '1.00', currency: 'RUB' } });
    const r = await notify(forged);
    expect(r.ok && r.event).toMatchObject({ kind: 'pending', providerEvent: 'payment.succeeded', providerPaymentId: p.payment.id, payment: { status: 'pending', amount: { amount: 249_000 } } });

    fake.succeed(p.payment.id);
    const real = await notify(fake.notification('payment.succeeded', p.payment.id), '::ffff:77.75.153.5');
    expect(real.ok && real.event).toMatchObject({ kind: 'paid', metadata: { ownerId: '7' }, payment: { status: 'succeeded', savedMethod: { title: 'Bank card *4444' } } });
    // A repeated notification carries the same dedupe key: the route applies it once.
    const twice = await notify(fake.notification('payment.succeeded', p.payment.id), '2a02:5180::1');
    expect(twice.ok && real.ok && twice.event.dedupeKey === real.event.dedupeKey).toBe(true);
  });

  it('a canceled payment is `canceled` whatever the notification claims; an address the operator lists is trusted', async () => {
    const p = await created();
    fake.cancel(p.payment.id, 'insufficient_funds', 'payment_network');
    const local = providerOf({ ...env(), YOOKASSA_NOTIFY_SOURCES: '127.0.0.1' }, 'yookassa');
    const r = await local.readNotification({ rawBody: fake.notification('payment.succeeded', p.payment.id, { status: 'succeeded' }), headers: {}, sourceAddress: '127.0.0.1' });
    expect(r.ok && r.event).toMatchObject({ kind: 'canceled', payment: { cancellation: { reason: 'insufficient_funds' } } });
  });

  it('posted over HTTP from 127.0.0.1, it is read from the socket\'s address like a route would', async () => {
    const p = await created();
    fake.succeed(p.payment.id);
    const local = providerOf({ ...env(), YOOKASSA_NOTIFY_SOURCES: '127.0.0.1' }, 'yookassa');
    const seen: unknown[] = [];
    const receiver = await startFake(async (req, raw, res) => {
      seen.push(await local.readNotification({ rawBody: raw, headers: req.headers, sourceAddress: req.socket.remoteAddress ?? '' }));
      sendJson(res, 200, {});
    });
    await fake.notify(`${receiver.url}/Webhooks/yookassa`, 'payment.succeeded', p.payment.id);
    await receiver.close();
    expect(seen).toMatchObject([{ ok: true, event: { kind: 'paid', providerPaymentId: p.payment.id } }]);
  });

  it('an unknown payment, a malformed body, other events, and YooKassa down while refetching', async () => {
    expect(await notify(JSON.stringify({ type: 'notification', event: 'payment.succeeded', object: { id: 'forged-id' } }))).toMatchObject({ ok: false, refusal: 'unknownPayment' });
    expect(await notify('{not json')).toMatchObject({ ok: false, refusal: 'malformed' });
    expect(await notify(JSON.stringify({ event: 'payment.succeeded' }))).toMatchObject({ ok: false, refusal: 'malformed' });
    expect(await notify(JSON.stringify({ type: 'notification', event: 'refund.succeeded', object: { id: 'r1' } }))).toMatchObject({ ok: true, event: { kind: 'ignored' } });
    const p = await created();
    fake.failNext(1, 500);
    expect(await notify(fake.notification('payment.succeeded', p.payment.id))).toEqual({ ok: false, kind: 'down', reason: 'provider error 500' });
  });
});
