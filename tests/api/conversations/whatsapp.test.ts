// Replies on an owner's WhatsApp number (issue 17, docs/conversations.md) through the WAHA double's signed `message`
// events (an owner's number, and the server-wide one): stored once per provider id, a reply marks our latest message replied within 7 days, STOP words
// unsubscribe the writer from WhatsApp and the engine then skips them, media placeholders, and tenant checks.
import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingClients } from '../../../src/server/modules/clients/schema.ts';
import { subscribers } from '../../../src/server/modules/phones/schema.ts';
import { emitOn, incomingMessage, startWahaFake, type WahaFake } from '../../fakes/waha-fake.ts';
import type { TestServer } from '../harness.ts';
import { advance, book, DAY, deliveryServer, flow, messagesOf, nowSec, owner, type Owner } from '../delivery/support.ts';

const HMAC_KEY = 'waha-webhook-key-0123456789';
let server: TestServer;
let fake: WahaFake;

beforeAll(async () => {
  fake = await startWahaFake({ apiKey: 'api-key', perSecond: 50 });
  server = await deliveryServer({ DELIVERY_CHANNEL: 'waha', WAHA_URL: fake.url, WAHA_API_KEY: 'api-key', WAHA_PER_MINUTE: '600', WAHA_WEBHOOK_HMAC_KEY: HMAC_KEY, WAHA_SESSION: 'default' });
  fake.webhook = { url: `${server.base}/Webhooks/waha`, hmacKey: HMAC_KEY };
}, 120_000);
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

/** The owner's linked WhatsApp number: its gateway session and connection id. */
async function number(o: Owner) {
  const res = await server.call('POST', '/Accounts/WhatsApp', { token: o.token, body: { name: 'Salon' } });
  expect(res.status).toBe(201);
  const session = `c${res.body.id}`;
  await fake.scan(session, '79990000001');
  return { session, id: res.body.id as number };
}

/** Posts a `message` event as WAHA signs it and returns the receiver's answer. */
async function deliver(session: string, payload: Record<string, unknown>) {
  const raw = JSON.stringify({ id: 'evt_1', timestamp: Date.now(), event: 'message', session, engine: 'WEBJS', payload });
  const signature = createHmac('sha512', HMAC_KEY).update(raw).digest('hex');
  const res = await fetch(`${server.base}/Webhooks/waha`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-webhook-hmac': signature, 'x-webhook-hmac-algorithm': 'sha512' }, body: raw });
  return { status: res.status, body: (await res.json()) as { result: string } };
}

const conversations = (o: Owner, query = '') => server.call('GET', `/Conversations${query}`, { token: o.token });
const messagesIn = (o: Owner, id: number, query = '') => server.call('GET', `/Conversations/${id}/Messages${query}`, { token: o.token });

/** A booking's notice sent to `phone` through the server's WAHA channel: the message row. */
async function sentTo(o: Owner, phone: string) {
  await book(server, o, nowSec(server) + DAY, { phone });
  await advance(server, 1);
  const m = (await messagesOf(server, o)).at(-1)!;
  expect(m.status).toBe('sent');
  return m;
}

describe('incoming WhatsApp messages', () => {
  it('are stored once in the conversation of owner, number and writer, even when WAHA delivers them twice', async () => {
    const o = await owner(server);
    const { session, id } = await number(o);
    const payload = incomingMessage('79160000301', 'Hello, can I move my visit?');
    expect((await deliver(session, payload)).body).toEqual({ result: 'applied' });
    server.clock.advance(30);
    expect((await deliver(session, payload)).body).toEqual({ result: 'unchanged' });
    expect(await emitOn(fake, session, 'message', payload)).toBe(200); // the double's own sender, a third time

    const list = await conversations(o);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ page: 1, pages: 1, total: 1 });
    const [c] = list.body.items;
    expect(c).toEqual({ id: expect.any(Number), channel: 'waha', connectionId: id, peer: '79160000301', phone: '79160000301', clientId: null, name: 'Anna', lastMessageUnixTime: nowSec(server) - 30, unreadCount: 1, createdUnixTime: nowSec(server) - 30 });
    const read = await messagesIn(o, c.id);
    expect(read.body).toEqual({ items: [{ id: expect.any(Number), direction: 'in', text: 'Hello, can I move my visit?', receivedUnixTime: nowSec(server) - 30 }], page: 1, pages: 1, total: 1 });
    // A writer who is no client stays none: messages do not create clients.
    expect(await server.api.db.select().from(bookingClients).where(eq(bookingClients.userId, o.id))).toEqual([]);

    // The next message joins the same conversation, newest first.
    server.clock.advance(60);
    expect((await deliver(session, incomingMessage('79160000301', 'Tomorrow at 5?'))).body).toEqual({ result: 'applied' });
    const again = await conversations(o);
    expect(again.body.items).toMatchObject([{ id: c.id, unreadCount: 2, lastMessageUnixTime: nowSec(server) }]);
    expect((await messagesIn(o, c.id)).body.items.map((m: { text: string }) => m.text)).toEqual(['Tomorrow at 5?', 'Hello, can I move my visit?']);
    expect((await messagesIn(o, c.id, '?pageSize=1&page=2')).body).toMatchObject({ items: [{ text: 'Hello, can I move my visit?' }], page: 2, pages: 2, total: 2 });
  });

  it('media keeps a placeholder and its caption; groups, our own messages and the server-wide session keep nothing', async () => {
    const o = await owner(server);
    const { session } = await number(o);
    await deliver(session, incomingMessage('79160000311', '', { hasMedia: true, media: { url: 'http://gw/file.jpeg', mimetype: 'image/jpeg' } }));
    server.clock.advance(1);
    await deliver(session, incomingMessage('79160000311', 'my nails', { hasMedia: true, media: { mimetype: 'image/png' } }));
    server.clock.advance(1);
    await deliver(session, incomingMessage('79160000311', '', { hasMedia: true, media: { mimetype: 'audio/ogg' } }));
    const [c] = (await conversations(o)).body.items;
    expect((await messagesIn(o, c.id)).body.items.map((m: { text: string }) => m.text)).toEqual(['[audio]', '[image] my nails', '[image]']);

    for (const payload of [
      incomingMessage('79160000312', 'group chat', { from: '120363040000000000@g.us' }),
      incomingMessage('79160000312', 'sent from the phone', { fromMe: true }),
      incomingMessage('79160000312', 'a lid chat', { from: '123456789012345@lid' }),
    ]) {
      expect((await deliver(session, payload)).body).toEqual({ result: 'ignored' });
    }
    expect((await deliver('default', incomingMessage('79160000312', 'to the server-wide number'))).body).toEqual({ result: 'ignored' });
    expect((await conversations(o)).body.total).toBe(1);
  });
});

describe('a reply marks our message replied', () => {
  it('the latest message that went to the writer on WhatsApp, and only within 7 days', async () => {
    const o = await owner(server);
    await flow(server, o, 'newRecord');
    const { session } = await number(o);
    const older = await sentTo(o, '+79160000321');
    server.clock.advance(60);
    const latest = await sentTo(o, '+79160000321');
    server.clock.advance(3600);
    expect((await deliver(session, incomingMessage('79160000321', 'OK, see you'))).body).toEqual({ result: 'applied' });
    const rows = await messagesOf(server, o);
    expect(rows.find((r) => r.id === latest.id)).toMatchObject({ status: 'replied', repliedAt: new Date(server.clock.now()) });
    expect(rows.find((r) => r.id === older.id)!.status).toBe('sent');
    // The conversation names the client the bookings made; the message log shows the reply.
    const [c] = (await conversations(o)).body.items;
    expect(c.clientId).toBe(latest.clientId);
    const log = await server.call('GET', '/Messages', { token: o.token });
    expect(log.body.messages.find((m: { id: number }) => m.id === latest.id)).toMatchObject({ status: 'replied', repliedUnixTime: nowSec(server) });

    // Eight days after our message, a message from the client is a new conversation turn, not a reply to it.
    const late = await sentTo(o, '+79160000322');
    server.clock.advance(8 * DAY);
    expect((await deliver(session, incomingMessage('79160000322', 'Hi again'))).body).toEqual({ result: 'applied' });
    expect((await messagesOf(server, o)).find((r) => r.id === late.id)!.status).toBe('sent');
  });

  it('a quoted message of ours is the one marked', async () => {
    const o = await owner(server);
    await flow(server, o, 'newRecord');
    const { session } = await number(o);
    const first = await sentTo(o, '+79160000331');
    server.clock.advance(60);
    await sentTo(o, '+79160000331');
    const quoted = fake.sent.find((s) => s.id === first.providerMessageId)!;
    const bare = quoted.id.slice(quoted.id.lastIndexOf('_') + 1);
    await deliver(session, incomingMessage('79160000331', 'Yes', { replyTo: { id: bare, participant: null, body: quoted.text } }));
    expect((await messagesOf(server, o)).map((r) => r.status)).toEqual(['replied', 'sent']);
  });
});

describe('STOP words', () => {
  it('STOP and СТОП unsubscribe the writer from WhatsApp; the engine then skips them; nothing is answered', async () => {
    const o = await owner(server);
    await flow(server, o, 'newRecord');
    const { session } = await number(o);
    // An active consent turns unsubscribed; a writer with none gets an unsubscribed row.
    await server.call('POST', '/Phones/Subscribers', { token: o.token, body: { phone: '+79160000341', channel: 'waha' } });
    const sends = fake.sent.length;
    for (const [phone, text] of [['79160000341', 'STOP'], ['79160000342', 'СТОП'], ['79160000343', '  стоп! '], ['79160000344', 'Отписаться']]) {
      expect((await deliver(session, incomingMessage(phone!, text!))).body).toEqual({ result: 'applied' });
    }
    // A sentence with the word is a message, not a request.
    expect((await deliver(session, incomingMessage('79160000345', 'Stop by tomorrow?'))).body).toEqual({ result: 'applied' });
    expect(fake.sent.length).toBe(sends);

    const rows = await server.api.db.select().from(subscribers).where(and(eq(subscribers.userId, o.id), eq(subscribers.channel, 'waha')));
    expect(Object.fromEntries(rows.map((r) => [r.phone, r.status]))).toEqual({ '79160000341': 'unsubscribed', '79160000342': 'unsubscribed', '79160000343': 'unsubscribed', '79160000344': 'unsubscribed' });
    const screen = await server.call('GET', '/Phones/Subscribers?status=unsubscribed', { token: o.token });
    expect(screen.body.total).toBe(4);

    for (const phone of ['+79160000341', '+79160000342', '+79160000345']) await book(server, o, nowSec(server) + DAY, { phone });
    await advance(server, 1);
    const planned = (await messagesOf(server, o)).map((m) => [m.recipient, m.status, m.reason]);
    expect(planned).toEqual([
      ['79160000341', 'cancelled', 'unsubscribed'],
      ['79160000342', 'cancelled', 'unsubscribed'],
      ['79160000345', 'sent', null],
    ]);
    expect(fake.sent.slice(sends).map((s) => s.chatId)).toEqual(['79160000345@c.us']);
  });
});

describe('the server-wide number', () => {
  it('a message to it belongs to the owner whose message reached the writer last; STOP works there too', async () => {
    const a = await owner(server);
    const b = await owner(server);
    await flow(server, a, 'newRecord');
    await flow(server, b, 'newRecord');
    await sentTo(a, '+79160000361');
    server.clock.advance(60);
    const m = await sentTo(b, '+79160000361');
    server.clock.advance(60);
    expect((await deliver('default', incomingMessage('79160000361', 'Stop'))).body).toEqual({ result: 'applied' });
    expect((await conversations(a)).body.total).toBe(0);
    expect((await conversations(b)).body.items).toMatchObject([{ channel: 'waha', connectionId: null, peer: '79160000361', clientId: m.clientId }]);
    expect((await messagesOf(server, b)).at(-1)!.status).toBe('replied');
    const rows = await server.api.db.select().from(subscribers).where(eq(subscribers.phone, '79160000361'));
    expect(rows.map((r) => [r.userId, r.channel, r.status])).toEqual([[b.id, 'waha', 'unsubscribed']]);
  });
});

describe('the read API', () => {
  it("another owner's conversation is 404; anonymous callers 401; bad paging 400 naming the field", async () => {
    const a = await owner(server);
    const b = await owner(server);
    const { session } = await number(a);
    await deliver(session, incomingMessage('79160000351', 'private words'));
    const [c] = (await conversations(a)).body.items;
    const foreign = await messagesIn(b, c.id);
    expect([foreign.status, foreign.body.code]).toEqual([404, 'conversationNotFound']);
    expect(JSON.stringify(foreign.body)).not.toContain('private');
    expect((await messagesIn(a, 2_000_000_000)).status).toBe(404);
    expect((await conversations(b)).body).toEqual({ items: [], page: 1, pages: 1, total: 0 });
    expect((await server.call('GET', '/Conversations')).status).toBe(401);
    expect((await server.call('GET', `/Conversations/${c.id}/Messages`)).status).toBe(401);
    const bad = await conversations(a, '?pageSize=500');
    expect([bad.status, bad.body.errors?.[0]?.field]).toEqual([400, 'pageSize']);
    expect((await messagesIn(a, 0)).status).toBe(400);
  });
});
