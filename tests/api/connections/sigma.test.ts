// Sigma SMS accounts (issue 17, docs/connections.md "Sigma SMS") against the double: the login checked on save, the
// sender name's format, the password sealed and masked, the SMS channel (segments, an expired token signed in
// again, the rate limit) and another owner's ids.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelOfConnection } from '../../../src/server/modules/connections/channels.ts';
import { connectionSecrets } from '../../../src/server/modules/connections/schema.ts';
import { keyIdOf } from '../../../src/server/platform/crypto/sealing.ts';
import { startSigmaFake, type SigmaFake } from '../../fakes/sigma-fake.ts';
import { startServer, type TestServer } from '../harness.ts';
import { expectNothingAdded } from './added-on.ts';

let server: TestServer;
let fake: SigmaFake;
let seq = 0;

beforeAll(async () => {
  fake = await startSigmaFake({ perSecond: 3 });
  server = await startServer({ env: { SIGMA_API_URL: fake.url, ACCESS_TOKEN_TTL_SECONDS: '3650d' } });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const owner = () => server.createUser(`sg${++seq}-${Date.now()}@example.com`, 'secret12');
function account() {
  const login = `salon${++seq}`;
  fake.accounts.set(login, { password: `pass-${seq}-secret`, senders: ['Salon'] });
  return { login, password: `pass-${seq}-secret` };
}
const add = (token: string, body: Record<string, unknown>) => server.call('POST', '/Accounts/Sigma', { token, body });

describe('adding a Sigma SMS account', () => {
  it('a wrong password or sender name is a 400 naming the field; nothing added', async () => {
    const o = await owner();
    const a = account();
    expect(await add(o.token, { login: a.login, password: 'wrong', sender: 'Salon' })).toMatchObject({ status: 400, body: { errors: [{ field: 'password', code: 'sigmaCredentialsRejected' }] } });
    for (const sender of ['Salon Anna B', 'Салон', '12']) {
      expect(await add(o.token, { login: a.login, password: a.password, sender }), sender).toMatchObject({ status: 400, body: { errors: [{ field: 'sender', code: 'sigmaSenderInvalid' }] } });
    }
    expect(await add(o.token, { login: '  ', password: a.password, sender: 'Salon' })).toMatchObject({ status: 400, body: { errors: [{ field: 'login' }] } });
    expect((await server.call('GET', '/Accounts/Sigma', { token: o.token })).body).toEqual({ accounts: [] });
  });

  it('adds the account with the password sealed and masked', async () => {
    const o = await owner();
    const a = account();
    const res = await add(o.token, { login: a.login, password: a.password, sender: 'Salon' });
    expect(res).toMatchObject({ status: 201, body: { login: a.login, sender: 'Salon', passwordMasked: `••••${a.password.slice(-4)}`, state: 'Connected' } });
    expect(JSON.stringify((await server.call('GET', '/Accounts/Sigma', { token: o.token })).body)).not.toContain(a.password);
    const [row] = await server.api.db.select().from(connectionSecrets).where(eq(connectionSecrets.connectionId, res.body.id));
    expect(row!.sealed).not.toContain(a.password);
  });

  it('502 and nothing added when Sigma does not answer', { timeout: 90_000 }, async () => {
    await expectNothingAdded({ SIGMA_API_URL: 'http://127.0.0.1:9' }, '/Accounts/Sigma', { login: 'a', password: 'b', sender: 'Salon' }, { status: 502, code: 'providerUnavailable' }, 'accounts');
  });
});

describe('sending SMS through the account', () => {
  it('sends as the sender name, signs in again when the token expired, and reports the rate limit as retryable', async () => {
    const o = await owner();
    const a = account();
    const id = (await add(o.token, { login: a.login, password: a.password, sender: 'Salon' })).body.id as number;
    const channel = (await channelOfConnection(server.api.db, server.api.config, id))!;
    expect(channel.name).toBe('sigma');
    expect(await channel.send({ idempotencyKey: 's1', to: '79161234567', text: 'Запись *завтра* в 10:00' })).toMatchObject({ ok: true, providerMessageId: fake.sent.at(-1)!.id });
    expect(fake.sent.at(-1)).toMatchObject({ login: a.login, recipient: '+79161234567', sender: 'Salon', text: 'Запись завтра в 10:00' });
    const logins = fake.logins;
    fake.expireTokens();
    expect(await channel.send({ idempotencyKey: 's2', to: '79161234568', text: 'Hi' })).toMatchObject({ ok: true });
    expect(fake.logins).toBe(logins + 1);
    expect(await channel.send({ idempotencyKey: 's3', to: '79161234569', text: 'Hi' })).toMatchObject({ ok: true });
    expect(await channel.send({ idempotencyKey: 's4', to: '79161234560', text: 'Hi' })).toMatchObject({ ok: false, retryable: true, reason: 'rate limited' });
    expect(await channel.send({ idempotencyKey: 's5', to: '12', text: 'Hi' })).toMatchObject({ ok: false, retryable: false, reason: 'invalid recipient' });
  });
});

describe('the admin screens', () => {
  it("the user's accounts bundle lists the Sigma account (sigmaAccounts) and the diagnostics count it", async () => {
    const o = await owner();
    const a = account();
    const id = (await add(o.token, { login: a.login, password: a.password, sender: 'Salon' })).body.id as number;
    const admin = await server.createUser(`sg-admin${seq}@example.com`, 'secret12', 'admin');
    const bundle = await server.call('GET', `/Admin/${o.id}/UserAccounts`, { token: admin.token });
    expect(bundle.body.sigmaAccounts).toEqual([{ id, name: a.login }]);
    expect(JSON.stringify(bundle.body)).not.toContain(a.password);
    const diag = await server.call('GET', `/Admin/Users/${o.id}/Diagnostics`, { token: admin.token });
    expect(diag.body.accounts).toMatchObject({ sigma: 1 });
  });
});

describe('another owner', () => {
  it("another owner's account is 404 on every route; delete removes it", async () => {
    const o = await owner();
    const stranger = await owner();
    const a = account();
    const id = (await add(o.token, { login: a.login, password: a.password, sender: 'Salon' })).body.id as number;
    for (const method of ['GET', 'DELETE'] as const) {
      expect(await server.call(method, `/Accounts/Sigma/${id}`, { token: stranger.token })).toMatchObject({ status: 404, body: { code: 'sigmaNotFound' } });
    }
    expect((await server.call('GET', `/Accounts/Telegram/${id}`, { token: o.token })).status).toBe(404);
    expect((await server.call('DELETE', `/Accounts/Sigma/${id}`, { token: o.token })).status).toBe(204);
    expect((await server.call('GET', '/Accounts/Sigma', { token: o.token })).body).toEqual({ accounts: [] });
  });
});

describe('key rotation (docs/connections.md "Secrets")', () => {
  it('a start with a new SECRETS_KEY and the old one in SECRETS_KEYS_OLD seals the values again; a lost key reads as error, never a 5xx', { timeout: 180_000 }, async () => {
    const [a, b, c] = [randomBytes(32), randomBytes(32), randomBytes(32)];
    const env = (key: Buffer, old?: Buffer): Record<string, string> => ({ SIGMA_API_URL: fake.url, ACCESS_TOKEN_TTL_SECONDS: '3650d', SECRETS_KEY: key.toString('base64'), ...(old ? { SECRETS_KEYS_OLD: old.toString('base64') } : {}) });
    const first = await startServer({ env: env(a) });
    const acc = account();
    const u = await first.createUser('rotation@example.com', 'secret12');
    const id = (await first.call('POST', '/Accounts/Sigma', { token: u.token, body: { login: acc.login, password: acc.password, sender: 'Salon' } })).body.id as number;
    const keyOf = async (s: TestServer) => (await s.api.db.select().from(connectionSecrets).where(eq(connectionSecrets.connectionId, id)))[0]!.keyId;
    expect(await keyOf(first)).toBe(keyIdOf(a));
    await first.stop();
    const reuse = { dataDir: first.dataDir, databaseUrl: first.databaseUrl };
    try {
      const second = await startServer({ reuse, env: env(b, a) });
      expect(await keyOf(second)).toBe(keyIdOf(b));
      await second.stop();
      const third = await startServer({ reuse, env: env(b) });
      const token = (await third.login('rotation@example.com', 'secret12')).token;
      expect((await third.call('GET', `/Accounts/Sigma/${id}`, { token })).body).toMatchObject({ state: 'Connected', passwordMasked: `••••${acc.password.slice(-4)}` });
      await third.stop();
      const lost = await startServer({ reuse, env: env(c) });
      const list = await lost.call('GET', '/Accounts/Sigma', { token });
      expect(list).toMatchObject({ status: 200, body: { accounts: [{ id, state: 'error', lastError: 'credentialsUnreadable', passwordMasked: '••••' }] } });
      expect(await channelOfConnection(lost.api.db, lost.api.config, id)).toBeUndefined();
      await lost.stop();
    } finally {
      await first.close();
    }
  });
});
