// WhatsApp Business accounts through 360dialog (issue 17, docs/connections.md "WhatsApp Business (360dialog)")
// against the double: the key checked on save and sealed, the templates synced, created (§5 name rule) and deleted,
// the channel's template and free-text sends, and another owner's ids.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWabaChannel } from '../../../src/server/delivery/channels/waba.ts';
import { connectionSecrets } from '../../../src/server/modules/connections/schema.ts';
import { startWabaFake, type WabaFake } from '../../fakes/waba-fake.ts';
import { startServer, type TestServer } from '../harness.ts';
import { expectNothingAdded } from './added-on.ts';

let server: TestServer;
let fake: WabaFake;
let seq = 0;

beforeAll(async () => {
  fake = await startWabaFake();
  server = await startServer({ env: { DIALOG360_API_URL: fake.url, ACCESS_TOKEN_TTL_SECONDS: '3650d' } });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const owner = () => server.createUser(`waba${++seq}-${Date.now()}@example.com`, 'secret12');
function key(templates: { name: string; language?: string; status?: 'approved' | 'pending' | 'rejected'; rejected_reason?: string | null }[] = []) {
  const apiKey = `d360key${++seq}x${'k'.repeat(20)}`;
  fake.addAccount(apiKey, templates);
  return apiKey;
}
const add = (token: string, body: Record<string, unknown>) => server.call('POST', '/Accounts/Waba', { token, body });
const connect = async (token: string, apiKey: string) => (await add(token, { apiKey, name: 'Salon' })).body.id as number;
const newTemplate = (over: Record<string, unknown> = {}) => ({
  name: 'visit_reminder',
  category: 'UTILITY',
  language: 'ru',
  type: 'standard',
  body: 'Здравствуйте, {{1}}! Напоминаем о записи {{2}}',
  examples: ['Анна', 'завтра в 15:00'],
  ...over,
});

describe('connecting a WABA account', () => {
  it('a wrong key is a 400 naming apiKey; nothing added', async () => {
    const o = await owner();
    for (const apiKey of ['not-known-key-123', 'bad key!']) {
      expect(await add(o.token, { apiKey }), apiKey).toMatchObject({ status: 400, body: { errors: [{ field: 'apiKey', code: 'wabaKeyRejected' }] } });
    }
    expect((await server.call('GET', '/Accounts/Waba', { token: o.token })).body).toEqual({ accounts: [] });
  });

  it('connects with the key sealed and masked and its templates pulled at once; the same key twice is 409', async () => {
    const o = await owner();
    const apiKey = key([{ name: 'reply_request' }, { name: 'reply_request', language: 'en', status: 'rejected', rejected_reason: 'INVALID_FORMAT' }]);
    const res = await add(o.token, { apiKey, name: 'Salon' });
    expect(res).toMatchObject({ status: 201, body: { name: 'Salon', state: 'Connected', apiKeyMasked: `••••${apiKey.slice(-4)}`, templates: 2 } });
    expect(res.body.templatesSyncedUnixTime).toEqual(expect.any(Number));
    expect(JSON.stringify((await server.call('GET', '/Accounts/Waba', { token: o.token })).body)).not.toContain(apiKey);
    const [row] = await server.api.db.select().from(connectionSecrets).where(eq(connectionSecrets.connectionId, res.body.id));
    expect(row!.sealed).not.toContain(apiKey);
    const list = await server.call('GET', `/Accounts/Waba/${res.body.id}/Templates`, { token: o.token });
    expect(list.body.templates).toEqual([
      expect.objectContaining({ name: 'reply_request', language: 'en', status: 'rejected', rejectedReason: 'INVALID_FORMAT', category: 'UTILITY', type: 'standard' }),
      expect.objectContaining({ name: 'reply_request', language: 'ru', status: 'approved', rejectedReason: null, body: 'Здравствуйте, {{1}}!' }),
    ]);
    expect(await add(o.token, { apiKey })).toMatchObject({ status: 409, body: { code: 'wabaAlreadyConnected' } });
  });

  it('502 and nothing added when 360dialog does not answer', { timeout: 90_000 }, async () => {
    await expectNothingAdded({ DIALOG360_API_URL: 'http://127.0.0.1:9' }, '/Accounts/Waba', { apiKey: 'some-key-12345678' }, { status: 502, code: 'providerUnavailable' }, 'accounts');
  });

  it('the partner callback says it is not set up here (the API key is the way in)', async () => {
    const o = await owner();
    expect(await server.call('POST', '/Accounts/Waba/Callback', { token: o.token, body: { token: 'abc', accountId: 'ch1' } })).toMatchObject({ status: 409, body: { code: 'wabaPartnerNotConfigured' } });
  });
});

describe('templates', () => {
  it('sync stores new and changed templates and removes vanished ones', async () => {
    const o = await owner();
    const apiKey = key([{ name: 'old_one' }, { name: 'stays', status: 'pending' }]);
    const id = await connect(o.token, apiKey);
    const account = fake.accounts.get(apiKey)!;
    account.templates = account.templates.filter((t) => t.name !== 'old_one');
    fake.setStatus(apiKey, 'stays', 'approved');
    const synced = await server.call('POST', `/Accounts/Waba/${id}/Templates/Sync`, { token: o.token });
    expect(synced).toMatchObject({ status: 200, body: { templates: [{ name: 'stays', status: 'approved' }] } });
    expect(synced.body.templates).toHaveLength(1);
  });

  it('a bad name is a 400 naming name with the §5 rule; bad variables or examples name their field; nothing sent', async () => {
    const o = await owner();
    const apiKey = key();
    const id = await connect(o.token, apiKey);
    const create = (over: Record<string, unknown>) => server.call('POST', `/Accounts/Waba/${id}/Templates`, { token: o.token, body: newTemplate(over) });
    for (const name of ['Visit_Reminder', 'visit reminder', 'напоминание', 'visit-reminder', '_visit', 'visit__reminder', '123']) {
      const res = await create({ name });
      expect(res, name).toMatchObject({ status: 400, body: { errors: [{ field: 'name', code: 'wabaTemplateNameInvalid' }] } });
      expect(res.body.errors[0].message).toContain('lowercase English letters');
    }
    expect(await create({ body: 'Hi {{2}}', examples: ['a'] })).toMatchObject({ status: 400, body: { errors: [{ field: 'body', code: 'wabaTemplateVariablesInvalid' }] } });
    expect(await create({ examples: ['Анна'] })).toMatchObject({ status: 400, body: { errors: [{ field: 'examples', code: 'wabaTemplateExamplesMismatch' }] } });
    expect(await create({ body: 'x'.repeat(1025) })).toMatchObject({ status: 400, body: { errors: [{ field: 'body' }] } });
    expect(await create({ category: 'SPAM' })).toMatchObject({ status: 400, body: { errors: [{ field: 'category' }] } });
    expect(await create({ type: 'media' })).toMatchObject({ status: 400, body: { errors: [{ field: 'mediaExampleUrl' }] } });
    expect(fake.accounts.get(apiKey)!.templates).toEqual([]);
  });

  it('creates a template (pending at Meta), refuses the same name+language and the 251st name, deletes it', async () => {
    const o = await owner();
    const apiKey = key();
    const id = await connect(o.token, apiKey);
    const path = `/Accounts/Waba/${id}/Templates`;
    const created = await server.call('POST', path, { token: o.token, body: newTemplate() });
    expect(created).toMatchObject({ status: 201, body: { name: 'visit_reminder', language: 'ru', status: 'submitted', type: 'standard', category: 'UTILITY' } });
    expect(fake.accounts.get(apiKey)!.templates[0]!.components).toEqual([{ type: 'BODY', text: newTemplate().body, example: { body_text: [['Анна', 'завтра в 15:00']] } }]);
    const media = await server.call('POST', path, { token: o.token, body: newTemplate({ name: 'promo_photo', type: 'media', mediaExampleUrl: 'https://example.com/a.jpg', body: 'Скидка', examples: [] }) });
    expect(media).toMatchObject({ status: 201, body: { type: 'media' } });
    expect(await server.call('POST', path, { token: o.token, body: newTemplate() })).toMatchObject({ status: 409, body: { errors: [{ field: 'name', code: 'wabaTemplateExists' }] } });
    expect((await server.call('GET', path, { token: o.token })).body.templates.map((t: { name: string }) => t.name)).toEqual(['promo_photo', 'visit_reminder']);

    fake.accounts.get(apiKey)!.templates.push(...Array.from({ length: 248 }, (_, i) => ({ ...fake.accounts.get(apiKey)!.templates[0]!, id: `t${i}`, name: `bulk_${i}` })));
    // 260 rows over two listing pages (10 names in a second language), still 250 names.
    fake.accounts.get(apiKey)!.templates.push(...Array.from({ length: 10 }, (_, i) => ({ ...fake.accounts.get(apiKey)!.templates[0]!, id: `e${i}`, name: `bulk_${i}`, language: 'en' })));
    expect((await server.call('POST', `${path}/Sync`, { token: o.token })).body.templates).toHaveLength(260);
    expect(await server.call('POST', path, { token: o.token, body: newTemplate({ name: 'one_more' }) })).toMatchObject({ status: 409, body: { code: 'wabaTemplateLimit' } });

    expect((await server.call('DELETE', `${path}/visit_reminder`, { token: o.token })).status).toBe(204);
    expect(fake.accounts.get(apiKey)!.templates.some((t) => t.name === 'visit_reminder')).toBe(false);
    expect(await server.call('DELETE', `${path}/visit_reminder`, { token: o.token })).toMatchObject({ status: 404, body: { code: 'wabaTemplateNotFound' } });
  });

  it('a key revoked since the save: sync is 409 wabaKeyRejected, the account shows error, the stored templates stay', async () => {
    const o = await owner();
    const apiKey = key([{ name: 'kept' }]);
    const id = await connect(o.token, apiKey);
    const account = fake.accounts.get(apiKey)!;
    fake.accounts.delete(apiKey);
    expect(await server.call('POST', `/Accounts/Waba/${id}/Templates/Sync`, { token: o.token })).toMatchObject({ status: 409, body: { code: 'wabaKeyRejected' } });
    expect((await server.call('GET', `/Accounts/Waba/${id}/Templates`, { token: o.token })).body.templates).toHaveLength(1);
    expect((await server.call('GET', `/Accounts/Waba/${id}`, { token: o.token })).body).toMatchObject({ state: 'error', lastError: 'keyRejected' });
    fake.accounts.set(apiKey, account);
    expect((await server.call('POST', `/Accounts/Waba/${id}/Templates/Sync`, { token: o.token })).status).toBe(200);
    expect((await server.call('GET', `/Accounts/Waba/${id}`, { token: o.token })).body).toMatchObject({ state: 'Connected', lastError: null });
  });
});

describe('the channel (not routed by the engine yet)', () => {
  it('sends an approved template with its variables; maps 132001, 131047 and a wrong key', async () => {
    const apiKey = key([{ name: 'reply_request' }, { name: 'waiting', status: 'pending' }]);
    const channel = createWabaChannel({ apiUrl: fake.url, apiKey });
    const sent = await channel.sendTemplate({ idempotencyKey: 'w1', to: '79991234567', name: 'reply_request', language: 'ru', variables: ['Анна'] });
    expect(sent).toMatchObject({ ok: true, providerMessageId: fake.sent.at(-1)!.id });
    expect(fake.sent.at(-1)!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '79991234567',
      type: 'template',
      template: { name: 'reply_request', language: { code: 'ru' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Анна' }] }] },
    });
    expect(await channel.sendTemplate({ idempotencyKey: 'w2', to: '79991234567', name: 'waiting', language: 'ru', variables: ['a'] })).toMatchObject({ ok: false, retryable: false, reason: expect.stringContaining('template missing') });
    expect(await channel.sendTemplate({ idempotencyKey: 'w3', to: '79991234567', name: 'reply_request', language: 'ru', variables: [] })).toMatchObject({ ok: false, retryable: false, reason: 'template variables do not match' });
    expect(await channel.send({ idempotencyKey: 'w4', to: '79991234567', text: 'Hi' })).toMatchObject({ ok: false, retryable: false, reason: expect.stringContaining('24-hour window') });
    fake.accounts.get(apiKey)!.windowOpen.add('79991234567');
    expect(await channel.send({ idempotencyKey: 'w5', to: '79991234567', text: '*Hi*', buttons: ['Да'] })).toMatchObject({ ok: true });
    expect(fake.sent.at(-1)!.body).toMatchObject({ type: 'text', text: { body: '*Hi*\n\n1. Да' } });
    expect(await createWabaChannel({ apiUrl: fake.url, apiKey: 'revoked-key' }).send({ idempotencyKey: 'w6', to: '79991234567', text: 'Hi' })).toMatchObject({ ok: false, retryable: false, reason: '360dialog refused the API key' });
    expect(await createWabaChannel({ apiUrl: 'http://127.0.0.1:9', apiKey }).send({ idempotencyKey: 'w7', to: '79991234567', text: 'Hi' })).toMatchObject({ ok: false, retryable: true });
  });
});

describe('another owner', () => {
  it("another owner's account is 404 on every route; delete removes the account and its templates", async () => {
    const o = await owner();
    const stranger = await owner();
    const apiKey = key([{ name: 'reply_request' }]);
    const id = await connect(o.token, apiKey);
    const routes: [string, string, unknown?][] = [
      ['GET', `/Accounts/Waba/${id}`],
      ['DELETE', `/Accounts/Waba/${id}`],
      ['GET', `/Accounts/Waba/${id}/Templates`],
      ['POST', `/Accounts/Waba/${id}/Templates`, newTemplate()],
      ['POST', `/Accounts/Waba/${id}/Templates/Sync`],
      ['DELETE', `/Accounts/Waba/${id}/Templates/reply_request`],
    ];
    for (const [method, path, body] of routes) {
      expect(await server.call(method as 'GET', path, { token: stranger.token, body }), `${method} ${path}`).toMatchObject({ status: 404, body: { code: 'wabaNotFound' } });
    }
    expect(fake.accounts.get(apiKey)!.templates).toHaveLength(1);
    expect((await server.call('GET', `/Accounts/Sigma/${id}`, { token: o.token })).status).toBe(404);
    expect((await server.call('DELETE', `/Accounts/Waba/${id}`, { token: o.token })).status).toBe(204);
    expect((await server.call('GET', '/Accounts/Waba', { token: o.token })).body).toEqual({ accounts: [] });
  });
});
