// A WhatsApp Business account keeps its id when its key or webhook must change (issue 17, docs/connections.md
// "Replacing the key"): PUT /Accounts/Waba/{id}/Key and POST /Accounts/Waba/{id}/Webhook against the 360dialog double.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connections, connectionSecrets } from '../../../src/server/modules/connections/schema.ts';
import { startWabaFake, type WabaFake } from '../../fakes/waba-fake.ts';
import { startServer, type TestServer } from '../harness.ts';

let server: TestServer;
let fake: WabaFake;
let seq = 0;
const ORIGIN = 'https://cabinet.example';

beforeAll(async () => {
  fake = await startWabaFake();
  server = await startServer({ env: { DIALOG360_API_URL: fake.url, PUBLIC_ORIGIN: ORIGIN, ACCESS_TOKEN_TTL_SECONDS: '3650d' } });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const owner = (s = server) => s.createUser(`wabakey${++seq}-${Date.now()}@example.com`, 'secret12');
/** A key of the account `wabaId` (a fresh account unless given) with these template names. */
function key(names: string[] = ['visit_reminder'], wabaId?: string) {
  const apiKey = `d360rk${++seq}x${'k'.repeat(20)}`;
  fake.addAccount(apiKey, names.map((name) => ({ name })), wabaId);
  return apiKey;
}
const wabaIdOf = (apiKey: string) => fake.accounts.get(apiKey)!.wabaId;
const replace = (token: string, id: number, apiKey: string, s = server) => s.call('PUT', `/Accounts/Waba/${id}/Key`, { token, body: { apiKey } });
/** The rows a replace must leave alone on an error. */
const stored = async (id: number, s = server) => ({
  connection: (await s.api.db.select().from(connections).where(eq(connections.id, id)))[0],
  secret: (await s.api.db.select().from(connectionSecrets).where(eq(connectionSecrets.connectionId, id)))[0],
});

/** An account connected with one key, then that key revoked in the hub (the sync marks it error/keyRejected). */
async function revoked(s = server) {
  const o = await owner(s);
  const oldKey = key(['visit_reminder', 'reply_request']);
  const id = (await s.call('POST', '/Accounts/Waba', { token: o.token, body: { apiKey: oldKey, name: 'Salon' } })).body.id as number;
  const account = fake.accounts.get(oldKey)!;
  fake.accounts.delete(oldKey);
  expect(await s.call('POST', `/Accounts/Waba/${id}/Templates/Sync`, { token: o.token })).toMatchObject({ status: 409, body: { code: 'wabaKeyRejected' } });
  return { o, id, oldKey, wabaId: account.wabaId };
}

describe('replacing the key', () => {
  it('a new key of the same account: same id, Connected, templates synced, webhook set again with a new secret', async () => {
    const { o, id, wabaId } = await revoked();
    const before = await stored(id);
    const newKey = key(['visit_reminder', 'reply_request', 'new_offer'], wabaId);
    const res = await replace(o.token, id, newKey);
    expect(res).toMatchObject({ status: 200, body: { id, state: 'Connected', lastError: null, templates: 3, apiKeyMasked: `••••${newKey.slice(-4)}` } });
    const after = await stored(id);
    expect(after.secret!.sealed).not.toBe(before.secret!.sealed);
    expect(after.secret!.sealed).not.toContain(newKey);
    expect(after.connection!.session).not.toBe(before.connection!.session);
    const hook = fake.webhooks.get(newKey)!;
    expect(hook.url).toBe(`${ORIGIN}/api/v1/Webhooks/waba/${id}`);
    // The new secret opens the receiver; a notification proves it.
    expect((await fake.notify(newKey, { object: 'whatsapp_business_account', entry: [] }, server.base.replace(/\/api\/v1$/, ''))).status).toBe(200);
    // The new key is now the one this account holds: adding it again is refused.
    expect(await server.call('POST', '/Accounts/Waba', { token: o.token, body: { apiKey: newKey } })).toMatchObject({ status: 409, body: { code: 'wabaAlreadyConnected' } });
  });

  it('errors at the field and nothing changes: a refused key, junk, another account’s key, a key another account holds', async () => {
    const { o, id } = await revoked();
    const before = await stored(id);
    const held = key(['x_other']);
    const other = await owner();
    expect((await server.call('POST', '/Accounts/Waba', { token: other.token, body: { apiKey: held } })).status).toBe(201);
    const cases: [string, number, string][] = [
      ['not-known-key-123', 400, 'wabaKeyRejected'],
      ['bad key!', 400, 'wabaKeyRejected'],
      [key(['visit_reminder'], 'waba-someone-else'), 409, 'wabaKeyOtherAccount'],
      [held, 409, 'wabaAlreadyConnected'],
    ];
    for (const [apiKey, status, code] of cases) {
      expect(await replace(o.token, id, apiKey), apiKey).toMatchObject({ status, body: { errors: [{ field: 'apiKey', code }] } });
    }
    expect(await stored(id)).toEqual(before);
  });

  it('an account whose listing named no account id: judged by its templates (none in common → another account)', async () => {
    const o = await owner();
    const oldKey = key(['visit_reminder'], '');
    const id = (await server.call('POST', '/Accounts/Waba', { token: o.token, body: { apiKey: oldKey } })).body.id as number;
    fake.accounts.delete(oldKey);
    expect(await replace(o.token, id, key(['promo_only']))).toMatchObject({ status: 409, body: { errors: [{ field: 'apiKey', code: 'wabaKeyOtherAccount' }] } });
    const same = key(['visit_reminder', 'promo_only']);
    expect(await replace(o.token, id, same)).toMatchObject({ status: 200, body: { state: 'Connected', templates: 2 } });
    // From now on the account id the new key named is what counts.
    expect(await replace(o.token, id, key(['visit_reminder'], 'waba-another'))).toMatchObject({ status: 409, body: { errors: [{ code: 'wabaKeyOtherAccount' }] } });
    expect(await replace(o.token, id, key([], wabaIdOf(same)))).toMatchObject({ status: 200 });
  });

  it('502 when 360dialog does not answer the webhook call; nothing changes', async () => {
    const { o, id, wabaId } = await revoked();
    const before = await stored(id);
    fake.failWebhook = true;
    try {
      expect(await replace(o.token, id, key(['visit_reminder'], wabaId))).toMatchObject({ status: 502, body: { code: 'providerUnavailable' } });
    } finally {
      fake.failWebhook = false;
    }
    expect(await stored(id)).toEqual(before);
  });

  it('another owner’s id and a missing one are 404', async () => {
    const { id, wabaId } = await revoked();
    const stranger = await owner();
    for (const target of [id, 999999]) {
      expect(await replace(stranger.token, target, key(['visit_reminder'], wabaId))).toMatchObject({ status: 404, body: { code: 'wabaNotFound' } });
      expect(await server.call('POST', `/Accounts/Waba/${target}/Webhook`, { token: stranger.token })).toMatchObject({ status: 404, body: { code: 'wabaNotFound' } });
    }
  });
});

describe('setting the webhook again', () => {
  it('409 while the origin is not https; after a restart with an https origin it is set and repliesNeedHttps is gone', async () => {
    const plain = await startServer({ env: { DIALOG360_API_URL: fake.url, PUBLIC_ORIGIN: 'http://localhost:8080', ACCESS_TOKEN_TTL_SECONDS: '3650d' } });
    let again: TestServer | undefined;
    try {
      const o = await owner(plain);
      const apiKey = key();
      const id = (await plain.call('POST', '/Accounts/Waba', { token: o.token, body: { apiKey } })).body.id as number;
      expect(await plain.call('POST', `/Accounts/Waba/${id}/Webhook`, { token: o.token })).toMatchObject({ status: 409, body: { code: 'wabaWebhookNeedsHttps' } });
      // A key replaced without https keeps the note too.
      const same = key(['visit_reminder'], wabaIdOf(apiKey));
      expect(await replace(o.token, id, same, plain)).toMatchObject({ status: 200, body: { state: 'Connected', lastError: 'repliesNeedHttps' } });
      await plain.stop();
      again = await startServer({ env: { DIALOG360_API_URL: fake.url, PUBLIC_ORIGIN: ORIGIN, ACCESS_TOKEN_TTL_SECONDS: '3650d' }, reuse: { dataDir: plain.dataDir, databaseUrl: plain.databaseUrl } });
      const res = await again.call('POST', `/Accounts/Waba/${id}/Webhook`, { token: o.token });
      expect(res).toMatchObject({ status: 200, body: { id, state: 'Connected', lastError: null } });
      expect(fake.webhooks.get(same)!.url).toBe(`${ORIGIN}/api/v1/Webhooks/waba/${id}`);
      expect((await fake.notify(same, { object: 'whatsapp_business_account', entry: [] }, again.base.replace(/\/api\/v1$/, ''))).status).toBe(200);
    } finally {
      await (again ?? plain).close();
    }
  });

  it('a revoked key is 409 wabaKeyRejected; 360dialog down is 502 and the old secret still works', async () => {
    const o = await owner();
    const apiKey = key();
    const id = (await server.call('POST', '/Accounts/Waba', { token: o.token, body: { apiKey } })).body.id as number;
    const before = await stored(id);
    fake.failWebhook = true;
    try {
      expect(await server.call('POST', `/Accounts/Waba/${id}/Webhook`, { token: o.token })).toMatchObject({ status: 502, body: { code: 'providerUnavailable' } });
    } finally {
      fake.failWebhook = false;
    }
    expect(await stored(id)).toEqual(before);
    fake.accounts.delete(apiKey);
    expect(await server.call('POST', `/Accounts/Waba/${id}/Webhook`, { token: o.token })).toMatchObject({ status: 409, body: { code: 'wabaKeyRejected' } });
    expect((await server.call('GET', `/Accounts/Waba/${id}`, { token: o.token })).body).toMatchObject({ state: 'error', lastError: 'keyRejected' });
  });
});
