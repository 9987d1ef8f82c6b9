// YCLIENTS / Altegio accounts (issue 19, docs/booking-systems.md) against the double: connecting by login+password or
// by a user token, refused credentials, the limit, no partner token, the token sealed, removal, another owner's ids,
// the system down.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionSecrets } from '../../../src/server/modules/connections/schema.ts';
import { startYclientsFake, type YclientsFake } from '../../fakes/yclients-fake.ts';
import { startServer, type TestServer } from '../harness.ts';
import { fakeCompany, overview } from './booking-systems-support.ts';

let server: TestServer;
let fake: YclientsFake;
let altegio: YclientsFake;
let seq = 0;

beforeAll(async () => {
  [fake, altegio] = await Promise.all([startYclientsFake('yclients'), startYclientsFake('altegio')]);
  server = await startServer({
    env: { YCLIENTS_API_URL: fake.url, YCLIENTS_PARTNER_TOKEN: fake.partnerToken, ALTEGIO_API_URL: altegio.url, ALTEGIO_PARTNER_TOKEN: altegio.partnerToken, ACCESS_TOKEN_TTL_SECONDS: '3650d' },
  });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await Promise.all([fake?.close(), altegio?.close()]);
});

const owner = () => server.createUser(`bs${++seq}-${Date.now()}@example.com`, 'secret12');
const connect = (token: string, body: unknown, system = 'yclients') => server.call('POST', `/Accounts/BookingSystems/${system}`, { token, body });

describe('connecting a booking system account', () => {
  it('by login and password: the user token is sealed, the password kept nowhere', async () => {
    const o = await owner();
    const u = fake.addUser({ [fakeCompany(fake.companies)]: ['staff', 'services', 'clients', 'webhook'] });
    const res = await connect(o.token, { login: u.login, password: u.password });
    expect(res).toMatchObject({ status: 201, body: { system: 'yclients', name: u.login, via: 'credentials', state: 'Connected' } });
    const view = await overview(server, o.token);
    expect(view).toMatchObject({ accounts: [{ id: res.body.id }], companies: [], limit: 5, partnerConfigured: true });
    expect(view.webhookUrl).toMatch(/\/api\/v1\/Webhooks\/yclients\/.+/);
    expect(JSON.stringify(view)).not.toContain(u.token);
    const [secret] = await server.api.db.select().from(connectionSecrets).where(eq(connectionSecrets.connectionId, res.body.id));
    expect(secret!.sealed).not.toContain(u.token);
    expect(secret!.sealed).not.toContain(u.password);
  });

  it('by a user token, checked with the system first (Altegio flavour: its own Accept header)', async () => {
    const o = await owner();
    const u = altegio.addUser({ [fakeCompany(altegio.companies)]: ['staff'] });
    const res = await connect(o.token, { userToken: u.token }, 'altegio');
    expect(res).toMatchObject({ status: 201, body: { system: 'altegio', via: 'credentials', state: 'Connected' } });
    expect(res.body.name).not.toContain(u.token);
    expect((await overview(server, o.token, 'altegio')).accounts).toHaveLength(1);
    expect((await overview(server, o.token, 'yclients')).accounts).toHaveLength(0);
  });

  it('refused credentials are a 400 naming the field; nothing kept', async () => {
    const o = await owner();
    const u = fake.addUser({});
    expect(await connect(o.token, { login: u.login, password: 'wrong' })).toMatchObject({ status: 400, body: { errors: [{ field: 'password', code: 'bookingCredentialsRejected' }] } });
    expect(await connect(o.token, { userToken: 'not-a-real-token' })).toMatchObject({ status: 400, body: { errors: [{ field: 'userToken', code: 'bookingCredentialsRejected' }] } });
    // A token no HTTP header can carry: the owner's mistake (400), never a 502.
    for (const userToken of ['токен-пользователя', 'abcd efgh\u0007', 'abcdefgh\u00a0ijk'])
      expect(await connect(o.token, { userToken }), userToken).toMatchObject({ status: 400, body: { errors: [{ field: 'userToken', code: 'bookingCredentialsRejected' }] } });
    expect(await connect(o.token, { login: '  ', password: 'x' })).toMatchObject({ status: 400, body: { errors: [{ field: 'login' }] } });
    expect(await connect(o.token, { login: u.login })).toMatchObject({ status: 400, body: { errors: [{ field: 'password' }] } });
    expect(await connect(o.token, { login: u.login, password: u.password, extra: 1 })).toMatchObject({ status: 400 });
    expect((await overview(server, o.token)).accounts).toEqual([]);
  });

  it('at most 5 accounts per system: the sixth is 409 accountLimitReached', async () => {
    const o = await owner();
    for (let i = 0; i < 5; i++) expect((await connect(o.token, { userToken: fake.addUser({}).token })).status).toBe(201);
    expect(await connect(o.token, { userToken: fake.addUser({}).token })).toMatchObject({ status: 409, body: { code: 'accountLimitReached', params: { limit: 5 } } });
    expect((await overview(server, o.token)).accounts).toHaveLength(5);
    expect((await connect(o.token, { userToken: altegio.addUser({}).token }, 'altegio')).status).toBe(201); // per system
  });

  it('removing an account forgets it; another owner\'s account is 404', async () => {
    const [o, other] = [await owner(), await owner()];
    const id = (await connect(o.token, { userToken: fake.addUser({}).token })).body.id;
    expect((await server.call('DELETE', `/Accounts/BookingSystems/yclients/${id}`, { token: other.token })).status).toBe(404);
    expect((await server.call('GET', `/Accounts/BookingSystems/yclients/${id}/Companies`, { token: other.token })).status).toBe(404);
    expect((await server.call('DELETE', `/Accounts/BookingSystems/altegio/${id}`, { token: o.token })).status).toBe(404); // another system's path
    expect((await server.call('DELETE', `/Accounts/BookingSystems/yclients/${id}`, { token: o.token })).status).toBe(204);
    expect((await overview(server, o.token)).accounts).toEqual([]);
    const [secret] = await server.api.db.select().from(connectionSecrets).where(eq(connectionSecrets.connectionId, id));
    expect(secret).toBeUndefined();
  });

  it('a bad system name or id is a 400', async () => {
    const o = await owner();
    expect((await server.call('GET', '/Accounts/BookingSystems/bitrix', { token: o.token })).status).toBe(400);
    expect((await server.call('DELETE', '/Accounts/BookingSystems/yclients/abc', { token: o.token })).status).toBe(400);
  });
});

describe('without the operator\'s partner token, or with the system down', () => {
  it('409 bookingPartnerNotConfigured; the overview says so', async () => {
    const own = await startServer({ env: { ACCESS_TOKEN_TTL_SECONDS: '3650d' } });
    try {
      const u = await own.createUser('no-partner@example.com', 'secret12');
      expect(await own.call('POST', '/Accounts/BookingSystems/yclients', { token: u.token, body: { userToken: 'abcdefgh12' } })).toMatchObject({ status: 409, body: { code: 'bookingPartnerNotConfigured' } });
      expect((await own.call('GET', '/Accounts/BookingSystems/yclients', { token: u.token })).body).toMatchObject({ accounts: [], partnerConfigured: false });
    } finally {
      await own.close();
    }
  });

  it('502 providerUnavailable and nothing kept when the system answers 5xx', async () => {
    const o = await owner();
    const u = fake.addUser({});
    fake.failNext(1, 503);
    expect(await connect(o.token, { login: u.login, password: u.password })).toMatchObject({ status: 502, body: { code: 'providerUnavailable' } });
    fake.failNext(1, 429);
    expect(await connect(o.token, { userToken: u.token })).toMatchObject({ status: 502, body: { code: 'providerUnavailable' } });
    expect((await overview(server, o.token)).accounts).toEqual([]);
  });
});
