// The 360dialog connect callback through the Partner API (issue 17, docs/connections.md "The connect callback")
// against the double's hub: the channel's key created with the partner's Bearer token and the account added as by
// its key; the partner's login refused, a channel not shared or unknown, bad ids, the same channel twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTNER, startWabaFake, type WabaFake } from '../../fakes/waba-fake.ts';
import { startServer, type TestServer } from '../harness.ts';

let server: TestServer;
let fake: WabaFake;
let seq = 0;

const partnerEnv = (password = PARTNER.password) => ({
  DIALOG360_API_URL: fake.url,
  DIALOG360_HUB_URL: `${fake.url}/hub`,
  DIALOG360_PARTNER_ID: PARTNER.partnerId,
  DIALOG360_PARTNER_USERNAME: PARTNER.username,
  DIALOG360_PARTNER_PASSWORD: password,
});

beforeAll(async () => {
  fake = await startWabaFake();
  server = await startServer({ env: { ...partnerEnv(), ACCESS_TOKEN_TTL_SECONDS: '3650d' } });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const owner = () => server.createUser(`wabapartner${++seq}-${Date.now()}@example.com`, 'secret12');
const channel = (templates: { name: string }[] = [], shared = true) => {
  const id = `ch${++seq}CH`;
  fake.channels.set(id, { templates, shared });
  return id;
};
const callback = (token: string, body: Record<string, unknown>) => server.call('POST', '/Accounts/Waba/Callback', { token, body });
const list = async (token: string) => (await server.call('GET', '/Accounts/Waba', { token })).body.accounts as unknown[];

describe('the connect callback with the partner account set up', () => {
  it('creates the channel key and adds the account with its templates; the token is cached', async () => {
    const o = await owner();
    const ch = channel([{ name: 'reply_request' }, { name: 'visit_reminder' }]);
    const calls = fake.tokenCalls;
    const res = await callback(o.token, { token: 'client1CL', accountId: ch });
    expect(res).toMatchObject({ status: 201, body: { name: 'WhatsApp Business', state: 'Connected', templates: 2 } });
    const apiKey = fake.channels.get(ch)!.apiKey!;
    expect(res.body.apiKeyMasked).toBe(`••••${apiKey.slice(-4)}`);
    expect(JSON.stringify(await list(o.token))).not.toContain(apiKey);
    const templates = await server.call('GET', `/Accounts/Waba/${res.body.id}/Templates`, { token: o.token });
    expect((templates.body.templates as { name: string }[]).map((t) => t.name).sort()).toEqual(['reply_request', 'visit_reminder']);
    await callback((await owner()).token, { token: 'client2CL', accountId: channel() });
    expect(fake.tokenCalls).toBe(calls + 1);
  });

  it('the same channel again (any owner) is 409 wabaAlreadyConnected and its key stays', async () => {
    const [a, b] = [await owner(), await owner()];
    const ch = channel([{ name: 'reply_request' }]);
    expect(await callback(a.token, { token: 'client3CL', accountId: ch })).toMatchObject({ status: 201 });
    const apiKey = fake.channels.get(ch)!.apiKey;
    for (const o of [a, b]) expect(await callback(o.token, { token: 'client3CL', accountId: ch })).toMatchObject({ status: 409, body: { code: 'wabaAlreadyConnected' } });
    expect(fake.channels.get(ch)!.apiKey).toBe(apiKey);
    expect(await list(a.token)).toHaveLength(1);
    expect(await list(b.token)).toHaveLength(0);
  });

  it('a channel not shared with the partner, or unknown, is 409 wabaPartnerNoPermission; nothing added', async () => {
    const o = await owner();
    for (const accountId of [channel([], false), 'unknownCH']) {
      expect(await callback(o.token, { token: 'client4CL', accountId }), accountId).toMatchObject({ status: 409, body: { code: 'wabaPartnerNoPermission' } });
    }
    expect(await list(o.token)).toEqual([]);
  });

  it('ids not shaped like 360dialog ids are 400 at their field; nothing asked or added', async () => {
    const o = await owner();
    const calls = fake.tokenCalls;
    expect(await callback(o.token, { token: 'client 1', accountId: channel() })).toMatchObject({ status: 400, body: { errors: [{ field: 'token', code: 'invalidFormat' }] } });
    expect(await callback(o.token, { token: 'client5CL', accountId: '../x' })).toMatchObject({ status: 400, body: { errors: [{ field: 'accountId', code: 'invalidFormat' }] } });
    expect(await callback(o.token, { token: '', accountId: 'ch' })).toMatchObject({ status: 400 });
    expect(fake.tokenCalls).toBe(calls);
    expect(await list(o.token)).toEqual([]);
  });

  it('an expired Bearer token is renewed once', async () => {
    const o = await owner();
    fake.partnerTokens.clear();
    expect(await callback(o.token, { token: 'client6CL', accountId: channel() })).toMatchObject({ status: 201 });
  });

  it('another owner cannot see the account (404)', async () => {
    const [a, b] = [await owner(), await owner()];
    const id = (await callback(a.token, { token: 'client7CL', accountId: channel() })).body.id as number;
    expect(await server.call('GET', `/Accounts/Waba/${id}`, { token: b.token })).toMatchObject({ status: 404, body: { code: 'wabaNotFound' } });
    expect(await server.call('GET', `/Accounts/Waba/${id}`, { token: a.token })).toMatchObject({ status: 200 });
  });
});

/** On a server of its own with `env`, the callback answers `expected` and the owner has no account. */
async function alone(env: Record<string, string>, expected: { status: number; code: string }) {
  const own = await startServer({ env: { ACCESS_TOKEN_TTL_SECONDS: '3650d', ...env } });
  try {
    const u = await own.createUser('partner-alone@example.com', 'secret12');
    expect(await own.call('POST', '/Accounts/Waba/Callback', { token: u.token, body: { token: 'client8CL', accountId: channel() } })).toMatchObject({ status: expected.status, body: { code: expected.code } });
    expect((await own.call('GET', '/Accounts/Waba', { token: u.token })).body).toEqual({ accounts: [] });
  } finally {
    await own.close();
  }
}

describe('the connect callback without a working partner account', () => {
  it('the partner login refused is 502 wabaPartnerAuthFailed; nothing added', async () => {
    await alone(partnerEnv('wrong-password'), { status: 502, code: 'wabaPartnerAuthFailed' });
  }, 60_000);

  it('not configured (any of the three settings missing) is 409 wabaPartnerNotConfigured', async () => {
    await alone({ ...partnerEnv(), DIALOG360_PARTNER_PASSWORD: '' }, { status: 409, code: 'wabaPartnerNotConfigured' });
  }, 60_000);
});
