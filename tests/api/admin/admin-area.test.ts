// The admin area beyond §7's calls: contacts, grants list, promo codes, news, health, reports, user search/sort.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connections } from '../../../src/server/modules/connections/schema.ts';
import { outbox } from '../../../src/server/platform/mail/schema.ts';
import { payments } from '../../../src/server/modules/admin/schema.ts';
import { startServer, type TestServer } from '../harness.ts';

let server: TestServer;
let admin: { id: number; token: string };
let superadmin: { id: number; token: string };
let alice: { id: number; token: string };
let bob: { id: number; token: string };
const DAY = 86_400;
const nowS = () => Math.floor(server.clock.now() / 1000);

beforeAll(async () => {
  server = await startServer();
  admin = await server.createUser('admin@example.com', 'secret1', 'admin');
  superadmin = await server.createUser('super@example.com', 'secret1', 'superadmin');
  alice = await server.createUser('alice@example.com', 'secret1');
  bob = await server.createUser('bob@example.com', 'secret1');
});
afterAll(() => server?.close());

type Call = [method: string, path: () => string, body?: () => unknown];
let contactId = 0;
let newsId = 0;
const companyId = () => 1; // the demo company (seed; its WhatsApp number lives in connections since issue 17)
const uniqueCode = (() => {
  let n = 0;
  return () => ({ code: `ROLE${Date.now() % 100000}${n++}`, discountPercent: 10, paymentCount: 5, paymentsCountByUser: 1 });
})();

const adminCalls: Call[] = [
  ['GET', () => `/Admin/Users?query=ali&sort=email&order=asc`],
  ['GET', () => `/Admin/Users/${alice.id}/Dialogues`],
  ['GET', () => `/Admin/Users/${alice.id}/Contacts`],
  ['POST', () => `/Admin/Users/${alice.id}/Contacts`, () => ({ fullName: 'Role Check' })],
  ['PATCH', () => `/Admin/Users/${alice.id}/Contacts/${contactId}`, () => ({ comment: 'c' })],
  ['GET', () => `/Admin/Users/${alice.id}/Diagnostics`],
  ['GET', () => '/Admin/Promocodes'],
  ['GET', () => '/Admin/Instances'],
  ['GET', () => `/Admin/Status/${companyId()}`],
  ['GET', () => '/Admin/News'],
  ['POST', () => '/Admin/News', () => ({ title: 'Role check', text: 'Body' })],
  ['GET', () => '/Admin/Outgoing'],
  ['GET', () => '/Admin/NewClients?days=7'],
  ['GET', () => '/Admin/Churn'],
];

describe('roles on every new admin call', () => {
  beforeAll(async () => {
    contactId = (await server.call('POST', `/Admin/Users/${alice.id}/Contacts`, { token: admin.token, body: { fullName: 'Seed' } })).body.id;
  });

  it.each(adminCalls)('%s %s: anonymous 401, customer 403, admin and super-admin 2xx', async (method, path, body) => {
    expect((await server.call(method, path(), { body: body?.() })).status).toBe(401);
    const asUser = await server.call(method, path(), { body: body?.(), token: alice.token });
    expect(asUser.status).toBe(403);
    expect(asUser.body.message).toBe('Access denied');
    expect([200, 201]).toContain((await server.call(method, path(), { body: body?.(), token: admin.token })).status);
    expect([200, 201]).toContain((await server.call(method, path(), { body: body?.(), token: superadmin.token })).status);
  });

  it('deletes (contact, news): anonymous 401, customer 403, admin 204', async () => {
    for (const make of [
      async () => `/Admin/Users/${alice.id}/Contacts/${(await server.call('POST', `/Admin/Users/${alice.id}/Contacts`, { token: admin.token, body: { fullName: 'D' } })).body.id}`,
      async () => `/Admin/News/${(await server.call('POST', '/Admin/News', { token: admin.token, body: { title: 'D', text: 'D' } })).body.id}`,
    ]) {
      for (const token of [admin.token, superadmin.token]) {
        const path = await make();
        expect((await server.call('DELETE', path)).status).toBe(401);
        expect((await server.call('DELETE', path, { token: alice.token })).status).toBe(403);
        expect((await server.call('DELETE', path, { token })).status).toBe(204);
        expect((await server.call('DELETE', path, { token })).status).toBe(404);
      }
    }
  });

  it('promo creation: super-admin only (admin 403, customer 403, anonymous 401)', async () => {
    expect((await server.call('POST', '/Admin/Promocodes', { body: uniqueCode() })).status).toBe(401);
    expect((await server.call('POST', '/Admin/Promocodes', { body: uniqueCode(), token: alice.token })).status).toBe(403);
    const asAdmin = await server.call('POST', '/Admin/Promocodes', { body: uniqueCode(), token: admin.token });
    expect(asAdmin.status).toBe(403);
    expect((await server.call('POST', '/Admin/Promocodes', { body: uniqueCode(), token: superadmin.token })).status).toBe(201);
  });

  it('news for the bell: any signed-in user reads, anonymous 401', async () => {
    expect((await server.call('GET', '/News')).status).toBe(401);
    for (const token of [alice.token, admin.token, superadmin.token]) expect((await server.call('GET', '/News', { token })).status).toBe(200);
  });
});

describe('user edit: the country is one of the table', () => {
  it('an unknown country id is a 400 naming countryId and changes nothing; a known one or null is saved', async () => {
    const patch = (countryId: number | null) => server.call('PATCH', `/Admin/Users/${bob.id}`, { token: admin.token, body: { countryId } });
    expect((await patch(8)).body.countryId).toBe(8);
    expect(await patch(999)).toMatchObject({ status: 400, body: { errors: [{ field: 'countryId', code: 'countryUnknown' }] } });
    expect((await server.call('GET', `/Admin/Users/${bob.id}`, { token: admin.token })).body.countryId).toBe(8);
    expect((await patch(null)).body.countryId).toBeNull();
  });
});

describe('user list: prefix search and sort', () => {
  it('finds by email, name, phone and id prefix; sorts by email', async () => {
    await server.call('PATCH', `/Admin/Users/${bob.id}`, { token: admin.token, body: { fullName: 'Robert Brown', userPhone: '+79161234567' } });
    const ids = async (q: string) => (await server.call('GET', `/Admin/Users?query=${encodeURIComponent(q)}`, { token: admin.token })).body.users.map((u: { id: number }) => u.id);
    expect(await ids('BOB@')).toEqual([bob.id]);
    expect(await ids('robert')).toEqual([bob.id]);
    expect(await ids('+7916123')).toEqual([bob.id]);
    expect(await ids('7916123')).toEqual([bob.id]);
    expect(await ids(String(bob.id))).toContain(bob.id);
    expect(await ids('nobody-like-this')).toEqual([]);
    const asc = await server.call('GET', '/Admin/Users?sort=email&order=asc&pageSize=100', { token: admin.token });
    const emails = asc.body.users.map((u: { email: string }) => u.email);
    expect(emails).toEqual([...emails].sort());
    const desc = await server.call('GET', '/Admin/Users?sort=email&order=desc&pageSize=100', { token: admin.token });
    expect(desc.body.users.map((u: { email: string }) => u.email)).toEqual([...emails].reverse());
    expect((await server.call('GET', '/Admin/Users?sort=password', { token: admin.token })).body.message).toContain('sort');
  });
});

describe('contacts', () => {
  it('add, edit, list, delete; phone and email checked; scoped to the user', async () => {
    const add = await server.call('POST', `/Admin/Users/${bob.id}/Contacts`, {
      token: admin.token,
      body: { fullName: ' Maria Owner ', phone: '+7 916 000-11-22', email: 'Maria@Example.com', comment: 'decides', role: 'owner' },
    });
    expect(add.status).toBe(201);
    expect(add.body).toMatchObject({ fullName: 'Maria Owner', phone: '+79160001122', email: 'maria@example.com', role: 'owner', userId: bob.id });
    const edit = await server.call('PATCH', `/Admin/Users/${bob.id}/Contacts/${add.body.id}`, { token: admin.token, body: { comment: '', role: 'accountant' } });
    expect(edit.body).toMatchObject({ comment: null, role: 'accountant', fullName: 'Maria Owner' });
    expect((await server.call('GET', `/Admin/Users/${bob.id}/Contacts`, { token: admin.token })).body).toEqual([edit.body]);
    for (const [body, field] of [[{ fullName: 'X', phone: '12' }, 'phone'], [{ fullName: 'X', email: 'nope' }, 'email'], [{ fullName: '  ' }, 'fullName'], [{}, 'fullName']] as const) {
      const bad = await server.call('POST', `/Admin/Users/${bob.id}/Contacts`, { token: admin.token, body });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain(field);
    }
    expect((await server.call('GET', `/Admin/Users/${bob.id}/Contacts`, { token: admin.token })).body).toHaveLength(1);
    expect((await server.call('PATCH', `/Admin/Users/${alice.id}/Contacts/${add.body.id}`, { token: admin.token, body: { comment: 'x' } })).status).toBe(404);
    expect((await server.call('DELETE', `/Admin/Users/${alice.id}/Contacts/${add.body.id}`, { token: admin.token })).status).toBe(404);
    expect((await server.call('GET', '/Admin/Users/99999/Contacts', { token: admin.token })).status).toBe(404);
  });
});

describe('dialogue grants list', () => {
  it('lists grants newest first with who granted them and the total', async () => {
    await server.call('POST', `/Admin/Users/${bob.id}/Dialogues`, { token: admin.token, body: { count: 10, date: '2026-11-01' } });
    await server.call('POST', `/Admin/Users/${bob.id}/Dialogues`, { token: superadmin.token, body: { count: 5, date: '2026-11-02' } });
    const res = await server.call('GET', `/Admin/Users/${bob.id}/Dialogues`, { token: admin.token });
    expect(res.body.totalCount).toBe(15);
    expect(res.body.grants.map((g: { count: number; grantedBy: string }) => [g.count, g.grantedBy])).toEqual([[5, 'super@example.com'], [10, 'admin@example.com']]);
  });
});

describe('promo codes', () => {
  it('creates with every §3 field, upper-cases the code, counts uses, lists newest first', async () => {
    const body = {
      code: 'spring-25', discountPercent: 25, paymentCount: 100, paymentsCountByUser: 2, expireDate: '2027-03-31',
      availableTariffTypes: [13, 1, 0], minimalUserPayments: 1, maxUserPayments: 10, forNetworkCompanies: true,
      rewardSumOwner: 10, rewardPercentOwner: 20, ownerUserId: bob.id,
    };
    const res = await server.call('POST', '/Admin/Promocodes', { token: superadmin.token, body });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ...body, code: 'SPRING-25', availableTariffTypes: [0, 1, 13], usedCount: 0 });
    await server.call('POST', `/Admin/Users/${alice.id}/Pays`, { token: admin.token, body: { promocode: 'spring-25' } });
    await server.call('POST', `/Admin/Users/${alice.id}/Pays`, { token: admin.token, body: { promocode: 'SPRING-25', success: false } });
    const list = await server.call('GET', '/Admin/Promocodes', { token: admin.token });
    expect(list.body.promocodes[0]).toMatchObject({ code: 'SPRING-25', usedCount: 1 });
    const dup = await server.call('POST', '/Admin/Promocodes', { token: superadmin.token, body: { ...body, code: 'Spring-25' } });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toContain('code');
    expect(dup.body.code).toBe('promocodeTaken');
  });

  it('rejects bad fields by name and stores nothing', async () => {
    const before = (await server.call('GET', '/Admin/Promocodes', { token: admin.token })).body.total;
    const ok = { code: 'GOOD1', discountPercent: 10, paymentCount: 5, paymentsCountByUser: 1 };
    for (const [patch, field] of [
      [{ discountPercent: 101 }, 'discountPercent'],
      [{ code: 'a b' }, 'code'],
      [{ paymentCount: 0 }, 'paymentCount'],
      [{ availableTariffTypes: [40] }, 'availableTariffTypes'],
      [{ availableTariffTypes: [1, 1] }, 'availableTariffTypes'],
      [{ expireDate: 'soon' }, 'expireDate'],
      [{ minimalUserPayments: 5, maxUserPayments: 2 }, 'maxUserPayments'],
      [{ paymentsCountByUser: 6 }, 'paymentsCountByUser'],
      [{ ownerUserId: 99999 }, 'ownerUserId'],
      [{ surprise: true }, 'surprise'],
    ] as const) {
      const res = await server.call('POST', '/Admin/Promocodes', { token: superadmin.token, body: { ...ok, ...patch } });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.message, JSON.stringify(patch)).toContain(field);
    }
    expect((await server.call('GET', '/Admin/Promocodes', { token: admin.token })).body.total).toBe(before);
  });
});

describe('news', () => {
  it('admins publish and delete; users read the latest in the bell', async () => {
    const made = await server.call('POST', '/Admin/News', { token: admin.token, body: { title: 'Maintenance', text: 'Tonight 02:00-03:00', level: 'warning' } });
    expect(made.status).toBe(201);
    newsId = made.body.id;
    const bell = await server.call('GET', '/News?limit=1', { token: alice.token });
    expect(bell.body).toEqual([made.body]);
    expect((await server.call('POST', '/Admin/News', { token: admin.token, body: { title: ' ', text: 'x' } })).body.message).toContain('title');
    expect((await server.call('POST', '/Admin/News', { token: admin.token, body: { title: 'x', text: 'x', level: 'loud' } })).body.message).toContain('level');
    expect((await server.call('DELETE', `/Admin/News/${newsId}`, { token: admin.token })).status).toBe(204);
    expect((await server.call('GET', '/News', { token: alice.token })).body.some((n: { id: number }) => n.id === newsId)).toBe(false);
  });
});

describe('connection health', () => {
  beforeAll(async () => {
    const at = new Date(server.clock.now());
    await server.api.db.insert(connections).values([
      { userId: bob.id, kind: 'whatsapp', name: '+79161112233', state: 'Connected', stateChangedAt: at, createdAt: at },
      { userId: bob.id, kind: 'whatsapp', name: '+79161112244', state: 'NotAuthorized', stateChangedAt: at, createdAt: at },
    ]);
  });

  it('instances: every user, state filter, counts by state', async () => {
    const all = await server.call('GET', '/Admin/Instances', { token: admin.token });
    expect(all.body.total).toBe(3); // the demo's (never reported) + bob's two
    expect(all.body.byState).toEqual({ Connected: 1, NotAuthorized: 1, unknown: 1 });
    expect(all.body.instances[0]).toMatchObject({ userId: bob.id, userEmail: 'bob@example.com', phone: '+79161112244', state: 'NotAuthorized' });
    const unknown = await server.call('GET', '/Admin/Instances?state=unknown', { token: admin.token });
    expect(unknown.body.instances.map((i: { state: null }) => i.state)).toEqual([null]);
    const connected = await server.call('GET', '/Admin/Instances?state=Connected', { token: admin.token });
    expect(connected.body.instances.map((i: { phone: string }) => i.phone)).toEqual(['+79161112233']);
    expect((await server.call('GET', '/Admin/Instances?state=sleepy', { token: admin.token })).status).toBe(400);
  });

  it('company status: the company, its owner and their instances; other kinds 404', async () => {
    const res = await server.call('GET', `/Admin/Status/${companyId()}`, { token: admin.token });
    expect(res.body).toMatchObject({ company: { name: 'Салон красоты «Лаванда»', status: 'Connected', timezone: 3 }, userEmail: 'demo@cabinet.local' });
    expect(res.body.instances).toEqual([{ id: 1, phone: '+79990000000', state: null }]);
    expect((await server.call('GET', '/Admin/Status/999', { token: admin.token })).status).toBe(404);
  });

  it('diagnostics: checks built from real rows', async () => {
    await server.call('POST', `/Admin/Users/${bob.id}/Pays`, { token: admin.token, body: { dateBeginUnixTime: nowS() - DAY, dateEndUnixTime: nowS() + 20 * DAY } });
    const res = await server.call('GET', `/Admin/Users/${bob.id}/Diagnostics`, { token: admin.token });
    expect(res.status).toBe(200);
    const check = (code: string) => res.body.checks.find((c: { code: string }) => c.code === code);
    expect(check('whatsAppConnected')).toEqual({ code: 'whatsAppConnected', ok: true, count: 1, total: 2 });
    expect(check('subscriptionActive').dateUnixTime).toBeGreaterThan(nowS());
    expect(check('subscriptionActive').ok).toBe(true);
    expect(check('recentSignIn').ok).toBe(true);
    expect(check('bookingConnected').ok).toBe(false);
    expect(res.body).toMatchObject({ accounts: { chatApi: 2 }, activeSessions: 1, flows: 0, ignoredPhones: 0, payments: { subscription: 'Active' } });
    expect((await server.call('GET', '/Admin/Users/99999/Diagnostics', { token: admin.token })).status).toBe(404);
  });
});

describe('reports', () => {
  it('outgoing: the real outbox, newest first, filter by address', async () => {
    await server.api.db.insert(outbox).values([
      { to: 'carol@example.com', subject: 'Reset your password', text: 'code=1', createdAt: new Date(server.clock.now()) },
      { to: 'dave@example.com', subject: 'Confirm your email', text: 'code=2', createdAt: new Date(server.clock.now()) },
    ]);
    const all = await server.call('GET', '/Admin/Outgoing', { token: admin.token });
    expect(all.body.messages[0]).toMatchObject({ to: 'dave@example.com', subject: 'Confirm your email' });
    const one = await server.call('GET', '/Admin/Outgoing?to=CAROL@example.com', { token: admin.token });
    expect(one.body.messages.map((m: { to: string }) => m.to)).toEqual(['carol@example.com']);
  });

  it('new clients: registered in the window, with payment progress', async () => {
    server.clock.advance(10 * DAY);
    admin = { ...admin, ...(await server.login('admin@example.com', 'secret1')) }; // the old access token expired
    const fresh = await server.createUser('fresh@example.com', 'secret1');
    await server.call('POST', `/Admin/Users/${fresh.id}/Pays`, { token: admin.token, body: {} });
    const res = await server.call('GET', '/Admin/NewClients?days=5', { token: admin.token });
    expect(res.body.total).toBe(1);
    expect(res.body.paidTotal).toBe(1);
    expect(res.body.clients[0]).toMatchObject({ email: 'fresh@example.com', successfulPayments: 1, accountsCount: 0 });
    expect((await server.call('GET', '/Admin/NewClients?days=30', { token: admin.token })).body.total).toBeGreaterThan(1);
    expect((await server.call('GET', '/Admin/NewClients?days=0', { token: admin.token })).body.message).toContain('days');
  });

  it('churn: a transparent score from payments and sign-ins', async () => {
    const t = nowS();
    const lapsed = await server.createUser('lapsed@example.com', 'secret1');
    const loyal = await server.createUser('loyal@example.com', 'secret1');
    const at = new Date(server.clock.now());
    const pay = (userId: number, end: number, extra: Partial<typeof payments.$inferInsert> = {}) => ({
      userId, publicId: crypto.randomUUID(), createdAt: at, dateBegin: end - 30 * DAY, dateEnd: end, ...extra,
    });
    await server.api.db.insert(payments).values([
      pay(lapsed.id, t - 3 * DAY),
      pay(lapsed.id, t - 3 * DAY, { success: false }),
      pay(loyal.id, t + 20 * DAY, { isAutoPay: true }),
      pay(loyal.id, t + 50 * DAY, { isAutoPay: true }),
    ]);
    const res = await server.call('GET', '/Admin/Churn?minScore=0', { token: admin.token });
    const entry = (email: string) => res.body.customers.find((c: { email: string }) => c.email === email);
    // expired 40 + no auto-pay 15 + one failed payment 10 + single payment 10; signed in just now.
    expect(entry('lapsed@example.com')).toMatchObject({ score: 75, successfulPayments: 1 });
    expect(entry('lapsed@example.com').factors).toEqual([
      { code: 'expired', points: 40 }, { code: 'noAutoPay', points: 15 }, { code: 'failedPayments', points: 10 }, { code: 'singlePayment', points: 10 },
    ]);
    expect(entry('loyal@example.com')).toMatchObject({ score: 0, factors: [] });
    expect(res.body.customers[0].score).toBeGreaterThanOrEqual(res.body.customers.at(-1).score);
    const risky = await server.call('GET', '/Admin/Churn?minScore=50', { token: admin.token });
    expect(risky.body.customers.every((c: { score: number }) => c.score >= 50)).toBe(true);
    expect(risky.body.customers.some((c: { email: string }) => c.email === 'loyal@example.com')).toBe(false);
  });
});
