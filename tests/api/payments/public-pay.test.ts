// The public pay link (issue 18, docs/payments.md "The pay link"): an admin's unpaid payment, shown and paid without
// sign-in; once paid the admin's own row is successful (no new row) and the link says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createMailer } from '../../../src/server/platform/mail/mailer.ts';
import type { ProviderPayment } from '../../../src/server/modules/payments/providers/types.ts';
import { applyPayment } from '../../../src/server/modules/payments/record-paid.ts';
import { payments } from '../../../src/server/modules/admin/schema.ts';
import { checkouts } from '../../../src/server/modules/payments/schema.ts';
import { INTL, paySnapshot, RU, startPayWorld, stripeNotify, yookassaNotify, type PayWorld } from './checkout-support.ts';

let w: PayWorld;
let admin: { id: number; token: string };
let owner: { id: number; token: string };
beforeAll(async () => {
  w = await startPayWorld();
  admin = await w.server.createUser('pay-admin@example.com', 'secret1', 'admin');
  owner = await w.server.createUser('pay-link-owner@example.com', 'secret1');
});
afterAll(async () => w?.close());

/** The admin adds an unpaid payment and takes its pay link: the public id. */
async function payLink(body: Record<string, unknown> = {}) {
  const added = await w.server.call('POST', `/Admin/Users/${owner.id}/Pays`, { token: admin.token, body: { success: false, amount: 2500, currency: 'RUB', tariff: 1, dateBeginUnixTime: 1_800_000_000, dateEndUnixTime: 1_802_592_000, ...body } });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  const link = await w.server.call('GET', `/Admin/Users/${owner.id}/Pays/${added.body.id}/LinkToPay`, { token: admin.token, headers: RU });
  const publicId = new URL(link.body.url).searchParams.get('payment')!;
  return { payId: added.body.id as number, publicId };
}

const rowOf = async (payId: number) => (await w.server.api.db.select().from(payments).where(eq(payments.id, payId)))[0]!;
const pay = (publicId: string, body: unknown, headers: Record<string, string> = RU) => w.server.call('POST', `/Public/Payments/${publicId}/Checkout`, { body, headers });

describe('the pay link', () => {
  it('end to end on YooKassa: shown, paid, the admin\'s row successful, then 409 alreadyPaid', async () => {
    const { payId, publicId } = await payLink();
    const shown = await w.server.call('GET', `/Public/Payments/${publicId}`, { headers: RU });
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({ publicId, tariff: 1, amount: 250000, currency: 'RUB', success: false, dateBeginUnixTime: 1_800_000_000, dateEndUnixTime: 1_802_592_000, brand: 'main-ru' });

    const before = await paySnapshot(w);
    const refused = await pay(publicId, { termsAccepted: false });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ field: 'termsAccepted', code: 'termsNotAccepted' });
    expect(await paySnapshot(w)).toEqual(before);

    const opened = await pay(publicId, { termsAccepted: true });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    expect(opened.body.confirmationUrl).toMatch(/^https:\/\/yoomoney\.ru\//);
    const sent = w.yk.requests.at(-1)!;
    expect(sent.body).toMatchObject({ amount: { value: '2500.00', currency: 'RUB' }, confirmation: { return_url: `https://app.notifio.ru/publicPayments?payment=${publicId}` } });
    const [co] = await w.server.api.db.select().from(checkouts).where(eq(checkouts.paymentPublicId, publicId));
    expect(co).toMatchObject({ userId: owner.id, total: 250000, provider: 'yookassa', status: 'pending' });

    w.yk.succeed(co!.providerPaymentId!);
    expect((await yookassaNotify(w, 'payment.succeeded', co!.providerPaymentId!)).body).toEqual({ result: 'applied' });
    expect(await rowOf(payId)).toMatchObject({ success: true, paymentId: co!.providerPaymentId, orderId: co!.id, tariff: 1, amount: 2500, dateBegin: 1_800_000_000 });
    expect((await paySnapshot(w)).payments).toBe(before.payments);
    expect((await w.server.call('GET', `/Public/Payments/${publicId}`)).body.success).toBe(true);

    const again = await pay(publicId, { termsAccepted: true });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('alreadyPaid');
  });

  it('a lost notification: the public page\'s GET asks the provider and shows it paid', async () => {
    const { payId, publicId } = await payLink({ amount: 100, currency: 'USD', tariff: 16 });
    const opened = await pay(publicId, { termsAccepted: true }, INTL);
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    expect(opened.body.confirmationUrl).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const [co] = await w.server.api.db.select().from(checkouts).where(eq(checkouts.paymentPublicId, publicId));
    expect(co).toMatchObject({ provider: 'stripe', currency: 'USD', total: 10000 });
    w.st.complete(co!.providerPaymentId!);
    const shown = await w.server.call('GET', `/Public/Payments/${publicId}`, { headers: INTL });
    expect(shown.body).toMatchObject({ success: true, brand: 'main-intl', currency: 'USD', amount: 10000 });
    expect(await rowOf(payId)).toMatchObject({ success: true, paymentId: co!.providerPaymentId });
    // The notification after it is known ground.
    expect((await stripeNotify(w, 'checkout.session.completed', w.st.sessions.get(co!.providerPaymentId!)!)).body).toEqual({ result: 'ignored' });
  });

  it('unknown ids are 404, a malformed one 400; a paid row is 409 from the start', async () => {
    expect((await w.server.call('GET', '/Public/Payments/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await pay('00000000-0000-4000-8000-000000000000', { termsAccepted: true })).status).toBe(404);
    expect((await w.server.call('GET', '/Public/Payments/123')).status).toBe(400);
    expect((await pay('00000000-0000-4000-8000-000000000000', { termsAccepted: true, extra: 1 })).status).toBe(400);
    const { publicId } = await payLink({ success: true });
    expect((await pay(publicId, { termsAccepted: true })).status).toBe(409);
  });

  it('a currency no provider takes is not payable online (404)', async () => {
    const { publicId } = await payLink({ currency: 'EUR' });
    expect((await w.server.call('GET', `/Public/Payments/${publicId}`)).status).toBe(404);
    expect((await pay(publicId, { termsAccepted: true })).status).toBe(404);
  });

  it('the provider down: 502 and the link still payable afterwards', async () => {
    const { publicId } = await payLink();
    w.yk.failNext(10, 503);
    const down = await pay(publicId, { termsAccepted: true });
    w.yk.failNext(0, 503);
    expect(down.status).toBe(502);
    expect((await pay(publicId, { termsAccepted: true })).status).toBe(201);
  });
});

describe('the pay link against changes and races', () => {
  const ctx = () => ({ config: w.server.api.config, db: w.server.api.db, mailer: createMailer(w.server.api.config, w.server.api.db), userStates: undefined as never });
  const paid = (id: string, amount: number): ProviderPayment => ({ provider: 'yookassa', id, status: 'succeeded', providerStatus: 'succeeded', amount: { amount, currency: 'RUB' }, metadata: {}, test: true });
  const checkoutsOf = (publicId: string) => w.server.api.db.select().from(checkouts).where(eq(checkouts.paymentPublicId, publicId)).orderBy(checkouts.createdAt);

  it('the admin changed the amount after the checkout opened: the paid checkout does not mark the row paid', async () => {
    const { payId, publicId } = await payLink();
    expect((await pay(publicId, { termsAccepted: true })).status).toBe(201);
    const [co] = await checkoutsOf(publicId);
    await w.server.api.db.update(payments).set({ amount: 3000 }).where(eq(payments.id, payId));
    w.yk.succeed(co!.providerPaymentId!);
    await yookassaNotify(w, 'payment.succeeded', co!.providerPaymentId!);
    expect(await rowOf(payId)).toMatchObject({ success: false, amount: 3000, paymentId: null });
    // Still payable for its new amount.
    expect((await w.server.call('GET', `/Public/Payments/${publicId}`)).body).toMatchObject({ success: false, amount: 300000 });
    expect((await pay(publicId, { termsAccepted: true })).status).toBe(201);
  });

  it('an amount above the most one payment can be: 409 totalTooLarge, nothing opened or stored', async () => {
    const { publicId } = await payLink({ amount: 1_000_000 });
    const before = await paySnapshot(w);
    const requests = w.yk.requests.length;
    const res = await pay(publicId, { termsAccepted: true });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('totalTooLarge');
    expect(await paySnapshot(w)).toEqual(before);
    expect(w.yk.requests.length).toBe(requests);
  });

  // PostgreSQL only: PGlite runs one transaction at a time.
  it.skipIf(!process.env.DATABASE_URL)('two checkouts of one link paid at once: one marks the row paid, the other is logged for refund (PostgreSQL)', async () => {
    const { payId, publicId } = await payLink();
    expect((await pay(publicId, { termsAccepted: true })).status).toBe(201);
    expect((await pay(publicId, { termsAccepted: true })).status).toBe(201);
    const [a, b] = await checkoutsOf(publicId);
    const db = w.server.api.db;
    const errors: string[] = [];
    const log = { error: (_o: unknown, msg: string) => errors.push(msg) } as never;
    // The admin's row is held while both are recorded, so both reach it at once; let go when both wait on a lock.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const holder = db.transaction(async (tx) => {
      await tx.select({ id: payments.id }).from(payments).where(eq(payments.id, payId)).for('update');
      await released;
    });
    const both = Promise.all([a!, b!].map((c) => db.transaction((tx) => applyPayment(ctx(), tx, c.id, paid(c.providerPaymentId!, 250000), log))));
    await expect.poll(async () => Number(((await db.execute(sql`select count(*)::int as n from pg_locks where not granted`)) as unknown as { rows: { n: number }[] }).rows[0]!.n), { interval: 20, timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    release();
    await holder;
    expect(await both).toEqual(['applied', 'applied']);
    expect(errors).toEqual(['pay link paid again']);
    const row = await rowOf(payId);
    expect(row.success).toBe(true);
    expect([a!.id, b!.id]).toContain(row.orderId);
  });
});

describe('rate limit', () => {
  it('each public route is limited per address like the code routes (429)', async () => {
    const limited = await startPayWorld({ RATE_LIMIT_CODE_MAX: '2' });
    try {
      const id = '00000000-0000-4000-8000-000000000000';
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await limited.server.call('GET', `/Public/Payments/${id}`)).status);
      expect(statuses).toEqual([404, 404, 429]);
      const posts = [];
      for (let i = 0; i < 3; i++) posts.push((await limited.server.call('POST', `/Public/Payments/${id}/Checkout`, { body: { termsAccepted: true } })).status);
      expect(posts).toEqual([404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});
