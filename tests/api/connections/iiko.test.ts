// iiko API logins and organizations (issue 19, docs/iiko.md) against the iikoCloud double: the login checked on save
// and sealed, the limit, reachable and linked organizations with terminal groups, our webhook registered with our
// authToken (and a foreign address not overwritten unasked), another owner's ids, iiko down, and webhooks of any
// linked organization applied when they carry the authToken.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionSecrets } from '../../../src/server/modules/connections/schema.ts';
import { orders } from '../../../src/server/modules/orders/schema.ts';
import { startIikoFake, type IikoFake } from '../../fakes/iiko-fake.ts';
import { loadContract } from '../../fuzz/contract.ts';
import { fuzz, summary } from '../../fuzz/runner.ts';
import { startServer, type TestServer } from '../harness.ts';

let server: TestServer;
let fake: IikoFake;
let seq = 0;

beforeAll(async () => {
  fake = await startIikoFake();
  server = await startServer({ env: { IIKO_API_URL: fake.url, ACCESS_TOKEN_TTL_SECONDS: '3650d' } });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const owner = () => server.createUser(`ik${++seq}-${Date.now()}@example.com`, 'secret12');
const newLogin = () => `api-login-${++seq}-${randomUUID().slice(0, 8)}`;
const connect = (token: string, apiLogin: string) => server.call('POST', '/Accounts/Iiko', { token, body: { apiLogin } });
const overview = async (token: string) => (await server.call('GET', '/Accounts/Iiko', { token })).body;
const link = (token: string, id: number, body: Record<string, unknown>) => server.call('POST', `/Accounts/Iiko/${id}/Organizations`, { token, body });

async function connected() {
  const o = await owner();
  const apiLogin = newLogin();
  const first = fake.organization(apiLogin, `Pizza ${seq}`);
  const second = fake.organization(apiLogin, `Sushi ${seq}`);
  const res = await connect(o.token, apiLogin);
  expect(res.status).toBe(201);
  return { o, apiLogin, first, second, id: res.body.id as number };
}

function orderEvent(organizationId: string) {
  return [
    {
      eventType: 'DeliveryOrderUpdate',
      eventTime: '2026-11-22 19:05:00.123',
      organizationId,
      correlationId: randomUUID(),
      eventInfo: { id: randomUUID(), organizationId, creationStatus: 'Success', order: { number: 7, sum: 500, status: 'Unconfirmed', phone: '+79161234567', customer: { name: 'Anna' }, items: [] } },
    },
  ];
}

describe('connecting an iiko API login', () => {
  it('a refused or blank login is a 400 naming apiLogin; nothing kept', async () => {
    const o = await owner();
    expect(await connect(o.token, 'nobody-knows-me')).toMatchObject({ status: 400, body: { errors: [{ field: 'apiLogin', code: 'iikoApiLoginRejected' }] } });
    expect(await connect(o.token, '   ')).toMatchObject({ status: 400, body: { errors: [{ field: 'apiLogin' }] } });
    expect(await server.call('POST', '/Accounts/Iiko', { token: o.token, body: {} })).toMatchObject({ status: 400, body: { errors: [{ field: 'apiLogin' }] } });
    expect((await overview(o.token)).accounts).toEqual([]);
  });

  it('keeps the login sealed and masked; the overview has the webhook address and the limit; a repeat is 409', async () => {
    const { o, apiLogin, id } = await connected();
    const view = await overview(o.token);
    expect(view).toMatchObject({ accounts: [{ id, apiLoginMasked: `••••${apiLogin.slice(-4)}`, state: 'Connected', lastError: null }], organizations: [], limit: 5 });
    expect(view.webhookUrl).toMatch(/\/api\/v1\/Webhooks\/iiko\/.+/);
    expect(JSON.stringify(view)).not.toContain(apiLogin);
    const [row] = await server.api.db.select().from(connectionSecrets).where(eq(connectionSecrets.connectionId, id));
    expect(row!.sealed).not.toContain(apiLogin);
    expect(await connect(o.token, apiLogin)).toMatchObject({ status: 409, body: { code: 'iikoAlreadyConnected' } });
  });

  it('the limit is 409 accountLimitReached', async () => {
    const o = await owner();
    for (let i = 0; i < 5; i++) {
      const apiLogin = newLogin();
      fake.logins.set(apiLogin, []);
      expect((await connect(o.token, apiLogin)).status).toBe(201);
    }
    const extra = newLogin();
    fake.logins.set(extra, []);
    expect(await connect(o.token, extra)).toMatchObject({ status: 409, body: { code: 'accountLimitReached', params: { limit: 5 } } });
    expect((await overview(o.token)).accounts).toHaveLength(5);
  });

  it('iiko down or timing out is 502 providerUnavailable and nothing is kept', async () => {
    const o = await owner();
    const apiLogin = newLogin();
    fake.logins.set(apiLogin, []);
    for (const status of [503, 408, 429]) {
      fake.down = status;
      try {
        expect(await connect(o.token, apiLogin), String(status)).toMatchObject({ status: 502, body: { code: 'providerUnavailable' } });
      } finally {
        fake.down = null;
      }
    }
    expect((await overview(o.token)).accounts).toEqual([]);
  });
});

describe('organizations', () => {
  it('lists the reachable ones, links several with all their terminal groups and registers our webhook with our authToken', async () => {
    const { o, id, first, second } = await connected();
    const reachable = await server.call('GET', `/Accounts/Iiko/${id}/Organizations`, { token: o.token });
    expect(reachable.body.organizations).toEqual([
      { organizationId: first.id, name: first.name, linked: false },
      { organizationId: second.id, name: second.name, linked: false },
    ]);
    const a = await link(o.token, id, { organizationId: first.id });
    expect(a).toMatchObject({ status: 201, body: { organizationId: first.id, name: first.name, accountId: id, webhook: 'registered', lastWebhookUnixTime: null } });
    expect(a.body.terminalGroups).toEqual(first.terminals.map((t) => ({ id: t.id, name: t.name }))); // the hidden one too
    expect((await link(o.token, id, { organizationId: second.id })).status).toBe(201);
    const view = await overview(o.token);
    expect(view.organizations.map((x: { organizationId: string }) => x.organizationId)).toEqual([first.id, second.id]);
    expect(first.webhook.webHooksUri).toBe(view.webhookUrl);
    expect(first.webhook.authToken).toMatch(/.{32,}/);
    expect(JSON.stringify(view)).not.toContain(first.webhook.authToken!);
    expect((await server.call('GET', `/Accounts/Iiko/${id}/Organizations`, { token: o.token })).body.organizations.every((x: { linked: boolean }) => x.linked)).toBe(true);
    // Linking again refreshes, never doubles.
    expect((await link(o.token, id, { organizationId: first.id })).status).toBe(201);
    expect((await overview(o.token)).organizations).toHaveLength(2);
  });

  it('an unreachable or malformed organization is 400 naming organizationId', async () => {
    const { o, id } = await connected();
    const other = fake.organization(newLogin(), 'Elsewhere');
    expect(await link(o.token, id, { organizationId: other.id })).toMatchObject({ status: 400, body: { errors: [{ field: 'organizationId', code: 'iikoOrganizationUnreachable' }] } });
    expect(await link(o.token, id, { organizationId: 'not-a-guid' })).toMatchObject({ status: 400, body: { errors: [{ field: 'organizationId' }] } });
    expect((await overview(o.token)).organizations).toEqual([]);
  });

  it('another address registered at iiko is named and kept unless replaceWebhook', async () => {
    const { o, id, first } = await connected();
    first.webhook = { webHooksUri: 'https://other.example/hook', authToken: 'theirs', apiLoginName: 'x' };
    expect(await link(o.token, id, { organizationId: first.id })).toMatchObject({ status: 409, body: { code: 'iikoWebhookTaken', params: { uri: 'https://other.example/hook' } } });
    expect(first.webhook.webHooksUri).toBe('https://other.example/hook');
    expect((await overview(o.token)).organizations).toEqual([]);
    expect((await link(o.token, id, { organizationId: first.id, replaceWebhook: true })).status).toBe(201);
    expect(first.webhook.webHooksUri).not.toBe('https://other.example/hook');
  });

  it('an expired token is fetched again; a revoked login is 409 and marks the account', async () => {
    const { o, id, apiLogin } = await connected();
    const issued = fake.tokensIssued;
    fake.expireTokens();
    expect((await server.call('GET', `/Accounts/Iiko/${id}/Organizations`, { token: o.token })).status).toBe(200);
    expect(fake.tokensIssued).toBe(issued + 1);
    fake.logins.delete(apiLogin);
    fake.expireTokens();
    expect(await server.call('GET', `/Accounts/Iiko/${id}/Organizations`, { token: o.token })).toMatchObject({ status: 409, body: { code: 'iikoApiLoginRejected' } });
    expect((await overview(o.token)).accounts[0]).toMatchObject({ state: 'error', lastError: 'apiLoginRejected' });
  });

  it('an iiko answer in an unexpected shape is never a 5xx', async () => {
    const { o, id, first } = await connected();
    for (const body of [{ terminalGroups: { items: [] } }, { terminalGroups: 'none' }, { terminalGroups: [null, { items: 'x' }] }]) {
      fake.bodies.set('/api/1/terminal_groups', body);
      try {
        const res = await link(o.token, id, { organizationId: first.id });
        expect(res.status, JSON.stringify(body)).toBeLessThan(500);
      } finally {
        fake.bodies.delete('/api/1/terminal_groups');
      }
    }
  });

  it('iiko down while linking is 502', async () => {
    const { o, id, first } = await connected();
    fake.down = 500;
    try {
      expect(await link(o.token, id, { organizationId: first.id })).toMatchObject({ status: 502, body: { code: 'providerUnavailable' } });
    } finally {
      fake.down = null;
    }
    expect((await overview(o.token)).organizations).toEqual([]);
  });

  it("another owner's ids are 404, and an organization linked by another owner is 409", async () => {
    const { o, id, first, apiLogin } = await connected();
    const linked = (await link(o.token, id, { organizationId: first.id })).body.id;
    const stranger = await owner();
    expect(await server.call('GET', `/Accounts/Iiko/${id}/Organizations`, { token: stranger.token })).toMatchObject({ status: 404, body: { code: 'iikoNotFound' } });
    expect((await link(stranger.token, id, { organizationId: first.id })).status).toBe(404);
    expect((await server.call('DELETE', `/Accounts/Iiko/${id}`, { token: stranger.token })).status).toBe(404);
    expect(await server.call('DELETE', `/Accounts/Iiko/Organizations/${linked}`, { token: stranger.token })).toMatchObject({ status: 404, body: { code: 'iikoOrganizationNotFound' } });
    const strangers = (await connect(stranger.token, apiLogin)).body.id;
    expect(await link(stranger.token, strangers, { organizationId: first.id })).toMatchObject({ status: 409, body: { code: 'iikoOrganizationTaken' } });
    expect((await overview(o.token)).organizations).toHaveLength(1);
  });

  it('removing the login keeps its organizations; unlinking removes one', async () => {
    const { o, id, first, second } = await connected();
    await link(o.token, id, { organizationId: first.id });
    const b = (await link(o.token, id, { organizationId: second.id })).body.id;
    expect((await server.call('DELETE', `/Accounts/Iiko/${id}`, { token: o.token })).status).toBe(204);
    expect((await overview(o.token)).organizations.map((x: { accountId: number | null }) => x.accountId)).toEqual([null, null]);
    expect((await server.call('DELETE', `/Accounts/Iiko/Organizations/${b}`, { token: o.token })).status).toBe(204);
    expect((await overview(o.token)).organizations.map((x: { organizationId: string }) => x.organizationId)).toEqual([first.id]);
  });
});

describe('webhooks of linked organizations', () => {
  it("applies a second linked organization's events with the authToken (either form), records its time, ignores them without", async () => {
    const { o, id, first, second } = await connected();
    await link(o.token, id, { organizationId: first.id });
    await link(o.token, id, { organizationId: second.id });
    const view = await overview(o.token);
    const path = new URL(view.webhookUrl).pathname.replace('/api/v1', '');
    const secret = second.webhook.authToken!;
    const send = (headers: Record<string, string>) => server.call('POST', path, { body: orderEvent(second.id), headers });
    expect(await send({})).toMatchObject({ status: 200, body: { result: 'ignored' } });
    expect(await send({ authorization: 'wrong' })).toMatchObject({ status: 200, body: { result: 'ignored' } });
    expect(await send({ authorization: secret })).toMatchObject({ status: 200, body: { result: 'applied' } });
    expect(await send({ authorization: `Bearer ${secret}` })).toMatchObject({ status: 200, body: { result: 'applied' } });
    expect(await server.api.db.select().from(orders).where(eq(orders.userId, o.id))).toHaveLength(2);
    const after = (await overview(o.token)).organizations.find((x: { organizationId: string }) => x.organizationId === second.id);
    expect(after.lastWebhookUnixTime).toBeGreaterThan(0);
    // Unlinked: its events are ignored while another organization stays linked.
    await server.call('DELETE', `/Accounts/Iiko/Organizations/${after.id}`, { token: o.token });
    expect(await send({ authorization: secret })).toMatchObject({ status: 200, body: { result: 'ignored' } });
  });
});

describe('linking races and earlier ties', () => {
  it('two links of one organization at once keep one row', async () => {
    const { o, id, first } = await connected();
    const both = await Promise.all([link(o.token, id, { organizationId: first.id }), link(o.token, id, { organizationId: first.id })]);
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    expect((await overview(o.token)).organizations).toHaveLength(1);
  });

  it('an organization tied by its first webhook (manual) is adopted when linked', async () => {
    const { o, id, first } = await connected();
    const path = new URL((await overview(o.token)).webhookUrl).pathname.replace('/api/v1', '');
    expect(await server.call('POST', path, { body: orderEvent(first.id) })).toMatchObject({ status: 200, body: { result: 'applied' } });
    expect((await overview(o.token)).organizations).toMatchObject([{ organizationId: first.id, webhook: 'manual', accountId: null }]);
    expect((await link(o.token, id, { organizationId: first.id })).status).toBe(201);
    expect((await overview(o.token)).organizations).toMatchObject([{ organizationId: first.id, webhook: 'registered', accountId: id, name: first.name }]);
  });
});

describe('the iiko operations under the fuzzer', () => {
  it('finds no 5xx and no error outside the Problem shape', { timeout: 300_000 }, async () => {
    const { o, id, first } = await connected();
    expect((await link(o.token, id, { organizationId: first.id })).status).toBe(201);
    const contract = loadContract();
    const operations = contract.operations.filter((op) => op.path.startsWith('/Accounts/Iiko'));
    expect(operations.length).toBe(6);
    const report = await fuzz({ base: server.base, contract, operations, runs: 40, seed: 20261125, tokens: { owner: o.token, secret: 'not-the-secret' } });
    expect(report.failures, summary(report)).toEqual([]);
  });
});
