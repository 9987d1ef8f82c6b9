// Provider notifications (issue 18, docs/payments.md "Notifications"): the credential before the body (YooKassa's
// address, Stripe's signature and timestamp), each event applied once, forward only whatever the order, and no
// body, however malformed, answered with a 5xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../../src/server/modules/account/schema.ts';
import { referralRewards } from '../../../src/server/modules/partners/schema.ts';
import { checkouts } from '../../../src/server/modules/payments/schema.ts';
import { loadConfig } from '../../../src/server/platform/config.ts';
import { addMonthsUtc } from '../../../src/server/modules/payments/record-paid.ts';
import { checkout, checkoutRow, eventsOf, INTL, RU, ownerWithCompany, rowsOfOrder, startPayWorld, stripeNotify, subscriptionsOf, WHSEC, yookassaNotify, type PayWorld } from './checkout-support.ts';
import { rawPost } from './raw-request.ts';
import { openStripe, paymentsOfUser, subscriptionRow } from './subscription-support.ts';

let w: PayWorld;
beforeAll(async () => {
  w = await startPayWorld();
});
afterAll(async () => w?.close());

const post = (path: string, body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  fetch(`${w.server.base}${path}`, { method: 'POST', headers, body }).then(async (r) => ({ status: r.status, body: await r.json().catch(() => undefined) }));
const nowS = () => Math.floor(w.server.clock.now() / 1000);

/** A pending YooKassa checkout of a new owner: its id and the provider's payment id. */
async function yookassaCheckout() {
  const o = await ownerWithCompany(w);
  const res = await checkout(w, o.token, { items: [{ tariff: 1, unitIds: [o.company], months: 1 }], termsAccepted: true });
  return { owner: o, id: res.body.id as string, pid: (await checkoutRow(w, res.body.id))!.providerPaymentId! };
}

async function stripeCheckout() {
  const o = await ownerWithCompany(w);
  const res = await checkout(w, o.token, { items: [{ tariff: 16, months: 1 }], termsAccepted: true }, INTL);
  return { owner: o, id: res.body.id as string, sid: (await checkoutRow(w, res.body.id))!.providerPaymentId! };
}

describe('applied once', () => {
  it('YooKassa: the same notification twice is a duplicate; one payments row', async () => {
    const c = await yookassaCheckout();
    // A pending notification (twice) changes nothing; the paid one after it applies.
    expect((await yookassaNotify(w, 'payment.waiting_for_capture', c.pid)).body).toEqual({ result: 'ignored' });
    expect((await yookassaNotify(w, 'payment.waiting_for_capture', c.pid)).body).toEqual({ result: 'duplicate' });
    w.yk.succeed(c.pid);
    expect((await yookassaNotify(w, 'payment.succeeded', c.pid)).body).toEqual({ result: 'applied' });
    expect((await yookassaNotify(w, 'payment.succeeded', c.pid)).body).toEqual({ result: 'duplicate' });
    expect(await rowsOfOrder(w, c.id)).toHaveLength(1);
    expect((await checkoutRow(w, c.id))!.status).toBe('paid');
  });

  it('Stripe: a redelivered event is a duplicate; a late "expired" after "paid" is ignored (never back)', async () => {
    const c = await stripeCheckout();
    w.st.complete(c.sid);
    const session = w.st.sessions.get(c.sid)!;
    const first = await stripeNotify(w, 'checkout.session.completed', session);
    expect(first.body).toEqual({ result: 'applied' });
    expect((await stripeNotify(w, 'checkout.session.completed', session, { body: first.event })).body).toEqual({ result: 'duplicate' });
    expect((await stripeNotify(w, 'checkout.session.expired', { ...session, status: 'expired' })).body).toEqual({ result: 'ignored' });
    expect((await checkoutRow(w, c.id))!.status).toBe('paid');
    expect(await rowsOfOrder(w, c.id)).toHaveLength(1);
  });

  it('Stripe: "expired" first cancels; a "completed" arriving after it is ignored', async () => {
    const c = await stripeCheckout();
    const session = w.st.sessions.get(c.sid)!;
    expect((await stripeNotify(w, 'checkout.session.expired', { ...session, status: 'expired' })).body).toEqual({ result: 'applied' });
    expect(await checkoutRow(w, c.id)).toMatchObject({ status: 'canceled', cancellationReason: 'expired' });
    expect((await stripeNotify(w, 'checkout.session.completed', { ...session, status: 'complete', payment_status: 'paid' })).body).toEqual({ result: 'ignored' });
    expect(await rowsOfOrder(w, c.id)).toHaveLength(0);
  });

  it('a paid amount other than the checkout\'s is not recorded', async () => {
    const c = await stripeCheckout();
    w.st.complete(c.sid);
    const session = w.st.sessions.get(c.sid)!;
    expect((await stripeNotify(w, 'checkout.session.completed', { ...session, amount_total: 1 })).body).toEqual({ result: 'ignored' });
    expect((await checkoutRow(w, c.id))!.status).toBe('pending');
  });

  it('events that are not ours to act on answer 200 and are recorded as ignored (a renewal of a subscription that is not ours too)', async () => {
    expect((await stripeNotify(w, 'customer.created', { id: 'cus_1' })).body).toEqual({ result: 'ignored' });
    expect((await stripeNotify(w, 'checkout.session.completed', { id: 'cs_unknown', status: 'complete', payment_status: 'paid', amount_total: 100, currency: 'usd', metadata: {} })).body).toEqual({ result: 'ignored' });
    const renewal = await stripeNotify(w, 'invoice.paid', { id: 'in_1', billing_reason: 'subscription_cycle', amount_paid: 100, currency: 'usd', subscription: 'sub_x' });
    expect(renewal.body).toEqual({ result: 'ignored' });
    expect((await eventsOf(w, 'stripe')).some((e) => e.kind === 'renewalPaid' && e.providerPaymentId === 'in_1')).toBe(true);
  });
});

describe('end to end', () => {
  it('a referred friend pays through the notification; the duplicate credits the owner once', async () => {
    const referrer = await ownerWithCompany(w);
    const code = (await w.server.call('GET', '/Partners/Referral', { token: referrer.token, headers: RU })).body.code as string;
    const c = await yookassaCheckout();
    expect((await w.server.call('POST', '/Partners/Promocode/Check', { token: c.owner.token, body: { promocode: code }, headers: RU })).body.referralRecorded).toBe(true);
    w.yk.succeed(c.pid);
    expect((await yookassaNotify(w, 'payment.succeeded', c.pid)).body).toEqual({ result: 'applied' });
    expect((await yookassaNotify(w, 'payment.succeeded', c.pid)).body).toEqual({ result: 'duplicate' });
    const rewards = await w.server.api.db.select().from(referralRewards).where(eq(referralRewards.ownerUserId, referrer.id));
    expect(rewards).toHaveLength(1);
    expect(rewards[0]).toMatchObject({ friendUserId: c.owner.id, currency: 'RUB' });
    expect(rewards[0]!.amount).toBeGreaterThan(0);
    expect(rewards[0]!.amount).toBeLessThanOrEqual((await checkoutRow(w, c.id))!.total);
    const [owner] = await w.server.api.db.select({ balance: users.balance }).from(users).where(eq(users.id, referrer.id));
    // The balance is in dollars: the rouble reward converted at the price list's kopecks per dollar.
    const rate = w.server.api.config.paymentPrices.currencies.RUB.packs.aiBalanceDollar;
    expect(owner!.balance).toBe(Math.round((rewards[0]!.amount * 100) / rate) / 100);
  });

  it('a notification and the owner\'s GET /Payments/Checkout/{id} at once record the payment once', async () => {
    const c = await yookassaCheckout();
    w.yk.succeed(c.pid);
    const [notified, got] = await Promise.all([yookassaNotify(w, 'payment.succeeded', c.pid), w.server.call('GET', `/Payments/Checkout/${c.id}`, { token: c.owner.token })]);
    expect(notified.status).toBe(200);
    expect(got.status).toBe(200);
    expect(await rowsOfOrder(w, c.id)).toHaveLength(1);
    expect((await checkoutRow(w, c.id))!.status).toBe('paid');
  });

  it('a checkout whose provider id was never stored (a crash right after it was opened) is found by metadata.checkoutId', async () => {
    const c = await yookassaCheckout();
    await w.server.api.db.update(checkouts).set({ providerPaymentId: null }).where(eq(checkouts.id, c.id));
    w.yk.succeed(c.pid);
    expect((await yookassaNotify(w, 'payment.succeeded', c.pid)).body).toEqual({ result: 'applied' });
    expect(await checkoutRow(w, c.id)).toMatchObject({ status: 'paid', providerPaymentId: c.pid });
    expect(await rowsOfOrder(w, c.id)).toHaveLength(1);
    const s = await stripeCheckout();
    await w.server.api.db.update(checkouts).set({ providerPaymentId: null }).where(eq(checkouts.id, s.id));
    w.st.complete(s.sid);
    expect((await stripeNotify(w, 'checkout.session.completed', w.st.sessions.get(s.sid)!)).body).toEqual({ result: 'applied' });
    expect(await checkoutRow(w, s.id)).toMatchObject({ status: 'paid', providerPaymentId: s.sid });
  });
});

describe("Stripe's renewals", () => {
  const invoice = (id: string, subscription: string, metadata: Record<string, string> = {}) => ({
    id,
    billing_reason: 'subscription_cycle',
    amount_paid: 2000,
    currency: 'usd',
    parent: { subscription_details: { subscription, metadata } },
  });

  it('renewalPaid of a subscription of ours: applied, a new payments row, the period one interval on; a redelivery is a duplicate', async () => {
    const o = await ownerWithCompany(w);
    const sub = await openStripe(w.server, o.id, `sub_renew_${o.id}`);
    const r = await stripeNotify(w, 'invoice.paid', invoice(`in_renew_${o.id}`, `sub_renew_${o.id}`));
    expect(r.body).toEqual({ result: 'applied' });
    const rows = await paymentsOfUser(w.server, o.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ paymentId: `in_renew_${o.id}`, amount: 20, currency: 'USD', success: true, dateBegin: sub.periodEnd, dateEnd: addMonthsUtc(sub.periodEnd, 1) });
    expect((await subscriptionRow(w.server, sub.id)).periodEnd).toBe(addMonthsUtc(sub.periodEnd, 1));
    expect((await stripeNotify(w, 'invoice.paid', {}, { body: r.event })).body).toEqual({ result: 'duplicate' });
    expect(await paymentsOfUser(w.server, o.id)).toHaveLength(1);
  });

  it('a renewal before its checkout is recorded → 503, nothing written; Stripe\'s redelivery after the checkout applies it', async () => {
    const o = await ownerWithCompany(w);
    const res = await checkout(w, o.token, { items: [{ tariff: 16, months: 1 }], autoPay: true, termsAccepted: true }, INTL);
    expect(res.status).toBe(201);
    const sid = (await checkoutRow(w, res.body.id))!.providerPaymentId!;
    w.st.complete(sid);
    const stripeSub = w.st.sessions.get(sid)!.subscription as string;
    const events = (await eventsOf(w, 'stripe')).length;
    const early = await stripeNotify(w, 'invoice.paid', invoice(`in_early_${o.id}`, stripeSub, { checkoutId: res.body.id }));
    expect(early.status).toBe(503);
    expect(early.body.code).toBe('subscriptionNotYetKnown');
    expect((await eventsOf(w, 'stripe')).length).toBe(events);
    expect((await stripeNotify(w, 'checkout.session.completed', w.st.sessions.get(sid)!)).body).toEqual({ result: 'applied' });
    const [sub] = await subscriptionsOf(w, o.id);
    expect((await stripeNotify(w, 'invoice.paid', {}, { body: early.event })).body).toEqual({ result: 'applied' });
    expect(await paymentsOfUser(w.server, o.id)).toHaveLength(2);
    expect((await subscriptionRow(w.server, sub!.id)).periodEnd).toBe(addMonthsUtc(sub!.periodEnd, 1));
  });

  it('a renewal naming a checkout that was canceled can never be ours: recorded as ignored', async () => {
    const c = await stripeCheckout();
    const session = w.st.sessions.get(c.sid)!;
    expect((await stripeNotify(w, 'checkout.session.expired', { ...session, status: 'expired' })).body).toEqual({ result: 'applied' });
    expect((await stripeNotify(w, 'invoice.paid', invoice(`in_gone_${c.owner.id}`, `sub_gone_${c.owner.id}`, { checkoutId: c.id }))).body).toEqual({ result: 'ignored' });
  });
});

describe('credentials', () => {
  it('Stripe: no signature, a wrong secret, a tampered body, a stale timestamp → 401 and nothing recorded', async () => {
    const c = await stripeCheckout();
    w.st.complete(c.sid);
    const session = w.st.sessions.get(c.sid)!;
    const events = (await eventsOf(w, 'stripe')).length;
    const body = w.st.event('checkout.session.completed', session);
    expect((await post('/Webhooks/stripe', body)).status).toBe(401);
    expect((await stripeNotify(w, 'checkout.session.completed', session, { secret: 'whsec_wrong' })).status).toBe(401);
    const signed = w.st.sign(body, WHSEC, nowS());
    expect((await post('/Webhooks/stripe', body.replace('"paid"', '"unpaid"'), { 'content-type': 'application/json', 'stripe-signature': signed })).status).toBe(401);
    const stale = await stripeNotify(w, 'checkout.session.completed', session, { t: nowS() - 301 });
    expect(stale.status).toBe(401);
    expect(stale.body.code).toBe('signatureInvalid');
    // Unsigned garbage is refused by the signature before it is parsed.
    expect((await post('/Webhooks/stripe', '{not json')).status).toBe(401);
    expect((await eventsOf(w, 'stripe')).length).toBe(events);
    expect((await checkoutRow(w, c.id))!.status).toBe('pending');
  });

  it('Stripe: a signature with a byte above 0x7F (sent raw) → 401, never 5xx; a v1 that is not 64 hex digits is not one', async () => {
    const c = await stripeCheckout();
    w.st.complete(c.sid);
    const body = w.st.event('checkout.session.completed', w.st.sessions.get(c.sid)!);
    const good = w.st.sign(body, WHSEC, nowS());
    const v1 = /v1=([0-9a-f]{64})/.exec(good)![1]!;
    // 63 hex digits and an "é" (one latin1 byte): the same string length as a signature, a different byte length.
    expect(await rawPost(w.server.base, '/Webhooks/stripe', { 'Stripe-Signature': `t=${nowS()},v1=${v1.slice(0, 63)}\u00e9` }, body)).toBe(401);
    expect(await rawPost(w.server.base, '/Webhooks/stripe', { 'Stripe-Signature': `t=${nowS()},v1=${v1.toUpperCase()}` }, body)).toBe(401);
    expect((await checkoutRow(w, c.id))!.status).toBe('pending');
    expect(await rawPost(w.server.base, '/Webhooks/stripe', { 'Stripe-Signature': good }, body)).toBe(200);
  });

  it('YooKassa from an address not listed → 403 before the body is read', async () => {
    const foreign = await startPayWorld({ YOOKASSA_NOTIFY_SOURCES: '185.71.76.0/27' });
    try {
      const o = await ownerWithCompany(foreign);
      const res = await checkout(foreign, o.token, { items: [{ tariff: 1, unitIds: [o.company], months: 1 }], termsAccepted: true });
      const pid = (await checkoutRow(foreign, res.body.id))!.providerPaymentId!;
      foreign.yk.succeed(pid);
      const r = await yookassaNotify(foreign, 'payment.succeeded', pid);
      expect(r.status).toBe(403);
      const garbage = await fetch(`${foreign.server.base}/Webhooks/yookassa`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{broken' });
      expect(garbage.status).toBe(403);
      expect((await checkoutRow(foreign, res.body.id))!.status).toBe('pending');
    } finally {
      await foreign.close();
    }
  });
});

describe('TRUST_PROXY', () => {
  // YooKassa's address is its credential: behind a reverse proxy it is in X-Forwarded-For, believed only from the
  // proxies TRUST_PROXY names.
  const viaProxy = async (world: PayWorld) => {
    const o = await ownerWithCompany(world);
    const res = await checkout(world, o.token, { items: [{ tariff: 1, unitIds: [o.company], months: 1 }], termsAccepted: true });
    const pid = (await checkoutRow(world, res.body.id))!.providerPaymentId!;
    world.yk.succeed(pid);
    const r = await fetch(`${world.server.base}/Webhooks/yookassa`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '185.71.76.5' }, body: world.yk.notification('payment.succeeded', pid, {}) });
    return { status: r.status, checkout: (await checkoutRow(world, res.body.id))!.status };
  };

  it('with TRUST_PROXY=127.0.0.1 a notification forwarded for a YooKassa address is accepted; without it, refused', async () => {
    const behind = await startPayWorld({ YOOKASSA_NOTIFY_SOURCES: '', TRUST_PROXY: '127.0.0.1' });
    try {
      expect(await viaProxy(behind)).toEqual({ status: 200, checkout: 'paid' });
    } finally {
      await behind.close();
    }
    const direct = await startPayWorld({ YOOKASSA_NOTIFY_SOURCES: '' });
    try {
      expect(await viaProxy(direct)).toEqual({ status: 403, checkout: 'pending' });
    } finally {
      await direct.close();
    }
  });

  it('TRUST_PROXY=true (anyone could forge their address) or a bad range stops the start', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }).trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16']);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });
});

describe('malformed bodies never 5xx', () => {
  it('YooKassa: not JSON, not a notification, an unknown payment → 400; an oversized body → 413', async () => {
    for (const body of ['{broken', '[]', '"text"', '{}', JSON.stringify({ type: 'notification', event: 'payment.succeeded' }), JSON.stringify({ type: 'notification', event: 'payment.succeeded', object: { id: 'no-such-payment' } }), JSON.stringify({ type: 'notification', event: 'payment.succeeded', object: { id: { $ne: 1 } } })]) {
      const r = await post('/Webhooks/yookassa', body);
      expect(r.status, body).toBe(400);
    }
    expect((await post('/Webhooks/yookassa', 'x'.repeat(3_000_000))).status).toBeLessThan(500);
    expect((await post('/Webhooks/yookassa', '{}', { 'content-type': 'text/plain' })).status).toBeLessThan(500);
  });

  it('Stripe: signed bodies that are not events → 400; over 64 KB → 413', async () => {
    for (const body of ['{broken', '[]', '{}', JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed' }), JSON.stringify({ id: 'evt_2', type: 'checkout.session.completed', data: { object: { id: 'cs_1', metadata: { checkoutId: 'not-a-uuid' } } } })]) {
      const r = await post('/Webhooks/stripe', body, { 'content-type': 'application/json', 'stripe-signature': w.st.sign(body, WHSEC, nowS()) });
      expect(r.status, body).toBeLessThan(500);
      expect(r.status, body).not.toBe(401);
    }
    const big = JSON.stringify({ id: 'evt_big', type: 'x', data: { object: { pad: 'x'.repeat(70_000) } } });
    expect((await post('/Webhooks/stripe', big, { 'content-type': 'application/json', 'stripe-signature': w.st.sign(big, WHSEC, nowS()) })).status).toBe(413);
  });

  it('YooKassa unreachable while the payment is refetched → 503 (YooKassa sends it again), then applied', async () => {
    const c = await yookassaCheckout();
    w.yk.succeed(c.pid);
    w.yk.failNext(10, 500);
    const r = await yookassaNotify(w, 'payment.succeeded', c.pid);
    w.yk.failNext(0, 500);
    expect(r.status).toBe(503);
    expect(r.body.code).toBe('providerUnavailable');
    expect((await yookassaNotify(w, 'payment.succeeded', c.pid)).body).toEqual({ result: 'applied' });
  });
});

describe('Stripe asynchronous methods', () => {
  it('completed but unpaid stays pending; async_payment_failed then cancels', async () => {
    const c = await stripeCheckout();
    const session = { ...w.st.sessions.get(c.sid)!, status: 'complete', payment_status: 'unpaid' };
    expect((await stripeNotify(w, 'checkout.session.completed', session)).body).toEqual({ result: 'ignored' });
    expect((await checkoutRow(w, c.id))!.status).toBe('pending');
    expect((await stripeNotify(w, 'checkout.session.async_payment_failed', session)).body).toEqual({ result: 'applied' });
    expect(await checkoutRow(w, c.id)).toMatchObject({ status: 'canceled', cancellationReason: 'checkout.session.async_payment_failed' });
  });
});
