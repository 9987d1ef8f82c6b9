import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../harness.ts';

let server: TestServer;
let admin: { id: number; token: string };
let superadmin: { id: number; token: string };
let alice: { id: number; token: string };
let bob: { id: number; token: string };

beforeAll(async () => {
  server = await startServer();
  admin = await server.createUser('admin@example.com', 'secret1', 'admin');
  superadmin = await server.createUser('super@example.com', 'secret1', 'superadmin');
  alice = await server.createUser('alice@example.com', 'secret1');
  bob = await server.createUser('bob@example.com', 'secret1');
});
afterAll(() => server?.close());

// Every admin call of §7, with a valid body where it needs one.
const adminCalls = (uid: () => number, payId: () => number): [string, () => string, unknown?][] => [
  ['GET', () => '/Admin/Users'],
  ['GET', () => `/Admin/Users/${uid()}`],
  ['PATCH', () => `/Admin/Users/${uid()}`, { fullName: 'X' }],
  ['POST', () => `/Admin/UserInfo?userId=${uid()}`, { userPhone: '+79160000001' }],
  ['GET', () => `/Admin/Users/${uid()}/Pays?page=1&success=true`],
  ['POST', () => `/Admin/Users/${uid()}/Pays`, {}],
  ['GET', () => `/Admin/Users/${uid()}/Pays/${payId()}`],
  ['PATCH', () => `/Admin/Users/${uid()}/Pays/${payId()}`, { comment: 'c' }],
  ['GET', () => `/Admin/Users/${uid()}/Pays/${payId()}/LinkToPay`],
  ['GET', () => `/Admin/${uid()}/UserAccounts`],
  ['GET', () => '/Manager'],
  ['GET', () => '/PayDestination'],
  ['GET', () => `/Admin/LeadInfos/${uid()}`],
  ['POST', () => `/Admin/LeadInfos/${uid()}`, { firstLineManagerId: 1, secondLineManagerId: null }],
  ['POST', () => `/Admin/Users/${uid()}/Dialogues`, { count: 5, date: '2026-11-01' }],
  // Unblock of an active user changes nothing, so the list can run it with every role (Block: admin/block.test.ts).
  ['POST', () => `/Admin/Users/${uid()}/Unblock`],
];

describe('role checks on every admin call', () => {
  let payId = 0;
  beforeAll(async () => {
    const res = await server.call('POST', `/Admin/Users/${alice.id}/Pays`, { token: admin.token, body: {} });
    payId = res.body.id;
  });
  const calls = adminCalls(() => alice.id, () => payId);
  it.each(calls)('%s %s: anonymous 401, user 403, admin and superadmin 2xx', async (method, path, body) => {
    expect((await server.call(method, path(), { body })).status).toBe(401);
    const asUser = await server.call(method, path(), { body, token: alice.token });
    expect(asUser.status).toBe(403);
    expect(asUser.body.message).toBe('Access denied');
    expect(asUser.body.code).toBe('accessDenied');
    expect([200, 201]).toContain((await server.call(method, path(), { body, token: admin.token })).status);
    expect([200, 201]).toContain((await server.call(method, path(), { body, token: superadmin.token })).status);
  });
});

describe('admin users', () => {
  it('lists with paging and search', async () => {
    const all = await server.call('GET', '/Admin/Users?pageSize=2', { token: admin.token });
    expect(all.status).toBe(200);
    expect(all.body.users).toHaveLength(2);
    expect(all.body.total).toBeGreaterThanOrEqual(5);
    expect(all.body.pages).toBe(Math.ceil(all.body.total / 2));
    const page2 = await server.call('GET', '/Admin/Users?pageSize=2&page=2', { token: admin.token });
    expect(page2.body.users[0].id).not.toBe(all.body.users[0].id);
    const found = await server.call('GET', '/Admin/Users?query=ALICE', { token: admin.token });
    expect(found.body.users.map((u: { email: string }) => u.email)).toEqual(['alice@example.com']);
    const literal = await server.call('GET', '/Admin/Users?query=%25', { token: admin.token });
    expect(literal.body.total).toBe(0);
  });

  it('reads and patches every editable field', async () => {
    const patch = {
      userPhone: '+79167776655', balance: 150.5, chatApiInstanceLimit: 3, countryId: 55, availableAiReviewsCount: 10,
      availableMessagesCount: 800, fullName: 'Bob B', isYclientsSmsOneTariffEnabled: true, isDuplication: true,
    };
    const res = await server.call('PATCH', `/Admin/Users/${bob.id}`, { token: admin.token, body: patch });
    expect(res.status).toBe(200);
    const { userPhone, ...rest } = patch;
    expect(res.body).toMatchObject({ ...rest, phone: userPhone, email: 'bob@example.com', userGuid: expect.any(String) });
    expect((await server.call('GET', `/Admin/Users/${bob.id}`, { token: admin.token })).body).toEqual(res.body);
  });

  it('rejects bad input naming the field, changing nothing', async () => {
    const before = (await server.call('GET', `/Admin/Users/${bob.id}`, { token: admin.token })).body;
    for (const body of [{ balance: 'lots' }, { chatApiInstanceLimit: -1 }, { userPhone: '12' }, { unknownField: 1 }, {}]) {
      const res = await server.call('PATCH', `/Admin/Users/${bob.id}`, { token: admin.token, body });
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    const bad = await server.call('PATCH', `/Admin/Users/${bob.id}`, { token: admin.token, body: { balance: 'lots' } });
    expect(bad.body.message).toContain('balance');
    expect((await server.call('GET', `/Admin/Users/${bob.id}`, { token: admin.token })).body).toEqual(before);
  });

  it('unknown user ids → 404', async () => {
    expect((await server.call('GET', '/Admin/Users/99999', { token: admin.token })).status).toBe(404);
    expect((await server.call('GET', '/Admin/99999/UserAccounts', { token: admin.token })).status).toBe(404);
  });

  it('UserInfo sets the phone', async () => {
    const res = await server.call('POST', `/Admin/UserInfo?userId=${bob.id}`, { token: admin.token, body: { userPhone: '+79160001122' } });
    expect(res.body.phone).toBe('+79160001122');
  });
});

describe('admin payments', () => {
  it('applies the §9 defaults', async () => {
    const res = await server.call('POST', `/Admin/Users/${bob.id}/Pays`, { token: admin.token, body: {} });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ amount: 2500, currency: 'RUB', tariff: 1, success: true, isFree: false, userId: bob.id });
  });

  it('lists by page and success filter, newest first', async () => {
    for (let i = 0; i < 11; i++) {
      await server.call('POST', `/Admin/Users/${bob.id}/Pays`, { token: admin.token, body: { amount: i, success: i % 2 === 0 } });
    }
    const page1 = await server.call('GET', `/Admin/Users/${bob.id}/Pays?page=1`, { token: admin.token });
    expect(page1.body.pays).toHaveLength(10);
    expect(page1.body.pages).toBe(2);
    expect(page1.body.pays[0].amount).toBe(10);
    const failed = await server.call('GET', `/Admin/Users/${bob.id}/Pays?success=false`, { token: admin.token });
    expect(failed.body.pays.every((p: { success: boolean }) => !p.success)).toBe(true);
    expect(failed.body.pays).toHaveLength(5);
    const ok = await server.call('GET', `/Admin/Users/${bob.id}/Pays?success=true`, { token: admin.token });
    expect(ok.body.pays.length + failed.body.pays.length).toBe(12); // 1 from the defaults test + 11
  });

  it('edits, reads and links a payment; ids of other users 404', async () => {
    const created = await server.call('POST', `/Admin/Users/${bob.id}/Pays`, {
      token: admin.token,
      body: { amount: 990, currency: 'USD', tariff: 20, managerId: 1, payDestinationId: 1, instanceIds: [1, 2], iikoOrganizationsIds: ['org'], comment: 'first' },
    });
    const id = created.body.id;
    const edited = await server.call('PATCH', `/Admin/Users/${bob.id}/Pays/${id}`, { token: admin.token, body: { comment: 'second', isAutoPay: true } });
    expect(edited.body).toMatchObject({ amount: 990, currency: 'USD', comment: 'second', isAutoPay: true, instanceIds: [1, 2] });
    expect((await server.call('GET', `/Admin/Users/${bob.id}/Pays/${id}`, { token: admin.token })).body).toEqual(edited.body);
    // The link points at the brand host that asked; a foreign Client-Host falls back to the public origin.
    const link = await server.call('GET', `/Admin/Users/${bob.id}/Pays/${id}/LinkToPay`, { token: admin.token, headers: { 'Client-Host': 'https://app.notifio.ru' } });
    expect(link.body.url).toMatch(/^https:\/\/app\.notifio\.ru\/publicPayments\?payment=[0-9a-f-]{36}$/);
    const foreign = await server.call('GET', `/Admin/Users/${bob.id}/Pays/${id}/LinkToPay`, { token: admin.token, headers: { 'Client-Host': 'https://evil.example' } });
    expect(foreign.body.url).not.toContain('evil.example');
    expect((await server.call('GET', `/Admin/Users/${alice.id}/Pays/${id}`, { token: admin.token })).status).toBe(404);
    expect((await server.call('PATCH', `/Admin/Users/${alice.id}/Pays/${id}`, { token: admin.token, body: { comment: 'x' } })).status).toBe(404);
  });

  it('rejects bad payments naming the field and stores nothing', async () => {
    const count = async () => (await server.call('GET', `/Admin/Users/${alice.id}/Pays`, { token: admin.token })).body.pays.length;
    const before = await count();
    for (const [body, field] of [
      [{ amount: -1 }, 'amount'],
      [{ tariff: 99 }, 'tariff'],
      [{ managerId: 424242 }, 'managerId'],
      [{ userId: bob.id }, 'userId'],
      [{ currency: 'RUBLES' }, 'currency'],
    ] as const) {
      const res = await server.call('POST', `/Admin/Users/${alice.id}/Pays`, { token: admin.token, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(field);
    }
    expect(await count()).toBe(before);
  });
});

describe('accounts, managers, lead infos, dialogues', () => {
  it('UserAccounts bundle has every group', async () => {
    const res = await server.call('GET', '/Admin/1/UserAccounts', { token: admin.token });
    expect(Object.keys(res.body).sort()).toEqual(
      ['amoAccounts', 'chatApiAccounts', 'chatwootAccounts', 'iikoAccounts', 'iikoOrganizations', 'medFlexLpus', 'sigmaAccounts', 'telegramAccounts', 'yclientsCompanies'],
    );
    expect(res.body.chatApiAccounts[0]).toEqual({ id: expect.any(Number), phone: '+79990000000' });
    expect(res.body.yclientsCompanies[0].companyName).toBe('Салон красоты «Лаванда»');
  });

  it('managers and pay destinations', async () => {
    const managers = await server.call('GET', '/Manager', { token: admin.token });
    expect(managers.body[0]).toEqual({ id: expect.any(Number), name: expect.any(String), isFired: expect.any(Boolean) });
    const dest = await server.call('GET', '/PayDestination', { token: admin.token });
    expect(dest.body.some((d: { name: string }) => d.name.includes('[FM]'))).toBe(true);
  });

  it('lead infos round-trip; unknown managers rejected', async () => {
    const set = await server.call('POST', `/Admin/LeadInfos/${bob.id}`, { token: admin.token, body: { firstLineManagerId: 1, secondLineManagerId: 2 } });
    expect(set.status).toBe(200);
    expect((await server.call('GET', `/Admin/LeadInfos/${bob.id}`, { token: admin.token })).body).toEqual({ firstLineManagerId: 1, secondLineManagerId: 2 });
    const bad = await server.call('POST', `/Admin/LeadInfos/${bob.id}`, { token: admin.token, body: { firstLineManagerId: 999, secondLineManagerId: null } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('firstLineManagerId');
    expect((await server.call('GET', `/Admin/LeadInfos/${bob.id}`, { token: admin.token })).body.firstLineManagerId).toBe(1);
  });

  it('dialogue grants accumulate; bad dates rejected', async () => {
    await server.call('POST', `/Admin/Users/${bob.id}/Dialogues`, { token: admin.token, body: { count: 10, date: '2026-11-01' } });
    const res = await server.call('POST', `/Admin/Users/${bob.id}/Dialogues`, { token: admin.token, body: { count: 5, date: '2026-11-02' } });
    expect(res.body).toMatchObject({ userId: bob.id, count: 5, date: '2026-11-02', totalCount: 15 });
    const bad = await server.call('POST', `/Admin/Users/${bob.id}/Dialogues`, { token: admin.token, body: { count: 5, date: 'tomorrow' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('date');
  });
});

describe('tenant isolation (customer routes with an id)', () => {
  it('PayInfos: own only', async () => {
    expect((await server.call('GET', `/PayInfos/${alice.id}`, { token: alice.token })).status).toBe(200);
    expect((await server.call('GET', `/PayInfos/${bob.id}`, { token: alice.token })).status).toBe(403);
    expect((await server.call('GET', `/PayInfos/${bob.id}`, { token: admin.token })).status).toBe(200);
    expect((await server.call('GET', `/PayInfos/${bob.id}`)).status).toBe(401);
  });
  it('YclientsAccounts companies: own only', async () => {
    expect((await server.call('GET', `/YclientsAccounts/${alice.id}/Companies?withStatus=true`, { token: alice.token })).body).toEqual([]);
    expect((await server.call('GET', '/YclientsAccounts/1/Companies?withStatus=true', { token: alice.token })).status).toBe(403);
    const asAdmin = await server.call('GET', '/YclientsAccounts/1/Companies?withStatus=true', { token: admin.token });
    expect(asAdmin.body[0]).toMatchObject({ name: 'Салон красоты «Лаванда»', status: 'Connected', timezone: 3 });
    const noStatus = await server.call('GET', '/YclientsAccounts/1/Companies', { token: admin.token });
    expect(noStatus.body[0].status).toBeUndefined();
  });
  it('a customer cannot reach another user through any admin route', async () => {
    for (const [method, path, body] of adminCalls(() => bob.id, () => 1)) {
      expect((await server.call(method, path(), { body, token: alice.token })).status).toBe(403);
    }
  });
});

describe('unknown routes', () => {
  it('404 JSON problem', async () => {
    const res = await server.call('GET', '/Nope/Nothing', { token: admin.token });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.body).toMatchObject({ status: 404, message: expect.any(String) });
    expect((await server.call('GET', '/account/currentuser', { token: admin.token })).status).toBe(404); // exact case
  });
});
