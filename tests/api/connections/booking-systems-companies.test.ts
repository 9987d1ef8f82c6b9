// YCLIENTS / Altegio companies (issue 19, docs/booking-systems.md) against the double: reachable companies, linking
// (our webhook added beside the owner's other URLs), the pull of masters/services/clients and its idempotency, denied
// rights, a refused token, unlinking, webhooks of a second linked company applied and stamped, the marketplace install.
import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingClients } from '../../../src/server/modules/clients/schema.ts';
import { bookingMasters, bookingServices } from '../../../src/server/modules/booking/schema.ts';
import { ALL_RIGHTS, signedUserData, startYclientsFake, type YclientsFake } from '../../fakes/yclients-fake.ts';
import { startServer, type TestServer } from '../harness.ts';
import { fakeCompany, overview, settled } from './booking-systems-support.ts';

let server: TestServer;
let fake: YclientsFake;
let seq = 0;

beforeAll(async () => {
  fake = await startYclientsFake('yclients');
  server = await startServer({ env: { YCLIENTS_API_URL: fake.url, YCLIENTS_PARTNER_TOKEN: fake.partnerToken, ACCESS_TOKEN_TTL_SECONDS: '3650d' } });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const owner = () => server.createUser(`bc${++seq}-${Date.now()}@example.com`, 'secret12');
const BASE = '/Accounts/BookingSystems/yclients';
async function connected(companies: Record<number, typeof ALL_RIGHTS>) {
  const o = await owner();
  const u = fake.addUser(companies);
  const account = (await server.call('POST', BASE, { token: o.token, body: { login: u.login, password: u.password } })).body.id as number;
  return { o, u, account };
}
const link = (token: string, account: number, companyId: number) => server.call('POST', `${BASE}/${account}/Companies`, { token, body: { companyId } });
const countOf = async (table: typeof bookingMasters | typeof bookingServices | typeof bookingClients, userId: number) =>
  (await server.api.db.select().from(table).where(eq(table.userId, userId))).length;

describe('reaching and linking companies', () => {
  it('a company, master or service named in an unexpected shape (not a string) is never a 5xx', async () => {
    const a = fakeCompany(fake.companies, 2);
    const company = fake.companies.get(a)!;
    Object.assign(company, { title: 12345 });
    Object.assign(company.staff[0]!, { name: 777 });
    Object.assign(company.services[0]!, { title: { ru: 'Стрижка' } });
    const { o, account } = await connected({ [a]: ALL_RIGHTS });
    const reach = await server.call('GET', `${BASE}/${account}/Companies`, { token: o.token });
    expect(reach).toMatchObject({ status: 200, body: { companies: [{ companyId: a, name: `#${a}` }] } });
    const res = await link(o.token, account, a);
    expect(res).toMatchObject({ status: 201, body: { name: `YCLIENTS ${a}` } });
    expect(await settled(server, o.token, res.body.id)).toMatchObject({ sync: { state: 'done', clients: 2 } });
  });

  it('lists the reachable companies, links one, adds our webhook beside the owner\'s other URL and pulls it', async () => {
    const [a, b] = [fakeCompany(fake.companies, 450), fakeCompany(fake.companies)];
    const { o, account } = await connected({ [a]: ALL_RIGHTS, [b]: ALL_RIGHTS });
    const reach = await server.call('GET', `${BASE}/${account}/Companies`, { token: o.token });
    expect(reach.body.companies).toEqual([
      { companyId: a, name: `Salon ${a}`, city: 'Kazan', linked: false },
      { companyId: b, name: `Salon ${b}`, city: 'Kazan', linked: false },
    ]);
    const res = await link(o.token, account, a);
    expect(res).toMatchObject({ status: 201, body: { name: `Salon ${a}`, accountId: account, internalCompanyId: a, city: 'Kazan', timezone: 3, webhooksCount: 2, deniedRights: [] } });
    const { webhookUrl } = await overview(server, o.token);
    expect(fake.companies.get(a)!.hooks).toMatchObject({ urls: ['https://owner.example/other-hook', webhookUrl], active: 1, record: 1, client: 1 });
    const done = await settled(server, o.token, res.body.id);
    expect(done).toMatchObject({ status: 'connected', activeMastersCount: 2, sync: { state: 'done', masters: 2, services: 1, clients: 450, error: null } });
    expect([await countOf(bookingMasters, o.id), await countOf(bookingServices, o.id), await countOf(bookingClients, o.id)]).toEqual([2, 1, 450]);
    expect(fake.calls.filter((c) => c.path.endsWith('/clients/search') && c.path.includes(String(a)))).toHaveLength(3); // 200 + 200 + 50

    // Again: the same rows (no duplicates), the webhook not added twice.
    expect((await server.call('POST', `${BASE}/Companies/${res.body.id}/Sync`, { token: o.token })).status).toBe(202);
    expect(await settled(server, o.token, res.body.id)).toMatchObject({ sync: { state: 'done', clients: 450 } });
    expect((await link(o.token, account, a)).status).toBe(201);
    await settled(server, o.token, res.body.id);
    expect([await countOf(bookingMasters, o.id), await countOf(bookingServices, o.id), await countOf(bookingClients, o.id)]).toEqual([2, 1, 450]);
    expect(fake.companies.get(a)!.hooks.urls).toHaveLength(2);
    expect((await overview(server, o.token)).companies).toHaveLength(1);
    expect((await server.call('GET', `${BASE}/${account}/Companies`, { token: o.token })).body.companies.map((c: { linked: boolean }) => c.linked)).toEqual([true, false]);
  });

  it('a company the account cannot reach is a 400 naming companyId; another owner\'s company is 409; their ids 404', async () => {
    const a = fakeCompany(fake.companies);
    const first = await connected({ [a]: ALL_RIGHTS });
    const second = await connected({ [a]: ALL_RIGHTS });
    expect(await link(first.o.token, first.account, 999_999)).toMatchObject({ status: 400, body: { errors: [{ field: 'companyId', code: 'bookingCompanyUnreachable' }] } });
    const linked = (await link(first.o.token, first.account, a)).body.id as number;
    expect(await link(second.o.token, second.account, a)).toMatchObject({ status: 409, body: { code: 'companyAlreadyLinked' } });
    expect((await link(second.o.token, first.account, a)).status).toBe(404);
    expect((await server.call('DELETE', `${BASE}/Companies/${linked}`, { token: second.o.token })).status).toBe(404);
    expect((await server.call('POST', `${BASE}/Companies/${linked}/Sync`, { token: second.o.token })).status).toBe(404);
    expect((await overview(server, second.o.token)).companies).toEqual([]);
    await settled(server, first.o.token, linked);
  });

  it('two owners linking one company at the same moment: one gets it, the other 409', async () => {
    const a = fakeCompany(fake.companies);
    const [first, second] = [await connected({ [a]: ALL_RIGHTS }), await connected({ [a]: ALL_RIGHTS })];
    const answers = await Promise.all([link(first.o.token, first.account, a), link(second.o.token, second.account, a)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const winner = answers[0]!.status === 201 ? first : second;
    await settled(server, winner.o.token, answers.find((r) => r.status === 201)!.body.id);
  });

  it('missing rights are shown (clients, webhook) and the rest is pulled', async () => {
    const a = fakeCompany(fake.companies);
    const { o, account } = await connected({ [a]: ['staff', 'services'] });
    const res = await link(o.token, account, a);
    expect(res).toMatchObject({ status: 201, body: { deniedRights: ['webhook'], status: 'rightsMissing', webhooksCount: 0 } });
    expect(fake.companies.get(a)!.hooks.urls).toEqual(['https://owner.example/other-hook']);
    expect(await settled(server, o.token, res.body.id)).toMatchObject({ status: 'rightsMissing', deniedRights: ['webhook', 'clients'], sync: { state: 'done', masters: 2, services: 1, clients: 0 } });
  });

  it('a token the system stopped accepting: the account shows tokenRejected, its company unreachable', async () => {
    const a = fakeCompany(fake.companies);
    const { o, u, account } = await connected({ [a]: ALL_RIGHTS });
    const id = (await link(o.token, account, a)).body.id as number;
    await settled(server, o.token, id);
    fake.rotateToken(u.login);
    expect(await server.call('GET', `${BASE}/${account}/Companies`, { token: o.token })).toMatchObject({ status: 409, body: { code: 'bookingTokenRejected' } });
    const view = await overview(server, o.token);
    expect(view.accounts[0].state).toBe('tokenRejected');
    expect(view.companies[0].status).toBe('unreachable');
  });

  it('the system down: 502 and nothing linked', async () => {
    const a = fakeCompany(fake.companies);
    const { o, account } = await connected({ [a]: ALL_RIGHTS });
    fake.failNext(1, 503);
    expect(await link(o.token, account, a)).toMatchObject({ status: 502, body: { code: 'providerUnavailable' } });
    expect((await overview(server, o.token)).companies).toEqual([]);
  });

  it('unlinking withdraws our webhook; pulled data stays; removing the account leaves the company webhook-only', async () => {
    const [a, b] = [fakeCompany(fake.companies), fakeCompany(fake.companies)];
    const { o, account } = await connected({ [a]: ALL_RIGHTS, [b]: ALL_RIGHTS });
    const ida = (await link(o.token, account, a)).body.id as number;
    const idb = (await link(o.token, account, b)).body.id as number;
    await settled(server, o.token, ida);
    await settled(server, o.token, idb);
    expect((await server.call('DELETE', `${BASE}/Companies/${ida}`, { token: o.token })).status).toBe(204);
    expect(fake.companies.get(a)!.hooks.urls).toEqual(['https://owner.example/other-hook']);
    expect(await countOf(bookingClients, o.id)).toBeGreaterThan(0);
    expect((await server.call('DELETE', `${BASE}/${account}`, { token: o.token })).status).toBe(204);
    const view = await overview(server, o.token);
    expect(view.companies).toMatchObject([{ id: idb, status: 'webhookOnly', accountId: null }]);
    expect(await server.call('POST', `${BASE}/Companies/${idb}/Sync`, { token: o.token })).toMatchObject({ status: 409, body: { code: 'companyWithoutAccount' } });
    const legacy = await server.call('GET', `/YclientsAccounts/${o.id}/Companies?withStatus=true`, { token: o.token });
    expect(legacy.body).toEqual([{ id: idb, name: `Salon ${b}`, status: 'webhookOnly', accountId: 0, internalCompanyId: b, webhooksCount: 2, activeMastersCount: 2, timezone: 3, city: 'Kazan' }]);
  });
});

describe('the pull', () => {
  it('runs once at a time; the system down fails it (providerUnavailable) and the next pull completes', async () => {
    const a = fakeCompany(fake.companies, 10);
    const { o, account } = await connected({ [a]: ALL_RIGHTS });
    let release!: () => void;
    fake.gate = new Promise((resolve) => (release = resolve));
    const id = (await link(o.token, account, a)).body.id as number;
    const again = await server.call('POST', `${BASE}/Companies/${id}/Sync`, { token: o.token });
    expect(again).toMatchObject({ status: 202, body: { sync: { state: 'running' } } });
    fake.gate = undefined;
    release();
    expect(await settled(server, o.token, id)).toMatchObject({ sync: { state: 'done', clients: 10 } });
    expect(fake.calls.filter((c) => c.path === `/api/v1/staff/${a}`)).toHaveLength(1);

    fake.failNext(1, 503);
    expect((await server.call('POST', `${BASE}/Companies/${id}/Sync`, { token: o.token })).status).toBe(202);
    expect(await settled(server, o.token, id)).toMatchObject({ sync: { state: 'failed', error: 'providerUnavailable' } });
    expect((await server.call('POST', `${BASE}/Companies/${id}/Sync`, { token: o.token })).status).toBe(202);
    expect(await settled(server, o.token, id)).toMatchObject({ status: 'connected', sync: { state: 'done', clients: 10, error: null } });
    expect(await countOf(bookingClients, o.id)).toBe(10);
  });
});

describe('webhooks of linked companies', () => {
  it('a webhook of a second linked company is applied and stamps it; an unknown company is ignored', async () => {
    const [a, b] = [fakeCompany(fake.companies), fakeCompany(fake.companies)];
    const { o, account } = await connected({ [a]: ALL_RIGHTS, [b]: ALL_RIGHTS });
    const ida = (await link(o.token, account, a)).body.id as number;
    const idb = (await link(o.token, account, b)).body.id as number;
    await settled(server, o.token, ida);
    await settled(server, o.token, idb);
    const { webhookUrl } = await overview(server, o.token);
    const path = new URL(webhookUrl).pathname.replace(/^\/api\/v1/, '');
    const start = new Date(server.api.config.now() + 3 * 86_400_000).toISOString();
    const hook = (company: number, id: number) => ({
      company_id: company, resource: 'record', resource_id: id, status: 'create',
      data: { id, company_id: company, datetime: start, seance_length: 3600, attendance: 0, deleted: false, staff: { id: 11, name: 'Anna' }, services: [{ id: 21, title: 'Haircut', cost: 1500 }], client: { id: 1, name: 'Client 1', phone: '+79161234567' } },
    });
    expect((await server.call('POST', path, { body: hook(b, 7001) })).body.result).toBe('applied');
    expect((await server.call('POST', path, { body: hook(424242, 7002) })).body.result).toBe('ignored');
    const view = await overview(server, o.token);
    const [ca, cb] = [view.companies.find((c: { id: number }) => c.id === ida), view.companies.find((c: { id: number }) => c.id === idb)];
    expect(cb.lastWebhookUnixTime).toBe(Math.floor(server.api.config.now() / 1000));
    expect(ca.lastWebhookUnixTime).toBeNull();
    // The webhook's master is the pulled one (one row for `yclients:11`).
    expect((await server.api.db.select().from(bookingMasters).where(and(eq(bookingMasters.userId, o.id), eq(bookingMasters.externalId, 'yclients:11'))))).toHaveLength(1);
  });
});

describe('an unlinked company', () => {
  it('stays ignored by the webhook tie even when it was the owner\'s last; another company\'s first webhook still ties it', async () => {
    const a = fakeCompany(fake.companies);
    const { o, account } = await connected({ [a]: ALL_RIGHTS });
    const id = (await link(o.token, account, a)).body.id as number;
    await settled(server, o.token, id);
    expect((await server.call('DELETE', `${BASE}/Companies/${id}`, { token: o.token })).status).toBe(204);
    const path = new URL((await overview(server, o.token)).webhookUrl).pathname.replace(/^\/api\/v1/, '');
    const start = new Date(server.api.config.now() + 3 * 86_400_000).toISOString();
    const hook = (company: number, rid: number) => ({
      company_id: company, resource: 'record', resource_id: rid, status: 'create',
      data: { id: rid, company_id: company, datetime: start, seance_length: 3600, attendance: 0, deleted: false, staff: { id: 11, name: 'Anna' }, services: [], client: { id: 1, name: 'C', phone: '+79161230000' } },
    });
    expect((await server.call('POST', path, { body: hook(a, 8101) })).body.result).toBe('ignored');
    expect((await overview(server, o.token)).companies).toEqual([]);
    expect((await server.call('POST', path, { body: hook(a + 100_000, 8102) })).body.result).toBe('applied');
    expect((await overview(server, o.token)).companies).toMatchObject([{ internalCompanyId: a + 100_000, status: 'webhookOnly' }]);
    // Linked again through the account: its webhooks count again.
    expect((await link(o.token, account, a)).status).toBe(201);
    expect((await server.call('POST', path, { body: hook(a, 8103) })).body.result).toBe('applied');
  });
});

describe('the marketplace install', () => {
  const install = (token: string, applicationId: string, salonId: number, signed = signedUserData(fake.partnerToken, { id: 5, salon_id: salonId })) =>
    server.call('POST', `${BASE}/Marketplace`, { token, body: { applicationId, salonId, ...signed } });

  it('confirms the install with our webhook URL and links the salon through a partner-only account', async () => {
    const a = fakeCompany(fake.companies, 5);
    fake.installs.set(a, 77);
    const o = await owner();
    expect(await install(o.token, '78', a)).toMatchObject({ status: 400, body: { errors: [{ field: 'salonId', code: 'bookingMarketplaceFailed' }] } });
    expect((await overview(server, o.token)).companies).toEqual([]);
    const res = await install(o.token, '77', a);
    expect(res).toMatchObject({ status: 201, body: { internalCompanyId: a, name: `Salon ${a}` } });
    const view = await overview(server, o.token);
    expect(fake.callbacks.at(-1)).toEqual({ salon_id: a, application_id: 77, webhook_urls: [view.webhookUrl] });
    expect(view.accounts).toMatchObject([{ via: 'marketplace', state: 'Connected' }]);
    expect(await settled(server, o.token, res.body.id)).toMatchObject({ status: 'connected', sync: { state: 'done', clients: 5 } });
    expect((await install(o.token, '77', a)).status).toBe(201); // repeated: the same account
    expect((await overview(server, o.token)).accounts).toHaveLength(1);
    // The install's account reaches its salon only, and is not marked refused for having no user.
    const account = (await overview(server, o.token)).accounts[0].id as number;
    expect((await server.call('GET', `${BASE}/${account}/Companies`, { token: o.token })).body).toEqual({ companies: [{ companyId: a, name: `Salon ${a}`, city: 'Kazan', linked: true }] });
    expect(await link(o.token, account, a + 1)).toMatchObject({ status: 400, body: { errors: [{ field: 'companyId', code: 'bookingCompanyUnreachable' }] } });
    expect((await overview(server, o.token)).accounts[0].state).toBe('Connected');
  });

  it('links only the salon the redirect signed: a forged or borrowed signature, another salon, unreadable data are 400 and change nothing', async () => {
    const a = fakeCompany(fake.companies, 1);
    fake.installs.set(a, 77);
    const o = await owner();
    const callbacks = fake.callbacks.length;
    const good = signedUserData(fake.partnerToken, { id: 9, salon_id: a });
    const refused = (field: string, code: string) => ({ status: 400, body: { errors: [{ field, code }] } });
    // Forged: signed under another key; borrowed: a real signature of other data.
    expect(await install(o.token, '77', a, signedUserData('not-the-partner-token', { salon_id: a }))).toMatchObject(refused('userDataSign', 'bookingMarketplaceUnsigned'));
    const other = signedUserData(fake.partnerToken, { salon_id: a + 1 });
    expect(await install(o.token, '77', a, { userData: good.userData, userDataSign: other.userDataSign })).toMatchObject(refused('userDataSign', 'bookingMarketplaceUnsigned'));
    // Properly signed, but for another salon (also in salon_ids), or not a JSON object.
    expect(await install(o.token, '77', a, other)).toMatchObject(refused('salonId', 'bookingMarketplaceOtherSalon'));
    expect(await install(o.token, '77', a, signedUserData(fake.partnerToken, { salon_ids: [a + 1, String(a + 2)] }))).toMatchObject(refused('salonId', 'bookingMarketplaceOtherSalon'));
    const text = (userData: string) => ({ userData, userDataSign: createHmac('sha256', fake.partnerToken).update(userData).digest('hex') });
    for (const userData of ['%%%not base64', Buffer.from('[1,2]').toString('base64'), Buffer.from('{"salon_id":').toString('base64'), Buffer.from('"x"').toString('base64')]) {
      expect(await install(o.token, '77', a, text(userData))).toMatchObject(refused('userData', 'bookingMarketplaceData'));
    }
    // The contract's shapes: a sign that is not 64 lowercase hex digits, data too long.
    expect(await install(o.token, '77', a, { userData: good.userData, userDataSign: good.userDataSign.toUpperCase() })).toMatchObject({ status: 400, body: { errors: [{ field: 'userDataSign' }] } });
    expect(await install(o.token, '77', a, text('e'.repeat(4097)))).toMatchObject({ status: 400, body: { errors: [{ field: 'userData' }] } });
    expect(fake.callbacks.length).toBe(callbacks); // the system was never asked
    expect(await overview(server, o.token)).toMatchObject({ accounts: [], companies: [] });
    // The salon among salon_ids (a numeric string too) links.
    expect(await install(o.token, '77', a, signedUserData(fake.partnerToken, { salon_ids: [a + 1, String(a)] }))).toMatchObject({ status: 201, body: { internalCompanyId: a } });
  });
});
