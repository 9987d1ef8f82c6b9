// Payments, first slice (issue 18): the host's catalogue in its currency, the owner's units, the priced cart with
// every refusal (§5 packs, §8 promo codes, each naming its field and changing nothing) and the payment history.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { linkedAccounts } from '../../../src/server/modules/account/schema.ts';
import { payments, promocodes } from '../../../src/server/modules/admin/schema.ts';
import { connections } from '../../../src/server/modules/connections/schema.ts';
import { startServer, type TestServer } from '../harness.ts';

let server: TestServer;
let alice: { id: number; token: string };
let bob: { id: number; token: string };
const RU = { 'client-host': 'https://app.notifio.ru' };
const INTL = { 'client-host': 'https://app.notifio.me' };
const units = { instances: [] as string[], company: '', organisation: 'a1b2c3d4-0000-4000-8000-000000000001', branch: '', bobInstance: '', bobCompany: '' };

beforeAll(async () => {
  server = await startServer();
  alice = await server.createUser('pay-alice@example.com', 'secret1');
  bob = await server.createUser('pay-bob@example.com', 'secret1');
  const at = new Date(server.clock.now());
  const db = server.api.db;
  const numbers = await db
    .insert(connections)
    .values(['+79160000001', '+79160000002', '+79160000003', '+79160000009'].map((name, i) => ({ userId: i < 3 ? alice.id : bob.id, kind: 'whatsapp' as const, name, stateChangedAt: at, createdAt: at })))
    .returning({ id: connections.id });
  units.instances = numbers.slice(0, 3).map((r) => String(r.id));
  units.bobInstance = String(numbers[3]!.id);
  const linked = await db
    .insert(linkedAccounts)
    .values([
      { userId: alice.id, kind: 'yclientsCompany' as const, name: 'Salon Lavender', createdAt: at },
      { userId: alice.id, kind: 'iikoOrganization' as const, name: 'Cafe Central', externalId: units.organisation, createdAt: at },
      { userId: alice.id, kind: 'medFlexLpu' as const, name: 'Clinic North', createdAt: at },
      { userId: bob.id, kind: 'yclientsCompany' as const, name: 'Bob Barbers', createdAt: at },
    ])
    .returning({ id: linkedAccounts.id });
  units.company = String(linked[0]!.id);
  units.branch = String(linked[2]!.id);
  units.bobCompany = String(linked[3]!.id);
});
afterAll(async () => server?.close());

const quote = (token: string, body: unknown, headers: Record<string, string> = RU) => server.call('POST', '/Payments/Quote', { token, body, headers });

/** Everything a quote could have written: the payments and promo codes tables. */
const snapshot = async () => ({
  payments: await server.api.db.select().from(payments).orderBy(payments.id),
  promocodes: await server.api.db.select().from(promocodes).orderBy(promocodes.id),
});

/** A refused cart: 400, the field named, the text, and nothing changed. */
async function refused(body: unknown, field: string, text: string, who = alice) {
  const before = await snapshot();
  const res = await quote(who.token, body);
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.errors[0].field).toBe(field);
  expect(res.body.message).toBe(`${field}: ${text}`);
  expect(await snapshot()).toEqual(before);
  return res;
}

describe('GET /Payments/Tariffs', () => {
  it('main-ru: the §6 tariffs in roubles, units, unlocks, months discounts, packs and the trial', async () => {
    const res = await server.call('GET', '/Payments/Tariffs', { token: alice.token, headers: RU });
    expect(res.status).toBe(200);
    expect(res.body.currency).toBe('RUB');
    expect(res.body.tariffs.map((t: { id: number }) => t.id)).toEqual([0, 1, 3, 9, 4, 5, 13, 14, 15, 16, 17, 19, 20]);
    const byId = (id: number) => res.body.tariffs.find((t: { id: number }) => t.id === id);
    expect(byId(1)).toMatchObject({ name: 'bookingExtended', unit: 'company', monthlyPrice: 120000, additionalUnitDiscountPercent: 0 });
    expect(byId(1).unlocks.flowKinds).toEqual(expect.arrayContaining(['recordReminder', 'birthday', 'repeatVisit', 'dailyReport']));
    expect(byId(15)).toMatchObject({ unit: 'instance', additionalUnitDiscountPercent: 50, unlocks: { features: ['api'] } });
    expect(byId(13)).toMatchObject({ unit: 'instance', unlocks: { flowKinds: [], features: ['distributions'] } });
    expect(byId(4).unit).toBe('organisation');
    expect(byId(16)).toMatchObject({ unit: 'account', unlocks: { flowKinds: ['dailyReport', 'weeklyReport'], features: ['analytics'] } });
    expect(res.body.months).toEqual([
      { months: 1, discountPercent: 0 },
      { months: 3, discountPercent: 5 },
      { months: 6, discountPercent: 10 },
      { months: 12, discountPercent: 20 },
    ]);
    expect(res.body.packs).toEqual({
      messages: { minimum: 500, unitPrice: 100 },
      reviews: { minimum: 100, unitPrice: 500 },
      aiBalance: { minimum: 20, unitPrice: 10000 },
    });
    // §9: 3 days, then 1 200 roubles.
    expect(res.body.trial).toEqual({ days: 3, tariff: 1, amount: 120000 });
  });

  it('main-intl in dollars; clinic and distribution hosts offer their one tariff', async () => {
    const intl = await server.call('GET', '/Payments/Tariffs', { token: alice.token, headers: INTL });
    expect(intl.body.currency).toBe('USD');
    expect(intl.body.tariffs.find((t: { id: number }) => t.id === 1).monthlyPrice).toBe(1500);
    const clinic = await server.call('GET', '/Payments/Tariffs', { token: alice.token, headers: { 'client-host': 'https://app.medflow.ru' } });
    expect(clinic.body).toMatchObject({ currency: 'RUB', tariffs: [{ id: 25, unit: 'clinicBranch' }] });
    const distribution = await server.call('GET', '/Payments/Tariffs', { token: alice.token, headers: { 'client-host': 'https://app.massend.me' } });
    expect(distribution.body).toMatchObject({ currency: 'USD', tariffs: [{ id: 13 }] });
  });

  it('401 without a token', async () => {
    expect((await server.call('GET', '/Payments/Tariffs', { headers: RU })).status).toBe(401);
  });
});

describe('GET /Payments/Units', () => {
  it("the signed-in owner's units only", async () => {
    const res = await server.call('GET', '/Payments/Units', { token: alice.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      instance: units.instances.map((id, i) => ({ id, name: `+7916000000${i + 1}` })),
      company: [{ id: units.company, name: 'Salon Lavender' }],
      organisation: [{ id: units.organisation, name: 'Cafe Central' }],
      clinicBranch: [{ id: units.branch, name: 'Clinic North' }],
    });
    const other = await server.call('GET', '/Payments/Units', { token: bob.token });
    expect(other.body).toEqual({ instance: [{ id: units.bobInstance, name: '+79160000009' }], company: [{ id: units.bobCompany, name: 'Bob Barbers' }], organisation: [], clinicBranch: [] });
    expect((await server.call('GET', '/Payments/Units')).status).toBe(401);
  });
});

describe('POST /Payments/Quote', () => {
  it('prices tariffs per unit and months, the API plan half price from the second number, and packs', async () => {
    const res = await quote(alice.token, {
      items: [
        { tariff: 1, unitIds: [units.company], months: 3 },
        { tariff: 15, unitIds: units.instances, months: 1 },
        { tariff: 16, months: 12 },
      ],
      packs: { messages: 500, reviews: 100, aiBalance: 20 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.currency).toBe('RUB');
    expect(res.body.lines).toEqual([
      // 1 200 × 3 months, 5 % off.
      { tariff: 1, unit: 'company', unitIds: [units.company], units: 1, months: 3, unitPrice: 120000, additionalUnitDiscountPercent: 0, monthsDiscountPercent: 5, promoDiscountPercent: 0, amount: 342000 },
      // 1 500 + 750 + 750.
      { tariff: 15, unit: 'instance', unitIds: units.instances, units: 3, months: 1, unitPrice: 150000, additionalUnitDiscountPercent: 50, monthsDiscountPercent: 0, promoDiscountPercent: 0, amount: 300000 },
      // 500 × 12 months, 20 % off.
      { tariff: 16, unit: 'account', unitIds: [], units: 1, months: 12, unitPrice: 50000, additionalUnitDiscountPercent: 0, monthsDiscountPercent: 20, promoDiscountPercent: 0, amount: 480000 },
    ]);
    expect(res.body.packs).toEqual([
      { kind: 'messages', quantity: 500, unitPrice: 100, amount: 50000 },
      { kind: 'reviews', quantity: 100, unitPrice: 500, amount: 50000 },
      { kind: 'aiBalance', quantity: 20, unitPrice: 10000, amount: 200000 },
    ]);
    expect(res.body).toMatchObject({ promo: null, total: 1422000, autoPay: false });
  });

  it('in dollars on main-intl, restaurant and clinic units by their ids', async () => {
    const intl = await quote(alice.token, { items: [{ tariff: 4, unitIds: [units.organisation], months: 6 }] }, INTL);
    expect(intl.body).toMatchObject({ currency: 'USD', total: 10800, lines: [{ unitPrice: 2000, monthsDiscountPercent: 10, amount: 10800 }] });
    const clinic = await quote(alice.token, { items: [{ tariff: 25, unitIds: [units.branch], months: 1 }] }, { 'client-host': 'https://app.medflow.ru' });
    expect(clinic.body).toMatchObject({ currency: 'RUB', total: 300000 });
  });

  it('401 without a token', async () => {
    expect((await server.call('POST', '/Payments/Quote', { body: { items: [] }, headers: RU })).status).toBe(401);
  });

  describe('refuses, naming the field, and changes nothing', () => {
    it('a tariff this host does not offer', async () => {
      await refused({ items: [{ tariff: 25, unitIds: [units.branch], months: 1 }] }, 'items[0].tariff', 'tariff 25 is not offered on this site');
      await refused({ items: [{ tariff: 30, months: 1 }] }, 'items[0].tariff', 'tariff 30 is not offered on this site');
    });
    it('the same tariff twice', async () => {
      await refused({ items: [{ tariff: 16, months: 1 }, { tariff: 16, months: 3 }] }, 'items[1].tariff', 'tariff 16 is already in the cart');
    });
    it('a total above the most one payment can be (999 999.99): the line or pack that passed it', async () => {
      const text = 'the total is above 999999.99, the most one payment can be: split it into several payments';
      await refused({ items: [], packs: { messages: 10_000_000 } }, 'packs.messages', text);
      // 500 000 + 1 000 000 roubles: the reviews pack is the one that passes the maximum.
      await refused({ items: [{ tariff: 16, months: 1 }], packs: { messages: 500_000, reviews: 200_000 } }, 'packs.reviews', text);
      // Just under the maximum is priced.
      const under = await quote(alice.token, { items: [], packs: { messages: 999_999 } });
      expect(under.status, JSON.stringify(under.body)).toBe(200);
      expect(under.body.total).toBe(99_999_900);
    });
    it('months not offered', async () => {
      await refused({ items: [{ tariff: 16, months: 2 }] }, 'items[0].months', 'must be 1, 3, 6 or 12 months');
    });
    it("another owner's unit id, the same answer as an unknown one", async () => {
      const other = await refused({ items: [{ tariff: 1, unitIds: [units.bobCompany], months: 1 }] }, 'items[0].unitIds[0]', 'not found among yours');
      const unknown = await refused({ items: [{ tariff: 1, unitIds: ['999999'], months: 1 }] }, 'items[0].unitIds[0]', 'not found among yours');
      expect(other.body).toEqual(unknown.body);
      await refused({ items: [{ tariff: 15, unitIds: [units.instances[0], units.bobInstance], months: 1 }] }, 'items[0].unitIds[1]', 'not found among yours');
      // A unit of another kind is not one of this tariff's units either.
      await refused({ items: [{ tariff: 15, unitIds: [units.organisation], months: 1 }] }, 'items[0].unitIds[0]', 'not found among yours');
    });
    it('units missing, repeated, or given for an account tariff; an empty cart', async () => {
      await refused({ items: [{ tariff: 1, months: 1 }] }, 'items[0].unitIds', 'choose what the tariff is bought for');
      await refused({ items: [{ tariff: 15, unitIds: [units.instances[0], units.instances[0]], months: 1 }] }, 'items[0].unitIds[1]', 'is listed twice');
      await refused({ items: [{ tariff: 16, unitIds: [units.company], months: 1 }] }, 'items[0].unitIds', 'this tariff is bought for the whole account: leave it empty');
      await refused({ items: [] }, 'items', 'add a tariff or a pack');
    });
    it('§5 pack minimums', async () => {
      await refused({ items: [], packs: { messages: 499 } }, 'packs.messages', 'Distribution pack cannot be below 500 messages');
      await refused({ items: [], packs: { reviews: 99 } }, 'packs.reviews', 'Reviews pack cannot be below 100 reviews');
      await refused({ items: [], packs: { aiBalance: 19 } }, 'packs.aiBalance', 'Replenishment of balance cannot be below $20');
    });
  });
});

describe('promo codes (§8)', () => {
  const DAY = 86_400;
  const item = { tariff: 1, unitIds: [] as string[], months: 1 };
  const cart = (promocode: string, extra: Record<string, unknown> = {}) => ({ items: [{ ...item, unitIds: [units.company] }], promocode, ...extra });
  const today = () => new Date(server.clock.now()).toISOString().slice(0, 10);
  const addPromo = async (code: string, values: Partial<typeof promocodes.$inferInsert> = {}) =>
    server.api.db.insert(promocodes).values({ code, discountPercent: 10, paymentCount: 100, paymentsCountByUser: 5, createdAt: new Date(server.clock.now()), ...values });
  const paid = async (userId: number, values: Partial<typeof payments.$inferInsert> = {}) => {
    const now = Math.floor(server.clock.now() / 1000);
    await server.api.db.insert(payments).values({ userId, publicId: crypto.randomUUID(), createdAt: new Date(server.clock.now()), dateBegin: now - 40 * DAY, dateEnd: now - 10 * DAY, amount: 1200, ...values });
  };

  beforeAll(async () => {
    await addPromo('SPRING10');
    await addPromo('BOBS', { ownerUserId: bob.id });
    await addPromo('OLD', { expireDate: '2020-01-01' });
    await addPromo('FULL', { paymentCount: 1 });
    await paid(bob.id, { promocode: 'full' });
    await addPromo('ONCE', { paymentsCountByUser: 1 });
    await paid(alice.id, { promocode: 'Once' });
    await addPromo('AIONLY', { availableTariffTypes: [20, 21] });
    await addPromo('LOYAL', { minimalUserPayments: 3 });
    await addPromo('NEWBIES', { maxUserPayments: 0 });
    // Uses count successful payments only.
    await addPromo('RETRY', { paymentCount: 1, paymentsCountByUser: 1 });
    await paid(alice.id, { promocode: 'RETRY', success: false });
  });

  it('applies the discount to the tariff lines, whatever the case typed', async () => {
    const res = await quote(alice.token, { items: [{ ...item, unitIds: [units.company] }], packs: { messages: 500 }, promocode: ' spring10 ' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.promo).toEqual({ code: 'SPRING10', discountPercent: 10 });
    expect(res.body.lines[0]).toMatchObject({ promoDiscountPercent: 10, amount: 108000 });
    // Packs are not discounted.
    expect(res.body.total).toBe(108000 + 50000);
    expect((await quote(alice.token, cart('RETRY'))).status).toBe(200);
    expect((await quote(alice.token, cart('SPRING10', { autoPay: false }))).status).toBe(200);
  });

  it('invalid promocode', async () => {
    await refused(cart('no spaces!'), 'promocode', 'Invalid promocode');
  });
  it('not found', async () => {
    await refused(cart('NOPE123'), 'promocode', 'Promo code not found');
  });
  it('own code not allowed (§6)', async () => {
    await refused({ items: [{ ...item, unitIds: [units.bobCompany] }], promocode: 'BOBS' }, 'promocode', 'You cannot use your own promo code', bob);
    expect((await quote(alice.token, cart('BOBS'))).status).toBe(200);
  });
  it('expired', async () => {
    await refused(cart('OLD'), 'promocode', 'Promo code has expired');
    await addPromo('TODAY', { expireDate: today() });
    expect((await quote(alice.token, cart('TODAY'))).status).toBe(200);
  });
  it('maximum users count reached', async () => {
    await refused(cart('FULL'), 'promocode', 'Maximum users count reached for this promo code');
  });
  it("the user's own limit reached", async () => {
    await refused(cart('ONCE'), 'promocode', 'You have reached your limit for this promo code');
  });
  it('not available for the tariff', async () => {
    await refused(cart('AIONLY'), 'promocode', 'Promo code is not available for the tariff');
    await refused({ items: [], packs: { messages: 500 }, promocode: 'SPRING10' }, 'promocode', 'Promo code is not available for the tariff');
  });
  it('minimum user payments not met', async () => {
    await refused(cart('LOYAL'), 'promocode', 'Promo code needs at least 3 previous payments');
  });
  it('too many previous payments', async () => {
    await refused(cart('NEWBIES'), 'promocode', 'Promo code is only for accounts with at most 0 previous payments');
    // Bob has one paid payment too; a new account has none (the free trial does not count).
    const carol = await server.createUser('pay-carol@example.com', 'secret1');
    await paid(carol.id, { isFree: true, amount: 0 });
    expect((await quote(carol.token, { items: [{ tariff: 16, months: 1 }], promocode: 'NEWBIES' })).status).toBe(200);
  });
  it('one month at a time', async () => {
    await refused({ items: [{ ...item, unitIds: [units.company], months: 3 }], promocode: 'SPRING10' }, 'promocode', 'Promo code is valid for one month payment at a time');
  });
  it('never with auto-pay (§5)', async () => {
    await refused(cart('SPRING10', { autoPay: true }), 'promocode', 'promo code cannot be combined with auto-pay');
  });
});

describe('GET /Payments (history)', () => {
  it("the owner's payments, newest first, paged, in minor units, without the admin's fields", async () => {
    const res = await server.call('GET', '/Payments?pageSize=2', { token: alice.token });
    expect(res.status).toBe(200);
    const all = await server.api.db.select().from(payments).where(eq(payments.userId, alice.id));
    expect(res.body.total).toBe(all.length);
    expect(res.body.pages).toBe(Math.ceil(all.length / 2));
    expect(res.body.payments).toHaveLength(2);
    const newest = all.sort((a, b) => b.id - a.id)[0]!;
    expect(res.body.payments[0]).toEqual({
      id: newest.id,
      createdDateUnixTime: Math.floor(newest.createdAt.getTime() / 1000),
      dateBeginUnixTime: newest.dateBegin,
      dateEndUnixTime: newest.dateEnd,
      amount: 120000,
      currency: 'RUB',
      tariff: 1,
      promocode: 'RETRY',
      isAutoPay: false,
      isFree: false,
      success: false,
    });
    for (const p of res.body.payments) expect(Object.keys(p)).not.toEqual(expect.arrayContaining(['comment']));
    const ids = (await server.call('GET', '/Payments?pageSize=100', { token: alice.token })).body.payments.map((p: { id: number }) => p.id);
    const bobs = (await server.api.db.select({ id: payments.id }).from(payments).where(eq(payments.userId, bob.id))).map((r) => r.id);
    expect(ids.filter((id: number) => bobs.includes(id))).toEqual([]);
  });

  it("a customer cannot read another owner's payments through the admin's routes", async () => {
    expect((await server.call('GET', `/Admin/Users/${bob.id}/Pays`, { token: alice.token })).status).toBe(403);
    expect((await server.call('GET', `/PayInfos/${bob.id}`, { token: alice.token })).status).toBe(403);
    expect((await server.call('GET', '/Payments')).status).toBe(401);
  });
});
