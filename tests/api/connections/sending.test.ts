// Sending through the owner's own connection (issue 17, docs/connections.md "Sending and pacing"), DELIVERY_CHANNEL=waha
// against the WAHA double (which records the session of every send): each owner's number sends its messages, a
// flow may name its number (another owner's id refused), no usable number = the message waits and leaves once the
// number connects, Home's warning, and the fallback order (WhatsApp → the server's Telegram bot).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/server/modules/account/schema.ts';
import { subscribers } from '../../../src/server/modules/phones/schema.ts';
import { startTelegramFake, type TelegramFake } from '../../fakes/telegram-fake.ts';
import type { WahaFake } from '../../fakes/waha-fake.ts';
import type { TestServer } from '../harness.ts';
import { advance, book, DAY, flow, messagesOf, nowSec, owner } from '../delivery/support.ts';
import { phones, sendingServer, type Sending } from './sending-support.ts';

const TG_TOKEN = '123456:sending-test-token';
let sending: Sending;
let server: TestServer;
let fake: WahaFake;
let tg: TelegramFake;

beforeAll(async () => {
  tg = await startTelegramFake({ token: TG_TOKEN, perChatPerSecond: 100 });
  sending = await sendingServer({ WAHA_PER_MINUTE: '1200', TELEGRAM_BOT_TOKEN: TG_TOKEN, TELEGRAM_API_URL: tg.apiUrl }, 50);
  ({ server, fake } = sending);
}, 120_000);
afterAll(async () => {
  await sending?.close();
  await tg?.close();
});

const clientPhone = phones('7916');
const linkedNumber = (...args: Parameters<Sending['linkedNumber']>) => sending.linkedNumber(...args);
const sentBy = (session: string) => fake.sent.filter((s) => s.session === session);

describe('routing by connection', () => {
  it("each owner's messages leave through the owner's own number, and the message records it", async () => {
    const a = await owner(server);
    const b = await owner(server);
    const na = await linkedNumber(a, '79160000101');
    const nb = await linkedNumber(b, '79160000102');
    await flow(server, a, 'newRecord');
    await flow(server, b, 'newRecord');
    await book(server, a, nowSec(server) + DAY, { phone: clientPhone() });
    await book(server, b, nowSec(server) + DAY, { phone: clientPhone() });
    await advance(server, 1);
    expect(sentBy(`c${na}`)).toHaveLength(1);
    expect(sentBy(`c${nb}`)).toHaveLength(1);
    expect(sentBy('default')).toHaveLength(0);
    const [ma] = await messagesOf(server, a);
    expect([ma!.status, ma!.channel, ma!.connectionId, ma!.providerMessageId]).toEqual(['sent', 'waha', na, sentBy(`c${na}`)[0]!.id]);
    // The message log shows the connection.
    const log = await server.call('GET', '/Messages', { token: a.token });
    expect(log.status).toBe(200);
  });

  it("a flow names its number; another owner's connection id is refused naming the field, nothing changes", async () => {
    const a = await owner(server);
    const other = await owner(server);
    const first = await linkedNumber(a, '79160000201');
    const second = await linkedNumber(a, '79160000202');
    const foreign = await linkedNumber(other, '79160000203');
    const id = await flow(server, a, 'newRecord');
    const refused = await server.call('PATCH', `/Flows/${id}`, { token: a.token, body: { connectionId: foreign } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([expect.objectContaining({ field: 'connectionId', code: 'connectionNotFound' })]);
    expect((await server.call('GET', `/Flows/${id}`, { token: a.token })).body.connectionId).toBeNull();
    const created = await server.call('POST', '/Flows', { token: a.token, body: { title: 'x', content: 'y', type: 'newRecord', connectionId: foreign } });
    expect([created.status, created.body.errors?.[0]?.field]).toEqual([400, 'connectionId']);

    const chosen = await server.call('PATCH', `/Flows/${id}`, { token: a.token, body: { connectionId: second } });
    expect([chosen.status, chosen.body.connectionId]).toEqual([200, second]);
    await book(server, a, nowSec(server) + DAY, { phone: clientPhone() });
    await advance(server, 1);
    expect(sentBy(`c${first}`)).toHaveLength(0);
    expect(sentBy(`c${second}`)).toHaveLength(1);
    expect((await messagesOf(server, a))[0]!.connectionId).toBe(second);
  });
});

describe('waiting, never lost', () => {
  it('without a number the message waits with its reason, Home warns, and it leaves in the tick after the number connects', async () => {
    const o = await owner(server);
    await flow(server, o, 'newRecord');
    await book(server, o, nowSec(server) + DAY, { phone: clientPhone() });
    await advance(server, 1);
    let [m] = await messagesOf(server, o);
    expect([m!.status, m!.reason, m!.connectionId, m!.attempts]).toEqual(['queued', 'waiting: WhatsApp disconnected', null, 0]);
    let home = await server.call('GET', '/Home', { token: o.token });
    expect(home.body.sending).toEqual({ warning: true, waiting: 1, disconnected: 0, paused: 0 });

    // A number added but not scanned yet: still waiting.
    await server.api.db.update(users).set({ chatApiInstanceLimit: 5 }).where(eq(users.id, o.id));
    const added = await server.call('POST', '/Accounts/WhatsApp', { token: o.token, body: { name: 'Reception' } });
    await advance(server, 1);
    expect((await messagesOf(server, o))[0]!.status).toBe('queued');
    // The header bell counts a number that is not linked yet (the owner's bell read, docs/connections.md "Screens").
    const bell = async () => (await server.call('GET', '/Accounts/Sending', { token: o.token })).body.whatsApp;
    expect(await bell()).toEqual({ notLinked: 1, paused: 0 });

    expect(await fake.scan(`c${added.body.id}`, '79160000301')).toBe(200);
    await advance(server, 1);
    [m] = await messagesOf(server, o);
    expect([m!.status, m!.connectionId]).toEqual(['sent', added.body.id]);
    expect(sentBy(`c${added.body.id}`)).toHaveLength(1);
    home = await server.call('GET', '/Home', { token: o.token });
    expect(home.body.sending).toEqual({ warning: false, waiting: 0, disconnected: 0, paused: 0 });
    expect(await bell()).toEqual({ notLinked: 0, paused: 0 });
  });

  it('a number the gateway reports logged out: the message waits (not failed), the number shows it, and it leaves once relinked', async () => {
    const o = await owner(server);
    const id = await linkedNumber(o, '79160000401');
    const flowId = await flow(server, o, 'newRecord');
    // The phone was unlinked and the status event got lost: the gateway refuses the send (422 STOPPED).
    fake.sessions.set(`c${id}`, 'STOPPED');
    await book(server, o, nowSec(server) + DAY, { phone: clientPhone() });
    await advance(server, 1);
    const [m] = await messagesOf(server, o);
    expect([m!.status, m!.reason, m!.attempts]).toEqual(['queued', 'waiting: WhatsApp disconnected', 0]);
    expect((await server.call('GET', `/Flows/${flowId}`, { token: o.token })).body.status).not.toBe('Error');
    const home = await server.call('GET', '/Home', { token: o.token });
    expect(home.body.sending).toMatchObject({ warning: true, waiting: 1, disconnected: 1 });
    // Relinked: STOPPED → STARTING → SCAN_QR_CODE → WORKING, each reported.
    await fake.setStatus(`c${id}`, 'STARTING');
    await fake.setStatus(`c${id}`, 'SCAN_QR_CODE');
    await fake.scan(`c${id}`, '79160000401');
    await advance(server, 1);
    expect((await messagesOf(server, o))[0]!.status).toBe('sent');
  });
});

describe('fallback order', () => {
  it('is ["whatsapp"] by default, validated, and stored per owner', async () => {
    const o = await owner(server);
    expect((await server.call('GET', '/Accounts/Sending', { token: o.token })).body).toEqual({ fallbackOrder: ['whatsapp'], whatsApp: { notLinked: 0, paused: 0 } });
    for (const bad of [[], ['whatsapp', 'whatsapp'], ['fax']]) {
      const res = await server.call('PUT', '/Accounts/Sending', { token: o.token, body: { fallbackOrder: bad } });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.errors)).toContain('fallbackOrder');
    }
    const set = await server.call('PUT', '/Accounts/Sending', { token: o.token, body: { fallbackOrder: ['whatsapp', 'telegram', 'sms'] } });
    expect(set.body).toEqual({ fallbackOrder: ['whatsapp', 'telegram', 'sms'] });
    expect((await server.call('GET', '/Accounts/Sending', { token: o.token })).body.fallbackOrder).toEqual(['whatsapp', 'telegram', 'sms']);
  });

  it('whatsapp → telegram: without a number the Telegram bot sends to a subscribed client; a client not on WhatsApp goes to Telegram too', async () => {
    const o = await owner(server);
    await server.call('PUT', '/Accounts/Sending', { token: o.token, body: { fallbackOrder: ['whatsapp', 'telegram'] } });
    await flow(server, o, 'newRecord');
    const subscribed = clientPhone();
    const digits = subscribed.slice(1);
    const at = new Date(server.clock.now());
    await server.api.db.insert(subscribers).values({ userId: o.id, channel: 'telegram', phone: digits, chatId: '5550001', name: 'Anna', source: 'bot', createdAt: at, updatedAt: at });
    tg.chats.add('5550001');
    const unsubscribed = clientPhone();
    await book(server, o, nowSec(server) + DAY, { phone: subscribed });
    await book(server, o, nowSec(server) + DAY, { phone: unsubscribed });
    await advance(server, 1);
    let all = await messagesOf(server, o);
    // No WhatsApp number: the subscribed client gets Telegram; the other waits for WhatsApp.
    expect(all.map((m) => [m.status, m.channel, m.reason])).toEqual([
      ['sent', 'telegram', null],
      ['queued', 'waha', 'waiting: WhatsApp disconnected'],
    ]);
    expect(tg.sent.filter((s) => s.chatId === '5550001')).toHaveLength(1);

    // With a number, a client WhatsApp does not know is tried on Telegram at once; without a chat there it fails,
    // saying why.
    const id = await linkedNumber(o, '79160000501');
    fake.notOnWhatsApp.add(unsubscribed.slice(1));
    await book(server, o, nowSec(server) + 2 * DAY, { phone: subscribed });
    fake.notOnWhatsApp.add(digits);
    await advance(server, 1);
    await advance(server, 1);
    all = await messagesOf(server, o);
    expect(all.map((m) => [m.status, m.channel, m.reason])).toEqual([
      ['sent', 'telegram', null],
      ['failed', 'waha', 'not on WhatsApp'],
      ['sent', 'telegram', null],
    ]);
    expect(tg.sent.filter((s) => s.chatId === '5550001')).toHaveLength(2);
    expect(sentBy(`c${id}`).length).toBe(0);
  });

  it('only whatsapp: a client not on WhatsApp fails with that reason', async () => {
    const o = await owner(server);
    await linkedNumber(o, '79160000601');
    await flow(server, o, 'newRecord');
    const phone = clientPhone();
    fake.notOnWhatsApp.add(phone.slice(1));
    await book(server, o, nowSec(server) + DAY, { phone });
    await advance(server, 1);
    const [m] = await messagesOf(server, o);
    expect([m!.status, m!.reason]).toEqual(['failed', 'not on WhatsApp']);
  });
});
