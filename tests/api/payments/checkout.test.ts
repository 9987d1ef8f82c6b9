// Checkout (issue 18, docs/payments.md "Checkout"): a priced cart opened at the brand's provider, paid through the
// provider's notification or healed by the return page's poll, recorded as payments rows that turn the tariff on;
// the terms, "not configured", a provider down, another owner's id, a 100 % promo code and auto-pay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../../src/server/modules/account/schema.ts';
import { promocodes } from '../../../src/server/modules/admin/schema.ts';
import { addMonthsUtc } from '../../../src/server/modules/payments/record-paid.ts';
import { RECHECK_MINUTES, SWEEP_AFTER_MINUTES, SWEEP_FOR_DAYS, sweepPendingCheckouts } from '../../../src/server/modules/payments/checkout-sweep.ts';
import { checkout, checkoutRow, INTL, ownerWithCompany, paySnapshot, RU, rowsOfOrder, startPayWorld, stripeNotify, subscriptionsOf, yookassaNotify, type PayWorld } from './checkout-support.ts';

let w: PayWorld;
beforeAll(async () => {
  w = await startPayWorld();
});
afterAll(async () => w?.close());

const nowS = () => Math.floor(w.server.clock.now() / 1000);
const tariff1 = (company: string, months = 1) => ({ tariff: 1, unitIds: [company], months });
const flowStatus = async (token: string, id: number) => (await w.server.call('GET', `/Flows/${id}`, { token })).body.status;

describe('YooKassa (a rouble brand)', () => {
  it('pays tariff 1: the payments row, the tariff on at once (an Unavailable flow becomes available)', async () => {
    const o = await ownerWithCompany(w);
    const flow = await w.server.call('POST', '/Flows', { token: o.token, body: { title: 'Birthday', content: 'Happy birthday {{clientName}}', type: 'birthday' } });
    expect(flow.body.status).toBe('Unavailable');

    const res = await checkout(w, o.token, { items: [tariff1(o.company)], termsAccepted: true });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ status: 'pending', provider: 'yookassa', currency: 'RUB', total: 120000, autoPay: false, paymentIds: [], cancellationReason: null });
    expect(res.body.confirmationUrl).toMatch(/^https:\/\/yoomoney\.ru\//);
    const sent = w.yk.requests.at(-1)!;
    expect(sent.key).toBe(`checkout-${res.body.id}`);
    expect(sent.body).toMatchObject({ amount: { value: '1200.00', currency: 'RUB' }, metadata: { checkoutId: res.body.id }, confirmation: { return_url: `https://app.notifio.ru/payments?checkout=${res.body.id}` } });
    expect(sent.body.save_payment_method).toBeUndefined();

    const pid = (await checkoutRow(w, res.body.id))!.providerPaymentId!;
    w.yk.succeed(pid);
    expect(await yookassaNotify(w, 'payment.succeeded', pid)).toEqual({ status: 200, body: { result: 'applied' } });

    const got = await w.server.call('GET', `/Payments/Checkout/${res.body.id}`, { token: o.token });
    expect(got.body).toMatchObject({ status: 'paid', confirmationUrl: null });
    const rows = await rowsOfOrder(w, res.body.id);
    expect(got.body.paymentIds).toEqual(rows.map((r) => r.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: o.id, tariff: 1, success: true, isFree: false, amount: 1200, currency: 'RUB', paymentId: pid, internalYclientsCompaniesIds: [Number(o.company)], isAutoPay: false, dateBegin: nowS() });
    expect(rows[0]!.dateEnd).toBe(addMonthsUtc(nowS(), 1));
    expect(rows[0]!.paymentDay).toBe(rows[0]!.dateEnd);
    expect(await flowStatus(o.token, flow.body.id)).toBe('Pause');

    // A second month bought early extends the period instead of overlapping it.
    const again = await checkout(w, o.token, { items: [tariff1(o.company)], termsAccepted: true });
    const pid2 = (await checkoutRow(w, again.body.id))!.providerPaymentId!;
    w.yk.succeed(pid2);
    await yookassaNotify(w, 'payment.succeeded', pid2);
    const [second] = await rowsOfOrder(w, again.body.id);
    expect(second).toMatchObject({ dateBegin: rows[0]!.dateEnd, dateEnd: addMonthsUtc(rows[0]!.dateEnd!, 1) });
  });

  it('a crash between the provider\'s success and our record: the return page\'s GET heals it, once', async () => {
    const o = await ownerWithCompany(w);
    const res = await checkout(w, o.token, { items: [tariff1(o.company, 3)], termsAccepted: true });
    const pid = (await checkoutRow(w, res.body.id))!.providerPaymentId!;
    expect((await w.server.call('GET', `/Payments/Checkout/${res.body.id}`, { token: o.token })).body.status).toBe('pending');
    w.yk.succeed(pid); // no notification comes
    const healed = await w.server.call('GET', `/Payments/Checkout/${res.body.id}`, { token: o.token });
    expect(healed.body).toMatchObject({ status: 'paid' });
    expect(healed.body.paymentIds).toHaveLength(1);
    // The late notification changes nothing.
    expect((await yookassaNotify(w, 'payment.succeeded', pid)).body).toEqual({ result: 'ignored' });
    expect(await rowsOfOrder(w, res.body.id)).toHaveLength(1);
  });

  it('a lost notification and a payer who never comes back: the sweep asks the provider and records it once', async () => {
    // Its own server with the delivery tick off, so only this test's passes sweep.
    const quiet = await startPayWorld({ DELIVERY_INTERVAL_MS: '0' });
    try {
      const o = await ownerWithCompany(quiet);
      const res = await checkout(quiet, o.token, { items: [tariff1(o.company)], termsAccepted: true });
      const pid = (await checkoutRow(quiet, res.body.id))!.providerPaymentId!;
      quiet.yk.succeed(pid); // no notification, no return
      const deps = { db: quiet.server.api.db, config: quiet.server.api.config };
      const asked = () => quiet.yk.fetched.filter((id) => id === pid).length;
      quiet.server.clock.advance((SWEEP_AFTER_MINUTES - 1) * 60);
      expect(await sweepPendingCheckouts(deps)).toBe(0); // too young: the notification may still come
      quiet.server.clock.advance(2 * 60);
      expect(await sweepPendingCheckouts(deps)).toBe(1);
      expect(asked()).toBe(1);
      expect((await checkoutRow(quiet, res.body.id))!.status).toBe('paid');
      expect(await rowsOfOrder(quiet, res.body.id)).toHaveLength(1);
      quiet.server.clock.advance(RECHECK_MINUTES * 60);
      expect(await sweepPendingCheckouts(deps)).toBe(0);

      // Still pending at the provider: asked again only after RECHECK_MINUTES, and not after SWEEP_FOR_DAYS.
      const o2 = await ownerWithCompany(quiet); // a fresh session: the first one's token has expired on this clock
      const waiting = await checkout(quiet, o2.token, { items: [tariff1(o2.company)], termsAccepted: true });
      const wid = (await checkoutRow(quiet, waiting.body.id))!.providerPaymentId!;
      const askedW = () => quiet.yk.fetched.filter((id) => id === wid).length;
      quiet.server.clock.advance((SWEEP_AFTER_MINUTES + 1) * 60);
      await sweepPendingCheckouts(deps);
      await sweepPendingCheckouts(deps);
      expect(askedW()).toBe(1);
      quiet.server.clock.advance(RECHECK_MINUTES * 60);
      await sweepPendingCheckouts(deps);
      expect(askedW()).toBe(2);
      quiet.server.clock.advance(SWEEP_FOR_DAYS * 86_400);
      await sweepPendingCheckouts(deps);
      expect(askedW()).toBe(2);
      expect((await checkoutRow(quiet, waiting.body.id))!.status).toBe('pending');
    } finally {
      await quiet.close();
    }
  });

  it('a canceled payment cancels the checkout with the reason; nothing is recorded', async () => {
    const o = await ownerWithCompany(w);
    const res = await checkout(w, o.token, { items: [tariff1(o.company)], termsAccepted: true });
    const pid = (await checkoutRow(w, res.body.id))!.providerPaymentId!;
    w.yk.cancel(pid, 'insufficient_funds', 'payment_network');
    expect((await yookassaNotify(w, 'payment.canceled', pid)).body).toEqual({ result: 'applied' });
    const got = await w.server.call('GET', `/Payments/Checkout/${res.body.id}`, { token: o.token });
    expect(got.body).toMatchObject({ status: 'canceled', cancellationReason: 'insufficient_funds', paymentIds: [], confirmationUrl: null });
    expect(await rowsOfOrder(w, res.body.id)).toHaveLength(0);
  });
});

describe('Stripe (a dollar brand)', () => {
  it('pays tariff 16 for 3 months on main-intl: one USD payments row', async () => {
    const o = await ownerWithCompany(w);
    const quote = await w.server.call('POST', '/Payments/Quote', { token: o.token, body: { items: [{ tariff: 16, months: 3 }] }, headers: INTL });
    const res = await checkout(w, o.token, { items: [{ tariff: 16, months: 3 }], termsAccepted: true }, INTL);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ status: 'pending', provider: 'stripe', currency: 'USD', total: quote.body.total });
    expect(res.body.confirmationUrl).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const sent = w.st.requests.at(-1)!;
    expect(sent.key).toBe(`checkout-${res.body.id}`);
    expect(sent.form).toMatchObject({ mode: 'payment', client_reference_id: res.body.id, success_url: `https://app.notifio.me/payments?checkout=${res.body.id}` });

    const sid = (await checkoutRow(w, res.body.id))!.providerPaymentId!;
    w.st.complete(sid);
    const note = await stripeNotify(w, 'checkout.session.completed', w.st.sessions.get(sid)!);
    expect(note).toMatchObject({ status: 200, body: { result: 'applied' } });
    const [row] = await rowsOfOrder(w, res.body.id);
    expect(row).toMatchObject({ tariff: 16, success: true, currency: 'USD', amount: quote.body.total / 100, paymentId: sid, dateBegin: nowS(), dateEnd: addMonthsUtc(nowS(), 3) });
    const history = await w.server.call('GET', '/Payments', { token: o.token });
    expect(history.body.payments[0]).toMatchObject({ tariff: 16, amount: quote.body.total, currency: 'USD', success: true });
  });
});

describe('refusals change nothing', () => {
  it('terms not accepted: 400 on termsAccepted; missing: 400', async () => {
    const o = await ownerWithCompany(w);
    const before = await paySnapshot(w);
    const res = await checkout(w, o.token, { items: [tariff1(o.company)], termsAccepted: false });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ field: 'termsAccepted', code: 'termsNotAccepted' });
    expect(res.body.message).toBe('termsAccepted: accept the terms to pay');
    const missing = await checkout(w, o.token, { items: [tariff1(o.company)] });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].field).toBe('termsAccepted');
    expect(await paySnapshot(w)).toEqual(before);
  });

  it('the quote\'s refusals, and auto-pay\'s own: packs, months that differ, Stripe\'s one tariff', async () => {
    const o = await ownerWithCompany(w);
    const before = await paySnapshot(w);
    const cases: [unknown, string, string, Record<string, string>?][] = [
      [{ items: [], termsAccepted: true }, 'items', 'cartEmpty'],
      [{ items: [{ tariff: 1, unitIds: ['999999'], months: 1 }], termsAccepted: true }, 'items[0].unitIds[0]', 'unitNotFound'],
      // A total above what one payment can be (it would not fit the checkout's columns either).
      [{ items: [tariff1(o.company)], packs: { messages: 10_000_000 }, termsAccepted: true }, 'packs.messages', 'totalTooLarge'],
      [{ items: [tariff1(o.company)], packs: { messages: 500 }, autoPay: true, termsAccepted: true }, 'autoPay', 'autoPayWithPacks'],
      [{ items: [tariff1(o.company), { tariff: 16, months: 3 }], autoPay: true, termsAccepted: true }, 'autoPay', 'autoPayMonthsDiffer'],
      [{ items: [{ tariff: 16, months: 1 }, { tariff: 3, months: 1 }], autoPay: true, termsAccepted: true }, 'autoPay', 'autoPayOneTariff', INTL],
    ];
    for (const [body, field, code, headers] of cases) {
      const res = await checkout(w, o.token, body, headers);
      expect(res.status, `${field} ${code}`).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ field, code });
    }
    expect(await paySnapshot(w)).toEqual(before);
  });

  it('another owner\'s checkout id is 404; an unknown one too; no sign-in is 401', async () => {
    const a = await ownerWithCompany(w);
    const b = await ownerWithCompany(w);
    const res = await checkout(w, a.token, { items: [tariff1(a.company)], termsAccepted: true });
    expect((await w.server.call('GET', `/Payments/Checkout/${res.body.id}`, { token: b.token })).status).toBe(404);
    expect((await w.server.call('GET', '/Payments/Checkout/00000000-0000-4000-8000-000000000000', { token: a.token })).status).toBe(404);
    expect((await w.server.call('GET', '/Payments/Checkout/not-a-uuid', { token: a.token })).status).toBe(400);
    expect((await w.server.call('GET', `/Payments/Checkout/${res.body.id}`)).status).toBe(401);
  });

  it('provider down: 502, the checkout canceled (no payment), and a retry opens a new one', async () => {
    const o = await ownerWithCompany(w);
    const before = await paySnapshot(w);
    w.yk.failNext(10, 503);
    const res = await checkout(w, o.token, { items: [tariff1(o.company)], termsAccepted: true });
    w.yk.failNext(0, 503);
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('providerUnavailable');
    const after = await paySnapshot(w);
    expect(after).toEqual({ ...before, checkouts: before.checkouts + 1 });
    const retry = await checkout(w, o.token, { items: [tariff1(o.company)], termsAccepted: true });
    expect(retry.status).toBe(201);
    expect(retry.body.status).toBe('pending');
  });

  it('the provider refusing the request: 502 paymentProviderRefused', async () => {
    const o = await ownerWithCompany(w);
    w.yk.failNext(1, 400);
    const res = await checkout(w, o.token, { items: [tariff1(o.company)], termsAccepted: true });
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('paymentProviderRefused');
  });
});

describe('not configured', () => {
  let bare: PayWorld;
  beforeAll(async () => {
    bare = await startPayWorld({ YOOKASSA_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' });
  });
  afterAll(async () => bare?.close());

  it('409 paymentsNotConfigured on either brand, nothing stored; the webhooks are 404', async () => {
    const o = await ownerWithCompany(bare);
    const before = await paySnapshot(bare);
    for (const headers of [RU, INTL]) {
      const res = await checkout(bare, o.token, { items: [{ tariff: 16, months: 1 }], termsAccepted: true }, headers);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('paymentsNotConfigured');
    }
    expect(await paySnapshot(bare)).toEqual(before);
    expect(bare.yk.requests).toHaveLength(0);
    expect((await stripeNotify(bare, 'checkout.session.completed', { id: 'cs_x' })).status).toBe(404);
  });
});

describe('a 100 % promo code', () => {
  it('is paid at once without a provider: a free payments row, the tariff on', async () => {
    const o = await ownerWithCompany(w);
    await w.server.api.db.insert(promocodes).values({ code: 'FREEMONTH', discountPercent: 100, paymentCount: 10, paymentsCountByUser: 1, createdAt: new Date(w.server.clock.now()) });
    const calls = w.yk.requests.length;
    const res = await checkout(w, o.token, { items: [tariff1(o.company)], promocode: 'freemonth', termsAccepted: true });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ status: 'paid', total: 0, confirmationUrl: null });
    expect(w.yk.requests.length).toBe(calls);
    const rows = await rowsOfOrder(w, res.body.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ success: true, isFree: true, amount: 0, promocode: 'FREEMONTH', paymentId: null, tariff: 1 });
    // The code is used once by this owner now.
    const again = await checkout(w, o.token, { items: [tariff1(o.company)], promocode: 'FREEMONTH', termsAccepted: true });
    expect(again.body.errors[0]).toMatchObject({ field: 'promocode', code: 'promocodeUserLimit' });
  });
});

describe('packs', () => {
  it('are credited to the owner once paid', async () => {
    const o = await ownerWithCompany(w);
    const res = await checkout(w, o.token, { items: [], packs: { messages: 500, reviews: 100, aiBalance: 20 }, termsAccepted: true });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const pid = (await checkoutRow(w, res.body.id))!.providerPaymentId!;
    w.yk.succeed(pid);
    await yookassaNotify(w, 'payment.succeeded', pid);
    const [u] = await w.server.api.db.select().from(users).where(eq(users.id, o.id));
    expect(u).toMatchObject({ distributionMessages: 500, availableMessagesCount: 0, availableAiReviewsCount: 100, balance: 20 });
    expect(await rowsOfOrder(w, res.body.id)).toHaveLength(0);
  });
});

describe('auto-pay', () => {
  it('YooKassa: the method is saved and one subscription per tariff line is opened, charged by our job at the period end', async () => {
    const o = await ownerWithCompany(w);
    const res = await checkout(w, o.token, { items: [tariff1(o.company, 3), { tariff: 16, months: 3 }], autoPay: true, termsAccepted: true });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(w.yk.requests.at(-1)!.body.save_payment_method).toBe(true);
    const pid = (await checkoutRow(w, res.body.id))!.providerPaymentId!;
    w.yk.succeed(pid);
    await yookassaNotify(w, 'payment.succeeded', pid);
    const subs = await subscriptionsOf(w, o.id);
    expect(subs.map((s) => s.tariff).sort()).toEqual([1, 16]);
    const end = addMonthsUtc(nowS(), 3);
    for (const s of subs) {
      expect(s).toMatchObject({ provider: 'yookassa', autoPay: true, intervalMonths: 3, paidMonths: 3, periodEnd: end, nextChargeAt: end, savedMethodTitle: 'Bank card *4444', cancelled: false });
      expect(s.savedMethodSealed).toBeTruthy();
    }
    expect((await rowsOfOrder(w, res.body.id)).every((r) => r.isAutoPay)).toBe(true);

    // Deleting the account stops renewals and forgets the method.
    const del = await w.server.call('POST', '/Account/Delete', { token: o.token, body: { password: 'secret1', confirmation: (await w.server.api.db.select().from(users).where(eq(users.id, o.id)))[0]!.email } });
    expect(del.status).toBe(204);
    for (const s of await subscriptionsOf(w, o.id)) expect(s).toMatchObject({ autoPay: false, cancelled: true, nextChargeAt: null, savedMethodSealed: null, savedMethodTitle: null });
  });

  it('Stripe: a subscription-mode session; the subscription Stripe renews is kept, no charge queued here', async () => {
    const o = await ownerWithCompany(w);
    const res = await checkout(w, o.token, { items: [{ tariff: 16, months: 1 }], autoPay: true, termsAccepted: true }, INTL);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(w.st.requests.at(-1)!.form).toMatchObject({ mode: 'subscription' });
    const sid = (await checkoutRow(w, res.body.id))!.providerPaymentId!;
    w.st.complete(sid);
    await stripeNotify(w, 'checkout.session.completed', w.st.sessions.get(sid)!);
    const [sub] = await subscriptionsOf(w, o.id);
    const stripeSub = w.st.sessions.get(sid)!.subscription as string;
    expect(sub).toMatchObject({ provider: 'stripe', tariff: 16, autoPay: true, providerSubscriptionId: stripeSub, nextChargeAt: null, savedMethodSealed: null });

    const email = (await w.server.api.db.select().from(users).where(eq(users.id, o.id)))[0]!.email;
    expect((await w.server.call('POST', '/Account/Delete', { token: o.token, body: { password: 'secret1', confirmation: email } })).status).toBe(204);
    await expect.poll(() => w.st.subscriptions.get(stripeSub)!.cancel_at_period_end).toBe(true);
  });
});
