// 360dialog's webhook of an owner's WhatsApp Business number (issue 17, docs/connections.md "WhatsApp Business
// (360dialog)", docs/conversations.md "WhatsApp Business") against the double: set on connect with a sealed secret
// header, the client's messages stored as conversations (a reply marks our message replied, STOP unsubscribes), our
// messages' statuses and Meta's template reviews applied once, and every caller without the secret refused unread.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionSecrets } from '../../../src/server/modules/connections/schema.ts';
import { cloudNotification, startWabaFake, type WabaFake } from '../../fakes/waba-fake.ts';
import { startServer, type TestServer } from '../harness.ts';
import { rawPost } from '../payments/raw-request.ts';
import { advance, book, DAY, messagesOf, nowSec, owner, type Owner } from '../delivery/support.ts';
import { phones, sendingServer, type Sending } from './sending-support.ts';

let setup: Sending;
let server: TestServer;
let fake: WabaFake;
let origin: string;
let seq = 0;

beforeAll(async () => {
  fake = await startWabaFake();
  setup = await sendingServer({ DIALOG360_API_URL: fake.url, PUBLIC_ORIGIN: 'https://cabinet.example' }, 50);
  ({ server } = setup);
  origin = server.base.replace(/\/api\/v1$/, '');
}, 120_000);
afterAll(async () => {
  await setup?.close();
  await fake?.close();
});

const clientPhone = phones('7938');

async function account(o: Owner, status: 'approved' | 'pending' = 'approved') {
  const apiKey = `d360hook${++seq}x${'k'.repeat(20)}`;
  fake.addAccount(apiKey, [{ name: 'visit_reminder', status, components: [{ type: 'BODY', text: 'Здравствуйте, {{1}}!' }] }]);
  const res = await server.call('POST', '/Accounts/Waba', { token: o.token, body: { apiKey, name: 'Salon' } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.id as number, apiKey };
}

async function wabaFlow(o: Owner, connectionId: number) {
  const body = { title: 'WABA', content: 'Hello {clientName}', type: 'newRecord', mode: 'combat', sendingHours: { from: 0, to: 24 }, connectionId, wabaTemplate: { name: 'visit_reminder', language: 'ru' }, wabaVariables: [{ variable: 'clientName' }] };
  const created = await server.call('POST', '/Flows', { token: o.token, body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect((await server.call('POST', `/Flows/${created.body.id}/Resume`, { token: o.token })).status).toBe(200);
}

/** A client's Cloud API message. */
const incoming = (from: string, over: Record<string, unknown> = {}) => ({
  from,
  id: `wamid.in${++seq}`,
  timestamp: String(nowSec(server)),
  type: 'text',
  text: { body: 'Спасибо, буду' },
  ...over,
});
const messageNotification = (from: string, message: Record<string, unknown>) =>
  cloudNotification({ contacts: [{ profile: { name: 'Anna' }, wa_id: from }], messages: [message] });
const statusNotification = (id: string, status: string, extra: Record<string, unknown> = {}) =>
  cloudNotification({ statuses: [{ id, status, timestamp: String(nowSec(server)), recipient_id: '1', ...extra }] });

async function notify(apiKey: string, payload: unknown) {
  const res = await fake.notify(apiKey, payload, origin);
  return { status: res.status, body: (await res.json()) as { result?: string; code?: string } };
}

/** An owner with a connected account, a template flow, and one message sent to a client. */
async function sentOne() {
  const o = await owner(server);
  const a = await account(o);
  await wabaFlow(o, a.id);
  const phone = clientPhone();
  await book(server, o, nowSec(server) + 2 * DAY, { phone, name: 'Anna' });
  await advance(server, 1);
  const [m] = await messagesOf(server, o);
  expect([m!.status, m!.channel]).toEqual(['sent', 'waba']);
  return { o, ...a, phone, digits: phone.slice(1), wamid: m!.providerMessageId! };
}

describe('connecting sets the webhook', () => {
  it('360dialog gets our URL and a secret header, sealed with the key', async () => {
    const o = await owner(server);
    const { id, apiKey } = await account(o);
    const hook = fake.webhooks.get(apiKey)!;
    expect(hook.url).toBe(`https://cabinet.example/api/v1/Webhooks/waba/${id}`);
    const secret = hook.headers['X-Cabinet-Token']!;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const [row] = await server.api.db.select().from(connectionSecrets).where(eq(connectionSecrets.connectionId, id));
    expect(row!.sealed).not.toContain(secret);
    expect((await server.call('GET', `/Accounts/Waba/${id}`, { token: o.token })).body).toMatchObject({ state: 'Connected', lastError: null });
    expect(JSON.stringify((await server.call('GET', '/Accounts/Waba', { token: o.token })).body)).not.toContain(secret);
  });

  it('360dialog refusing the webhook: 502 and nothing added', async () => {
    const o = await owner(server);
    const apiKey = `d360hook${++seq}x${'k'.repeat(20)}`;
    fake.addAccount(apiKey);
    fake.failWebhook = true;
    try {
      expect(await server.call('POST', '/Accounts/Waba', { token: o.token, body: { apiKey } })).toMatchObject({ status: 502, body: { code: 'providerUnavailable' } });
    } finally {
      fake.failWebhook = false;
    }
    expect((await server.call('GET', '/Accounts/Waba', { token: o.token })).body).toEqual({ accounts: [] });
    // The owner retries the whole step.
    expect((await server.call('POST', '/Accounts/Waba', { token: o.token, body: { apiKey } })).status).toBe(201);
  });

  it('without an https origin the account is added, Connected, flagged that replies cannot arrive', async () => {
    const plain = await startServer({ env: { DIALOG360_API_URL: fake.url, PUBLIC_ORIGIN: 'http://localhost:8080' } });
    try {
      const u = await plain.createUser(`plain${++seq}@example.com`, 'secret12');
      const apiKey = `d360hook${++seq}x${'k'.repeat(20)}`;
      fake.addAccount(apiKey);
      const res = await plain.call('POST', '/Accounts/Waba', { token: u.token, body: { apiKey } });
      expect(res).toMatchObject({ status: 201, body: { state: 'Connected', lastError: 'repliesNeedHttps' } });
      expect(fake.webhooks.has(apiKey)).toBe(false);
    } finally {
      await plain.close();
    }
  });
});

describe('incoming messages', () => {
  it('a text is stored as the connection’s conversation once and marks our message replied', async () => {
    const { o, id, apiKey, digits, wamid } = await sentOne();
    const message = incoming(digits);
    expect(await notify(apiKey, messageNotification(digits, message))).toEqual({ status: 200, body: { result: 'applied' } });
    // Meta retries: nothing twice.
    expect(await notify(apiKey, messageNotification(digits, message))).toEqual({ status: 200, body: { result: 'ignored' } });
    const list = (await server.call('GET', '/Conversations', { token: o.token })).body;
    expect(list.items).toEqual([expect.objectContaining({ channel: 'waba', connectionId: id, peer: digits, phone: digits, name: 'Anna', unreadCount: 1 })]);
    const texts = (await server.call('GET', `/Conversations/${list.items[0].id}/Messages`, { token: o.token })).body.items.map((m: { text: string }) => m.text);
    expect(texts).toEqual(['Спасибо, буду']);
    const [m] = await messagesOf(server, o);
    expect(m!.providerMessageId).toBe(wamid);
    expect(m!.status).toBe('replied');
  });

  it('a picture is stored with a placeholder naming its type', async () => {
    const { o, apiKey, digits } = await sentOne();
    await notify(apiKey, messageNotification(digits, incoming(digits, { type: 'image', text: undefined, image: { id: 'media1', mime_type: 'image/jpeg' } })));
    const list = (await server.call('GET', '/Conversations', { token: o.token })).body;
    const texts = (await server.call('GET', `/Conversations/${list.items[0].id}/Messages`, { token: o.token })).body.items.map((m: { text: string }) => m.text);
    expect(texts).toEqual(['[image]']);
  });

  it('СТОП unsubscribes the client from WABA: the next flow message is cancelled, not sent', async () => {
    const { o, apiKey, phone, digits } = await sentOne();
    expect((await notify(apiKey, messageNotification(digits, incoming(digits, { text: { body: 'СТОП' } })))).body.result).toBe('applied');
    const before = fake.sent.length;
    await book(server, o, nowSec(server) + 3 * DAY, { phone, name: 'Anna' });
    await advance(server, 1);
    const all = await messagesOf(server, o);
    expect(all.map((m) => [m.status, m.reason])).toEqual([
      ['replied', null],
      ['cancelled', 'unsubscribed'],
    ]);
    expect(fake.sent.length).toBe(before);
  });
});

describe('statuses', () => {
  it('delivered then read update our message; repeated ones change nothing', async () => {
    const { o, apiKey, wamid } = await sentOne();
    expect((await notify(apiKey, statusNotification(wamid, 'sent'))).body.result).toBe('ignored');
    expect((await notify(apiKey, statusNotification(wamid, 'delivered'))).body.result).toBe('applied');
    expect((await notify(apiKey, statusNotification(wamid, 'delivered'))).body.result).toBe('ignored');
    expect((await messagesOf(server, o))[0]!.status).toBe('delivered');
    expect((await notify(apiKey, statusNotification(wamid, 'read'))).body.result).toBe('applied');
    expect((await messagesOf(server, o))[0]!.status).toBe('read');
  });

  it('failed carries Meta’s error code and title as the reason', async () => {
    const { o, apiKey, wamid } = await sentOne();
    const errors = [{ code: 131026, title: 'Message undeliverable' }];
    expect((await notify(apiKey, statusNotification(wamid, 'failed', { errors }))).body.result).toBe('applied');
    const [m] = await messagesOf(server, o);
    expect([m!.status, m!.reason]).toEqual(['failed', 'WhatsApp error 131026: Message undeliverable']);
  });
});

describe('template status updates', () => {
  it('Meta approving, then rejecting a template changes its stored status', async () => {
    const o = await owner(server);
    const { id, apiKey } = await account(o, 'pending');
    const update = (event: string, reason = 'NONE') =>
      cloudNotification({ event, message_template_id: 1, message_template_name: 'visit_reminder', message_template_language: 'ru', reason }, 'message_template_status_update');
    const templates = async () => (await server.call('GET', `/Accounts/Waba/${id}/Templates`, { token: o.token })).body.templates;
    expect((await notify(apiKey, update('APPROVED'))).body.result).toBe('applied');
    expect(await templates()).toEqual([expect.objectContaining({ name: 'visit_reminder', status: 'approved', rejectedReason: null })]);
    expect((await notify(apiKey, update('APPROVED'))).body.result).toBe('ignored');
    expect((await notify(apiKey, update('REJECTED', 'INVALID_FORMAT'))).body.result).toBe('applied');
    expect(await templates()).toEqual([expect.objectContaining({ status: 'rejected', rejectedReason: 'INVALID_FORMAT' })]);
    // A template we do not have is left to the next sync.
    const unknown = cloudNotification({ event: 'APPROVED', message_template_name: 'other', message_template_language: 'ru' }, 'message_template_status_update');
    expect((await notify(apiKey, unknown)).body.result).toBe('ignored');
  });
});

describe('the guard', () => {
  const post = (id: number | string, headers: Record<string, string>, body: string) =>
    fetch(`${server.base}/Webhooks/waba/${id}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

  it('a missing or wrong secret is 401 before the body is read, a huge body included; an unknown connection is 404', async () => {
    const o = await owner(server);
    const { id, apiKey } = await account(o);
    const secret = fake.webhooks.get(apiKey)!.headers['X-Cabinet-Token']!;
    const huge = JSON.stringify({ entry: [], pad: 'x'.repeat(2 * 1024 * 1024) });
    expect((await post(id, {}, '{}')).status).toBe(401);
    const oneCharOff = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`; // a secret may end in A itself
    expect((await post(id, { 'X-Cabinet-Token': oneCharOff }, '{}')).status).toBe(401);
    // Sent raw (fetch refuses it): the same string length with a byte above 0x7F is a wrong secret, not a 500.
    expect(await rawPost(server.base, `/Webhooks/waba/${id}`, { 'X-Cabinet-Token': `${secret.slice(0, -1)}\u00e9` }, '{}')).toBe(401);
    expect((await post(id, { 'X-Cabinet-Token': 'wrong' }, huge)).status).toBe(401);
    expect((await post(999999, { 'X-Cabinet-Token': secret }, '{}')).status).toBe(404);
    expect((await post('abc', { 'X-Cabinet-Token': secret }, '{}')).status).toBe(404);
    expect((await post(id, { 'X-Cabinet-Token': secret }, JSON.stringify({ entry: [], pad: 'x'.repeat(70 * 1024) }))).status).toBe(413);
    expect((await post(id, { 'X-Cabinet-Token': secret }, '{"entry": [')).status).toBe(400);
    expect((await post(id, { 'X-Cabinet-Token': secret }, JSON.stringify({ entry: 'nonsense' }))).status).toBe(200);
  });

  it('another owner’s connection with the first owner’s secret is refused', async () => {
    const a = await account(await owner(server));
    const b = await account(await owner(server));
    const secretA = fake.webhooks.get(a.apiKey)!.headers['X-Cabinet-Token']!;
    expect((await post(b.id, { 'X-Cabinet-Token': secretA }, JSON.stringify(cloudNotification({ statuses: [] })))).status).toBe(401);
  });
});
