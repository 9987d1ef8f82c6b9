// The owner's pay link (issue 18, docs/payments.md "Pay links"): a cart priced for the owner, shared, and paid by
// someone who does not sign in; the owner's payments rows appear and the tariff is on, as with their own payment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { promocodes } from '../../../src/server/modules/admin/schema.ts';
import { checkouts, payLinks } from '../../../src/server/modules/payments/schema.ts';
import { checkoutRow, INTL, ownerWithCompany, paySnapshot, RU, rowsOfOrder, startPayWorld, stripeNotify, yookassaNotify, type PayWorld } from './checkout-support.ts';

let w: PayWorld;
beforeAll(async () => {
  w = await startPayWorld();
});
afterAll(async () => w?.close());

const tariff1 = (company: string, months = 1) => ({ tariff: 1, unitIds: [company], months });
const share = (token: string, body: unknown, headers: Record<string, string> = RU) => w.server.call('POST', '/Payments/PayLinks', { token, body, headers });
const view = (id: string, headers: Record<string, string> = RU) => w.server.call('GET', `/Public/Payments/Links/${id}`, { headers });
const pay = (id: string, body: unknown = { termsAccepted: true }, headers: Record<string, string> = RU) => w.server.call('POST', `/Public/Payments/Links/${id}/Checkout`, { body, headers });
const attemptsOf = (id: string) => w.server.api.db.select().from(checkouts).where(eq(checkouts.payLinkId, id));
const snapshot = async () => ({ ...(await paySnapshot(w)), links: (await w.server.api.db.select().from(payLinks)).length });

describe('making a pay link', () => {
  it('answers the link, its expiry in 7 days and the quote; refusals change nothing', async () => {
    const o = await ownerWithCompany(w);
    const made = await share(o.token, { items: [tariff1(o.company, 3)], packs: { messages: 500 } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.url).toBe(`https://app.notifio.ru/publicPayments?link=${made.body.id}`);
    expect(made.body.expiresUnixTime).toBe(Math.floor(w.server.clock.now() / 1000) + 7 * 86_400);
    expect(made.body).toMatchObject({ currency: 'RUB', total: made.body.quote.total });
    expect(made.body.quote.lines).toHaveLength(1);

    const before = await snapshot();
    const refusals: [unknown, string, string][] = [
      [{ items: [tariff1(o.company)], autoPay: true }, 'autoPay', 'payLinkAutoPay'],
      [{ items: [] }, 'items', 'cartEmpty'],
      [{ items: [{ tariff: 1, unitIds: ['999999'], months: 1 }] }, 'items[0].unitIds[0]', 'unitNotFound'],
      [{ items: [tariff1(o.company, 2)] }, 'items[0].months', 'monthsNotOffered'],
      [{ items: [tariff1(o.company)], packs: { messages: 10 } }, 'packs.messages', 'messagesPackTooSmall'],
      [{ items: [tariff1(o.company)], promocode: 'NOSUCH' }, 'promocode', 'promocodeNotFound'],
    ];
    for (const [body, field, code] of refusals) {
      const res = await share(o.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ field, code });
    }
    expect((await share(o.token, { items: 'x' })).status).toBe(400);
    expect((await w.server.call('POST', '/Payments/PayLinks', { body: { items: [tariff1(o.company)] }, headers: RU })).status).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it('another owner\'s unit is not found; the promo code is priced in', async () => {
    const a = await ownerWithCompany(w);
    const b = await ownerWithCompany(w);
    const res = await share(b.token, { items: [tariff1(a.company)] });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ field: 'items[0].unitIds[0]', code: 'unitNotFound' });
    await w.server.api.db.insert(promocodes).values({ code: 'LINK10', discountPercent: 10, paymentCount: 10, paymentsCountByUser: 1, createdAt: new Date(w.server.clock.now()) });
    const priced = await share(a.token, { items: [tariff1(a.company)], promocode: 'link10' });
    expect(priced.status).toBe(201);
    expect(priced.body.quote.promo).toEqual({ code: 'LINK10', discountPercent: 10 });
    expect(priced.body.total).toBe(108000);
  });

  it('at most 20 open links per owner: 409 payLinksLimit; an expired one frees a place', async () => {
    const o = await ownerWithCompany(w);
    for (let i = 0; i < 20; i++) expect((await share(o.token, { items: [tariff1(o.company)] })).status).toBe(201);
    const over = await share(o.token, { items: [tariff1(o.company)] });
    expect(over.status).toBe(409);
    expect(over.body.code).toBe('payLinksLimit');
    // One link's week ends (the owner's session would not last a week of the test clock).
    const [oldest] = await w.server.api.db.select().from(payLinks).where(eq(payLinks.userId, o.id)).limit(1);
    await w.server.api.db.update(payLinks).set({ expiresAt: new Date(w.server.clock.now()) }).where(eq(payLinks.id, oldest!.id));
    expect((await share(o.token, { items: [tariff1(o.company)] })).status).toBe(201);
  });
});

describe('paying a pay link without signing in', () => {
  it('shows what is paid for, then a canceled attempt and a paid one: the owner\'s rows, the tariff on, 409 after', async () => {
    const o = await ownerWithCompany(w);
    const flow = await w.server.call('POST', '/Flows', { token: o.token, body: { title: 'Birthday', content: 'Happy birthday {{clientName}}', type: 'birthday' } });
    expect(flow.body.status).toBe('Unavailable');
    const made = await share(o.token, { items: [tariff1(o.company)] });
    const id = made.body.id as string;

    const shown = await view(id);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({
      id,
      brand: 'main-ru',
      brandName: 'Notifio',
      lines: [{ tariff: 1, units: 1, months: 1, amount: 120000 }],
      packs: [],
      total: 120000,
      currency: 'RUB',
      state: 'open',
      attempt: null,
      expiresUnixTime: made.body.expiresUnixTime,
    });
    expect(JSON.stringify(shown.body)).not.toContain('@example.com');

    const before = await snapshot();
    const refused = await pay(id, { termsAccepted: false });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ field: 'termsAccepted', code: 'termsNotAccepted' });
    expect(await snapshot()).toEqual(before);

    // First try: canceled at the provider; the link stays payable.
    const first = await pay(id);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.confirmationUrl).toMatch(/^https:\/\/yoomoney\.ru\//);
    expect(w.yk.requests.at(-1)!.body).toMatchObject({ amount: { value: '1200.00', currency: 'RUB' }, confirmation: { return_url: `https://app.notifio.ru/publicPayments?link=${id}` } });
    expect((await view(id)).body).toMatchObject({ state: 'open', attempt: 'pending' });
    const [a1] = await attemptsOf(id);
    expect(a1).toMatchObject({ userId: o.id, total: 120000, provider: 'yookassa', status: 'pending', autoPay: false });
    w.yk.cancel(a1!.providerPaymentId!, 'insufficient_funds', 'payment_network');
    expect((await yookassaNotify(w, 'payment.canceled', a1!.providerPaymentId!)).body).toEqual({ result: 'applied' });
    expect((await view(id)).body).toMatchObject({ state: 'open', attempt: 'canceled' });

    // Second try: paid; no notification comes, the return page's GET asks the provider.
    const second = await pay(id);
    expect(second.status).toBe(201);
    const a2 = (await attemptsOf(id)).find((c) => c.id !== a1!.id)!;
    w.yk.succeed(a2.providerPaymentId!);
    expect((await view(id)).body).toMatchObject({ state: 'paid', attempt: null });
    const rows = await rowsOfOrder(w, a2.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: o.id, tariff: 1, success: true, amount: 1200, internalYclientsCompaniesIds: [Number(o.company)] });
    expect((await checkoutRow(w, a2.id))!.status).toBe('paid');
    expect((await w.server.call('GET', `/Flows/${flow.body.id}`, { token: o.token })).body.status).toBe('Pause');
    const history = await w.server.call('GET', '/Payments', { token: o.token });
    expect(history.body.payments.map((p: { id: number }) => p.id)).toContain(rows[0]!.id);
    // The late notification is known ground.
    expect((await yookassaNotify(w, 'payment.succeeded', a2.providerPaymentId!)).body).toEqual({ result: 'ignored' });

    const again = await pay(id);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('alreadyPaid');
  });

  it('on a dollar brand through Stripe, by its notification', async () => {
    const user = await w.server.createUser(`link-intl-${Date.now()}@example.com`, 'secret1');
    const made = await share(user.token, { items: [{ tariff: 16, months: 1 }] }, INTL);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.url).toBe(`https://app.notifio.me/publicPayments?link=${made.body.id}`);
    const opened = await pay(made.body.id, { termsAccepted: true }, INTL);
    expect(opened.body.confirmationUrl).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const [a] = await attemptsOf(made.body.id);
    expect(a).toMatchObject({ provider: 'stripe', currency: 'USD', userId: user.id });
    w.st.complete(a!.providerPaymentId!);
    expect((await stripeNotify(w, 'checkout.session.completed', w.st.sessions.get(a!.providerPaymentId!)!)).body).toEqual({ result: 'applied' });
    expect((await view(made.body.id, INTL)).body).toMatchObject({ state: 'paid', currency: 'USD' });
    expect(await rowsOfOrder(w, a!.id)).toHaveLength(1);
  });

  it('an expired link: shown as expired, Pay is 409 payLinkExpired and nothing is opened', async () => {
    const o = await ownerWithCompany(w);
    const made = await share(o.token, { items: [tariff1(o.company)] });
    w.server.clock.advance(7 * 86_400);
    expect((await view(made.body.id)).body.state).toBe('expired');
    const calls = w.yk.requests.length;
    const res = await pay(made.body.id);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('payLinkExpired');
    expect(w.yk.requests.length).toBe(calls);
    expect(await attemptsOf(made.body.id)).toHaveLength(0);
  });

  it('the owner\'s signed-in calls do not see another owner\'s link; the public view is all anyone gets', async () => {
    const a = await ownerWithCompany(w);
    const b = await ownerWithCompany(w);
    const made = await share(a.token, { items: [tariff1(a.company)] });
    const withToken = await w.server.call('GET', `/Public/Payments/Links/${made.body.id}`, { token: b.token, headers: RU });
    expect(withToken.body).toEqual((await view(made.body.id)).body);
    // A link is not a checkout: the other owner's checkout lookup finds nothing.
    await pay(made.body.id);
    const [attempt] = await attemptsOf(made.body.id);
    expect((await w.server.call('GET', `/Payments/Checkout/${attempt!.id}`, { token: b.token })).status).toBe(404);
    expect((await w.server.call('GET', `/Payments/Checkout/${attempt!.id}`, { token: a.token })).status).toBe(200);
  });

  it('unknown ids are 404, malformed ones 400, never 5xx', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await view(unknown)).status).toBe(404);
    expect((await view(unknown)).body.code).toBe('payLinkNotFound');
    expect((await pay(unknown)).status).toBe(404);
    for (const bad of ['123', 'not-a-uuid', '%00', 'x'.repeat(100)]) {
      expect((await view(bad)).status, bad).toBe(400);
      expect((await pay(bad)).status, bad).toBe(400);
    }
    expect((await view('x'.repeat(5000))).status).toBeLessThan(500);
    expect((await pay(unknown, { termsAccepted: true, extra: 1 })).status).toBe(400);
    expect((await pay(unknown, { termsAccepted: 'yes' })).status).toBe(400);
    expect((await pay(unknown, [])).status).toBe(400);
  });
});

describe('rate limit', () => {
  it('the public link routes are limited per address like the code routes (429)', async () => {
    const limited = await startPayWorld({ RATE_LIMIT_CODE_MAX: '2' });
    try {
      const id = '00000000-0000-4000-8000-000000000000';
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await limited.server.call('GET', `/Public/Payments/Links/${id}`)).status);
      expect(statuses).toEqual([404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});
