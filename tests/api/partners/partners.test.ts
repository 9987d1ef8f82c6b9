// Partners (issue 18; docs/partners.md): the owner's referral code, named links with their transitions and
// registrations, applying a promo code (own code refused, a friend's code recording the referral), rewards credited
// once per payment into the balance, and every malformed input a 400 naming the field that changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../../src/server/modules/account/schema.ts';
import { promocodes } from '../../../src/server/modules/admin/schema.ts';
import { referralLinks, referralRewards, referrals } from '../../../src/server/modules/partners/schema.ts';
import { accrueReferralReward } from '../../../src/server/modules/partners/rewards.ts';
import { startServer, type TestServer } from '../harness.ts';

let server: TestServer;
type Who = { id: number; token: string };
let alice: Who; // RUB brand owner
let bob: Who;
let uma: Who; // USD brand owner
const RU = { 'client-host': 'https://app.notifio.ru' };
const INTL = { 'client-host': 'https://app.notifio.me' };

beforeAll(async () => {
  server = await startServer();
  alice = await server.createUser('ref-alice@example.com', 'secret1');
  bob = await server.createUser('ref-bob@example.com', 'secret1');
  uma = await server.createUser('ref-uma@example.com', 'secret1');
});
afterAll(async () => server?.close());

const programme = (who: Who, headers = RU, query = '') => server.call('GET', `/Partners/Referral${query}`, { token: who.token, headers });
const addLink = (who: Who, body: unknown) => server.call('POST', '/Partners/Referral/Links', { token: who.token, body, headers: RU });
const apply = (who: Who, body: unknown, headers = RU) => server.call('POST', '/Partners/Promocode/Check', { token: who.token, body, headers });
const visit = (body: unknown) => server.call('POST', '/Public/Referral/Transition', { body });

/** Everything the partners calls could write. */
const snapshot = async () => {
  const db = server.api.db;
  return {
    links: await db.select().from(referralLinks).orderBy(referralLinks.id),
    referrals: await db.select().from(referrals).orderBy(referrals.id),
    promocodes: await db.select().from(promocodes).orderBy(promocodes.id),
  };
};

async function refused(call: () => Promise<{ status: number; body: any }>, field: string, status = 400) {
  const before = await snapshot();
  const res = await call();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.errors?.[0]?.field ?? res.body.field).toBe(field);
  expect(res.body.message.startsWith(`${field}: `) || res.body.message.includes(field)).toBe(true);
  expect(await snapshot()).toEqual(before);
  return res;
}

describe('the referral code', () => {
  it('is created once, even for calls at the same time, and owned by the owner', async () => {
    const [a, b] = await Promise.all([programme(alice), programme(alice)]);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(b.body.code).toBe(a.body.code);
    expect(a.body.code).toMatch(/^REFALICE-[A-Z2-9]{4}$/);
    expect((await programme(alice)).body.code).toBe(a.body.code);
    const owned = await server.api.db.select().from(promocodes).where(eq(promocodes.ownerUserId, alice.id));
    expect(owned).toHaveLength(1);
    expect(owned[0]).toMatchObject({ code: a.body.code, discountPercent: 20 });
  });

  it('RUB brand: the values are placeholders (not shown), the friend gift text is §9 "2000 RUB"', async () => {
    const res = await programme(alice);
    expect(res.body).toMatchObject({ friendDiscountPercent: null, ownerReward: null, friendGiftText: '2000 RUB', balance: 0, links: [], rewards: [], linksLimit: 20 });
    expect(res.body.totals).toEqual({ registrations: 0, transitions: 0, payingFriends: 0 });
    expect(res.body.url).toBe(`https://app.notifio.ru/account/register?ref=${res.body.code}`);
  });

  it('USD brand: §9 $10 reward and 20% discount are shown', async () => {
    const res = await programme(uma, INTL);
    expect(res.body).toMatchObject({ friendDiscountPercent: 20, ownerReward: { amount: 1000, currency: 'USD', percent: 0 }, friendGiftText: null });
  });

  it('needs a signed-in owner; bad paging is a 400 naming the field', async () => {
    expect((await server.call('GET', '/Partners/Referral')).status).toBe(401);
    const res = await programme(alice, RU, '?pageSize=0');
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('pageSize');
  });
});

describe('referral links', () => {
  let linkId: number;
  it('creates a named link whose URL carries the code and the link', async () => {
    const code = (await programme(alice)).body.code;
    const res = await addLink(alice, { name: '  Instagram bio  ' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    linkId = res.body.id;
    expect(res.body).toMatchObject({ name: 'Instagram bio', registrations: 0, transitions: 0, url: `https://app.notifio.ru/account/register?ref=${code}&link=${linkId}` });
    expect((await programme(alice)).body.links).toEqual([res.body]);
  });

  it('refuses a blank, missing, long or extra field, naming it, changing nothing', async () => {
    await refused(() => addLink(alice, { name: '   ' }), 'name');
    await refused(() => addLink(alice, { name: 'x'.repeat(101) }), 'name');
    await refused(() => addLink(alice, {}), 'name');
    await refused(() => addLink(alice, { name: 'ok', extra: 1 }), 'extra');
    await refused(() => addLink(alice, { name: 5 }), 'name');
  });

  it("another owner's link is 404 and stays; the owner deletes it", async () => {
    const before = await snapshot();
    const res = await server.call('DELETE', `/Partners/Referral/Links/${linkId}`, { token: bob.token });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('referralLinkNotFound');
    expect(await snapshot()).toEqual(before);
    expect((await server.call('DELETE', '/Partners/Referral/Links/abc', { token: alice.token })).status).toBe(400);
    expect((await programme(bob)).body.links).toEqual([]);
    const extra = await addLink(alice, { name: 'To delete' });
    expect((await server.call('DELETE', `/Partners/Referral/Links/${extra.body.id}`, { token: alice.token })).status).toBe(204);
    expect((await server.call('DELETE', `/Partners/Referral/Links/${extra.body.id}`, { token: alice.token })).status).toBe(404);
    expect((await programme(alice)).body.links.map((l: { id: number }) => l.id)).toEqual([linkId]);
  });

  it('at most 20 per owner: the 21st is a 409 naming the field', async () => {
    const carol = await server.createUser('ref-carol@example.com', 'secret1');
    for (let i = 0; i < 20; i++) expect((await addLink(carol, { name: `Link ${i}` })).status).toBe(201);
    const res = await refused(() => addLink(carol, { name: 'One more' }), 'name', 409);
    expect(res.body.code).toBe('referralLinksLimit');
  });

  it('counts transitions (public, no sign-in) and registrations through the link', async () => {
    const code = (await programme(alice)).body.code;
    expect((await visit({ code, linkId })).status).toBe(204);
    expect((await visit({ code: code.toLowerCase(), linkId })).status).toBe(204);
    expect((await visit({ code })).status).toBe(204);
    // A link of someone else counts for the code only.
    const bobLink = await addLink(bob, { name: 'Bob' });
    expect((await visit({ code, linkId: bobLink.body.id })).status).toBe(204);
    const reg = await server.call('POST', '/account/register', {
      headers: RU,
      body: { email: 'friend-1@example.com', password: 'secret1', confirmPassword: 'secret1', phone: '+79161234501', referralCode: code, referralLinkId: linkId },
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
    // An unknown code never stops a sign-up.
    const other = await server.call('POST', '/account/register', {
      headers: RU,
      body: { email: 'friend-2@example.com', password: 'secret1', confirmPassword: 'secret1', phone: '+79161234502', referralCode: 'NO-SUCH' },
    });
    expect(other.status).toBe(201);
    const res = await programme(alice);
    expect(res.body.links[0]).toMatchObject({ id: linkId, transitions: 2, registrations: 1 });
    expect(res.body.totals).toEqual({ registrations: 1, transitions: 4, payingFriends: 0 });
    expect((await programme(bob)).body.links[0]).toMatchObject({ transitions: 0 });
  });

  it('a transition: unknown code 404, malformed body 400 naming the field, never 5xx', async () => {
    expect((await visit({ code: 'NOPE-1234' })).status).toBe(404);
    expect((await visit({ code: '!!' })).status).toBe(404);
    expect((await visit({ code: '' })).status).toBe(404);
    for (const [body, field] of [[{}, 'code'], [{ code: 5 }, 'code'], [{ code: 'X', linkId: 'a' }, 'linkId'], [{ code: 'X', linkId: 0 }, 'linkId'], [{ code: 'x'.repeat(65) }, 'code']] as const) {
      const res = await visit(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[0].field).toBe(field);
    }
  });
});

describe('POST /Partners/Promocode/Check', () => {
  it('refuses the own code with the §6 text', async () => {
    const code = (await programme(alice)).body.code;
    const res = await refused(() => apply(alice, { promocode: code }), 'promocode');
    expect(res.body.message).toBe('promocode: You cannot use your own promo code');
    expect(res.body.code).toBe('promocodeOwn');
  });

  it('every refusal by code, naming the field', async () => {
    expect((await refused(() => apply(bob, { promocode: '!' }), 'promocode')).body.code).toBe('promocodeInvalid');
    expect((await refused(() => apply(bob, { promocode: 'NOPE-0000' }), 'promocode')).body.code).toBe('promocodeNotFound');
    await refused(() => apply(bob, {}), 'promocode');
    await refused(() => apply(bob, { promocode: 1 }), 'promocode');
    const at = new Date(server.clock.now());
    await server.api.db.insert(promocodes).values([
      { code: 'OLD-CODE', discountPercent: 10, paymentCount: 5, paymentsCountByUser: 1, expireDate: '2020-01-01', createdAt: at },
      { code: 'CLINIC-ONLY', discountPercent: 10, paymentCount: 5, paymentsCountByUser: 1, availableTariffTypes: [25], createdAt: at },
      { code: 'API-ONLY', discountPercent: 15, paymentCount: 5, paymentsCountByUser: 1, availableTariffTypes: [15, 25], createdAt: at },
    ]);
    expect((await refused(() => apply(bob, { promocode: 'old-code' }), 'promocode')).body.code).toBe('promocodeExpired');
    expect((await refused(() => apply(bob, { promocode: 'CLINIC-ONLY' }), 'promocode')).body.code).toBe('promocodeNotForTariff');
    const ok = await apply(bob, { promocode: ' api-only ' });
    expect(ok.body).toMatchObject({ code: 'API-ONLY', discountPercent: 15, tariffs: [15], referralRecorded: false, friendGiftText: null, checkedAtPayment: ['tariff', 'months', 'autoPay'] });
  });

  it("a friend's code before the first payment records the referral once; the gift text on RUB brands", async () => {
    const code = (await programme(alice)).body.code;
    const res = await apply(bob, { promocode: code.toLowerCase() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ code, discountPercent: 20, referralRecorded: true, friendGiftText: '2000 RUB' });
    expect(res.body.tariffs).toContain(1);
    expect((await apply(bob, { promocode: code })).body.referralRecorded).toBe(false);
    expect((await programme(alice)).body.totals.registrations).toBe(2);
  });
});

describe('rewards', () => {
  const pay = (payerUserId: number, paymentIds: number[], promocode: string | null = null, amount = 5000) => ({
    payerUserId,
    paymentIds,
    amount,
    currency: 'USD',
    minorPerDollar: 100,
    promocode,
    at: new Date(server.clock.now()),
  });

  it('a referred friend pays: the owner is credited once per payment, into the balance', async () => {
    const umaCode = (await programme(uma, INTL)).body.code;
    const friend = await server.createUser('ref-friend@example.com', 'secret1');
    expect((await apply(friend, { promocode: umaCode }, INTL)).body.referralRecorded).toBe(true);
    await accrueReferralReward(server.api.db, pay(friend.id, [101, 102], umaCode));
    await accrueReferralReward(server.api.db, pay(friend.id, [102, 101], umaCode));
    await server.api.db.transaction((tx) => accrueReferralReward(tx, pay(friend.id, [101, 102], umaCode)));
    const res = await programme(uma, INTL);
    expect(res.body.balance).toBe(10);
    expect(res.body.rewards).toEqual([expect.objectContaining({ amount: 1000, currency: 'USD', friendEmail: 'r***@example.com' })]);
    expect(res.body.totals.payingFriends).toBe(1);
    // The fixed $10 is once per friend; the percent part is 0 by default, so a renewal adds nothing.
    await accrueReferralReward(server.api.db, pay(friend.id, [103]));
    expect((await programme(uma, INTL)).body.balance).toBe(10);
  });

  it('a code owned by someone else rewards its owner (sum + percent); the owner never rewards themself', async () => {
    const at = new Date(server.clock.now());
    await server.api.db.insert(promocodes).values({ code: 'BLOGGER', discountPercent: 10, paymentCount: 100, paymentsCountByUser: 1, rewardSumOwner: 5, rewardPercentOwner: 10, ownerUserId: bob.id, createdAt: at });
    await accrueReferralReward(server.api.db, pay(bob.id, [201], 'BLOGGER'));
    expect(await server.api.db.select().from(referralRewards).where(eq(referralRewards.ownerUserId, bob.id))).toEqual([]);
    const payer = await server.createUser('ref-payer@example.com', 'secret1');
    await accrueReferralReward(server.api.db, pay(payer.id, [202], 'BLOGGER', 12345));
    const [row] = await server.api.db.select({ balance: users.balance }).from(users).where(eq(users.id, bob.id));
    expect(row!.balance).toBe(17.35); // 5.00 + 10 % of 123.45 (12.35 rounded half up)
    const rewards = await server.api.db.select().from(referralRewards).where(eq(referralRewards.ownerUserId, bob.id));
    expect(rewards).toEqual([expect.objectContaining({ amount: 1735, paymentIds: '202', friendUserId: payer.id, code: 'BLOGGER' })]);
  });

  it('the fixed reward is capped at what the friend paid (no farming a $10 reward with a cheaper purchase)', async () => {
    const owner = await server.createUser('ref-cap-owner@example.com', 'secret1');
    const code = (await programme(owner, INTL)).body.code;
    const friend = await server.createUser('ref-cap-friend@example.com', 'secret1');
    expect((await apply(friend, { promocode: code }, INTL)).body.referralRecorded).toBe(true);
    await accrueReferralReward(server.api.db, pay(friend.id, [501], code, 300));
    const rewards = await server.api.db.select().from(referralRewards).where(eq(referralRewards.ownerUserId, owner.id));
    expect(rewards).toEqual([expect.objectContaining({ amount: 300, paymentIds: '501' })]);
    expect((await programme(owner, INTL)).body.balance).toBe(3);
  });

  // PostgreSQL only: PGlite runs one transaction at a time, so there is no race to lose there.
  it.skipIf(!process.env.DATABASE_URL)('two checkouts of one friend paid at once credit the fixed reward once (PostgreSQL)', async () => {
    const owner = await server.createUser('ref-race-owner@example.com', 'secret1');
    const code = (await programme(owner, INTL)).body.code;
    const friend = await server.createUser('ref-race-friend@example.com', 'secret1');
    expect((await apply(friend, { promocode: code }, INTL)).body.referralRecorded).toBe(true);
    const db = server.api.db;
    // The owner's row is held while both payments are recorded, so both reach the reward at the same moment; only
    // when both wait on a lock is it let go.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const holder = db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, owner.id)).for('update');
      await released;
    });
    const both = Promise.all([601, 602].map((id) => db.transaction((tx) => accrueReferralReward(tx, pay(friend.id, [id], code)))));
    await expect.poll(async () => Number(((await db.execute(sql`select count(*)::int as n from pg_locks where not granted`)) as unknown as { rows: { n: number }[] }).rows[0]!.n), { interval: 20, timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    release();
    await holder;
    await both;
    const rewards = await db.select().from(referralRewards).where(eq(referralRewards.ownerUserId, owner.id));
    expect(rewards.reduce((sum, r) => sum + r.amount, 0)).toBe(1000);
    expect((await programme(owner, INTL)).body.balance).toBe(10);
  });

  it('a deleted owner earns nothing more', async () => {
    const gone = await server.createUser('ref-gone@example.com', 'secret1');
    const code = (await programme(gone)).body.code;
    const payer = await server.createUser('ref-payer-2@example.com', 'secret1');
    await server.api.db.update(users).set({ deletedAt: new Date(server.clock.now()) }).where(eq(users.id, gone.id));
    await accrueReferralReward(server.api.db, pay(payer.id, [401], code));
    expect(await server.api.db.select().from(referralRewards).where(eq(referralRewards.ownerUserId, gone.id))).toEqual([]);
  });

  it('a payer nobody referred, with no owned code, rewards nobody', async () => {
    const before = await server.api.db.select().from(referralRewards);
    const lone = await server.createUser('ref-lone@example.com', 'secret1');
    await accrueReferralReward(server.api.db, pay(lone.id, [301], 'API-ONLY'));
    expect(await server.api.db.select().from(referralRewards)).toEqual(before);
  });
});

describe('rate limit of the public transition', () => {
  it('answers 429 past the operator limit (RATE_LIMIT_AUTH_MAX), counting nothing more', async () => {
    const limited = await startServer({ env: { RATE_LIMIT_AUTH_MAX: '3' } });
    try {
      const owner = await limited.createUser('rate-owner@example.com', 'secret1');
      const code = (await limited.call('GET', '/Partners/Referral', { token: owner.token })).body.code;
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await limited.call('POST', '/Public/Referral/Transition', { body: { code } })).status);
      expect(statuses).toEqual([204, 204, 204, 429, 429]);
      expect((await limited.call('GET', '/Partners/Referral', { token: owner.token })).body.totals.transitions).toBe(3);
    } finally {
      await limited.close();
    }
  });
});
