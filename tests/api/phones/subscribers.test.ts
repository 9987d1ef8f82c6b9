// Subscribers (§2 /phones/subscribers): owner calls, the Telegram bot's webhook against the Bot API double, and the
// send-time rule: Telegram messages go to the chat a client opened, unsubscribed clients get nothing on any channel.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribers } from '../../../src/server/modules/phones/schema.ts';
import { loadConfig } from '../../../src/server/platform/config.ts';
import { startTelegramFake, type TelegramFake } from '../../fakes/telegram-fake.ts';
import type { TestServer } from '../harness.ts';
import { advance, book, DAY, deliveryServer, flow, messagesOf, nowSec, owner, sandboxLog, type Owner } from '../delivery/support.ts';

const TOKEN = '123456:bot-token';
const SECRET = 'hook-Secret_42';
let fake: TelegramFake;
let tg: TestServer; // DELIVERY_CHANNEL=telegram
let sandbox: TestServer; // the default channel
beforeAll(async () => {
  fake = await startTelegramFake({ token: TOKEN, perChatPerSecond: 100 });
  tg = await deliveryServer({
    DELIVERY_CHANNEL: 'telegram',
    TELEGRAM_BOT_TOKEN: TOKEN,
    TELEGRAM_API_URL: fake.apiUrl,
    TELEGRAM_BOT_USERNAME: 'cabinet_test_bot',
    TELEGRAM_WEBHOOK_SECRET: SECRET,
  });
  sandbox = await deliveryServer();
});
afterAll(async () => {
  await tg?.close();
  await sandbox?.close();
  await fake?.close();
});

const list = (s: TestServer, o: Owner, query = '') => s.call('GET', `/Phones/Subscribers${query}`, { token: o.token });
const add = (s: TestServer, o: Owner, body: unknown) => s.call('POST', '/Phones/Subscribers', { token: o.token, body });
const hook = (update: unknown, secret: string | null = SECRET, s = tg) =>
  s.call('POST', '/Webhooks/telegram', { body: update, headers: secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret } });

let updateId = 1;
const from = (id: number) => ({ id, is_bot: false, first_name: 'Anna', last_name: 'K', language_code: 'ru' });
const message = (chat: number, fields: Record<string, unknown>) => ({
  update_id: updateId++,
  message: { message_id: updateId, date: 1, from: from(chat), chat: { id: chat, type: 'private', first_name: 'Anna' }, ...fields },
});
const rowsOfChat = (chat: number) => tg.api.db.select().from(subscribers).where(eq(subscribers.chatId, String(chat)));

async function startToken(o: Owner): Promise<string> {
  const link = await tg.call('GET', '/Phones/Subscribers/Link', { token: o.token });
  expect(link.status).toBe(200);
  const match = /^https:\/\/t\.me\/cabinet_test_bot\?start=([\w-]{1,64})$/.exec(link.body.telegram);
  expect(match).not.toBeNull();
  return match![1]!;
}

/** Links a Telegram chat to the owner and shares the client's own phone, as a client does with the bot. */
async function subscribe(o: Owner, chat: number, phone: string) {
  fake.chats.add(String(chat));
  expect((await hook(message(chat, { text: `/start ${await startToken(o)}` }))).body).toEqual({ result: 'applied' });
  expect((await hook(message(chat, { contact: { phone_number: phone, first_name: 'Anna', user_id: chat } }))).body).toEqual({ result: 'applied' });
}

describe('owner calls', () => {
  it('adds a manual consent in E.164 digits, lists, filters, searches and pages', async () => {
    const o = await owner(sandbox);
    const res = await add(sandbox, o, { phone: '+7 (916) 123-45-67', name: 'Anna', channel: 'waha' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ phone: '79161234567', chatId: null, name: 'Anna', channel: 'waha', status: 'active', source: 'manual' });
    const dup = await add(sandbox, o, { phone: '79161234567', channel: 'waha' });
    expect([dup.status, dup.body.errors?.[0]?.field]).toEqual([409, 'phone']);
    expect((await add(sandbox, o, { phone: '79161234567', channel: 'telegram' })).status).toBe(201); // another channel
    for (let i = 0; i < 22; i++) {
      sandbox.clock.advance(1);
      expect((await add(sandbox, o, { phone: `+4915112345${String(i).padStart(3, '0')}`, channel: 'sandbox', name: i === 3 ? 'Vip Boris' : '' })).status).toBe(201);
    }
    expect((await list(sandbox, o)).body).toMatchObject({ total: 24, pages: 2, page: 1 });
    expect((await list(sandbox, o, '?page=2')).body.items).toHaveLength(4);
    expect((await list(sandbox, o, '?channel=waha')).body.items.map((i: any) => i.phone)).toEqual(['79161234567']);
    expect((await list(sandbox, o, '?search=boris')).body.total).toBe(1);
    expect((await list(sandbox, o, `?search=${encodeURIComponent('+49 151 12345 003')}`)).body.items[0].name).toBe('Vip Boris');
    const id = res.body.id as number;
    const off = await sandbox.call('POST', `/Phones/Subscribers/${id}/Unsubscribe`, { token: o.token });
    expect([off.status, off.body.status]).toEqual([200, 'unsubscribed']);
    expect((await list(sandbox, o, '?status=unsubscribed')).body.items.map((i: any) => i.id)).toEqual([id]);
    const on = await sandbox.call('POST', `/Phones/Subscribers/${id}/Resubscribe`, { token: o.token });
    expect([on.status, on.body.status]).toEqual([200, 'active']);
    expect((await sandbox.call('DELETE', `/Phones/Subscribers/${id}`, { token: o.token })).status).toBe(200);
    expect((await sandbox.call('DELETE', `/Phones/Subscribers/${id}`, { token: o.token })).status).toBe(404);
    expect((await list(sandbox, o)).body.total).toBe(23);
  });

  it('bad input answers 400 naming the field and saves nothing', async () => {
    const o = await owner(sandbox);
    for (const body of [{ phone: '12', channel: 'waha' }, { phone: '', channel: 'waha' }, { phone: 'call me', channel: 'waha' }]) {
      const res = await add(sandbox, o, body);
      expect([res.status, res.body.errors?.[0]?.field]).toEqual([400, 'phone']);
    }
    const channel = await add(sandbox, o, { phone: '+79161234567', channel: 'sms' });
    expect([channel.status, channel.body.errors?.[0]?.field]).toEqual([400, 'channel']);
    expect((await add(sandbox, o, { phone: '+79161234567' })).status).toBe(400);
    expect((await add(sandbox, o, { phone: '+79161234567', channel: 'waha', extra: 1 })).status).toBe(400);
    expect((await list(sandbox, o, '?status=gone')).status).toBe(400);
    expect((await list(sandbox, o)).body.total).toBe(0);
  });

  it('another owner id answers 404 and changes nothing; anonymous callers get 401', async () => {
    const a = await owner(sandbox);
    const b = await owner(sandbox);
    const { body } = await add(sandbox, a, { phone: '+380501234567', channel: 'waha' });
    for (const [method, path] of [['POST', `/Phones/Subscribers/${body.id}/Unsubscribe`], ['POST', `/Phones/Subscribers/${body.id}/Resubscribe`], ['DELETE', `/Phones/Subscribers/${body.id}`]] as const) {
      expect((await sandbox.call(method, path, { token: b.token })).status).toBe(404);
      expect((await sandbox.call(method, path)).status).toBe(401);
    }
    expect((await list(sandbox, b)).body.total).toBe(0);
    expect((await list(sandbox, a)).body.items).toMatchObject([{ id: body.id, status: 'active' }]);
    expect((await sandbox.call('GET', '/Phones/Subscribers')).status).toBe(401);
    expect((await sandbox.call('GET', '/Phones/Subscribers/Link')).status).toBe(401);
  });

  it('the subscribe link exists only where the Telegram bot is configured', async () => {
    expect((await sandbox.call('GET', '/Phones/Subscribers/Link', { token: (await owner(sandbox)).token })).body).toEqual({ telegram: null });
    const a = await owner(tg);
    const b = await owner(tg);
    const token = await startToken(a);
    expect(token).toHaveLength(54);
    expect(await startToken(a)).toBe(token); // stable
    expect(await startToken(b)).not.toBe(token);
  });
});

describe('Telegram webhook', () => {
  it('refuses a wrong or missing secret before reading the body; off where no bot is configured', async () => {
    const update = message(900, { text: '/stop' });
    expect((await hook(update, 'wrong')).status).toBe(401);
    expect((await hook(update, 'wrong')).body.code).toBe('webhookSecretWrong');
    expect((await hook(update, null)).status).toBe(401);
    const junk = await fetch(`${tg.base}/Webhooks/telegram`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': 'x' }, body: '{not json' });
    expect(junk.status).toBe(401);
    expect((await hook(update, SECRET, sandbox)).status).toBe(404);
  });

  it('a malformed secret or bot username stops the start, naming the setting', () => {
    const env = { JWT_SECRET: 'x'.repeat(32), DATA_DIR: tg.dataDir };
    expect(() => loadConfig({ ...env, TELEGRAM_WEBHOOK_SECRET: 'has space' })).toThrow(/TELEGRAM_WEBHOOK_SECRET must be 1-256 characters/);
    expect(() => loadConfig({ ...env, TELEGRAM_BOT_USERNAME: 'a b' })).toThrow(/TELEGRAM_BOT_USERNAME must be a bot username/);
    expect(loadConfig({ ...env, TELEGRAM_BOT_USERNAME: '@cabinet_bot' }).telegramBot.username).toBe('cabinet_bot');
  });

  it('answers 200 and ignores updates it does not use or cannot read', async () => {
    for (const update of [{}, { update_id: 1 }, { message: 'x' }, { message: { chat: { id: 'a' } } }, { edited_message: { text: 'hi' } }, message(901, { text: 'hello' }), message(901, { text: '/start forged-token' }), message(901, { text: '/start' })]) {
      const res = await hook(update);
      expect([res.status, res.body]).toEqual([200, { result: 'ignored' }]);
    }
    expect(await rowsOfChat(901)).toEqual([]);
  });

  it('/start links the chat and asks for the contact; the own contact fills the phone; a foreign one is refused', async () => {
    const o = await owner(tg);
    fake.chats.add('1001');
    fake.sent.length = 0;
    expect((await hook(message(1001, { text: `/start ${await startToken(o)}` }))).body).toEqual({ result: 'applied' });
    expect(await rowsOfChat(1001)).toMatchObject([{ userId: o.id, channel: 'telegram', chatId: '1001', phone: null, name: 'Anna K', status: 'active', source: 'bot' }]);
    expect(fake.sent).toMatchObject([{ method: 'sendMessage', chatId: '1001', replyMarkup: { keyboard: [[{ request_contact: true }]] } }]);
    expect(fake.sent[0]!.text).toMatch(/Поделитесь номером/); // the client's language_code
    const foreign = await hook(message(1001, { contact: { phone_number: '+79160000009', first_name: 'Boris', user_id: 555 } }));
    expect(foreign.body).toEqual({ result: 'ignored' });
    expect((await hook(message(1001, { contact: { phone_number: '+79160000009', first_name: 'Boris' } }))).body).toEqual({ result: 'ignored' });
    expect((await rowsOfChat(1001))[0]!.phone).toBeNull();
    await add(tg, o, { phone: '+79161230001', channel: 'telegram' }); // an earlier manual consent: the proving chat replaces it
    expect((await hook(message(1001, { contact: { phone_number: '79161230001', first_name: 'Anna', user_id: 1001 } }))).body).toEqual({ result: 'applied' });
    expect((await rowsOfChat(1001))[0]!.phone).toBe('79161230001');
    const listed = await list(tg, o);
    expect(listed.body.items).toMatchObject([{ channel: 'telegram', phone: '79161230001', chatId: '1001', source: 'bot', status: 'active' }]);
  });

  it('/stop, STOP and a blocked bot unsubscribe; /start again resubscribes', async () => {
    const o = await owner(tg);
    await subscribe(o, 1002, '+79161230002');
    expect((await hook(message(1002, { text: '/stop' }))).body).toEqual({ result: 'applied' });
    expect((await rowsOfChat(1002))[0]!.status).toBe('unsubscribed');
    await subscribe(o, 1002, '+79161230002');
    expect((await rowsOfChat(1002))[0]!.status).toBe('active');
    expect((await hook(message(1002, { text: ' Stop ' }))).body).toEqual({ result: 'applied' });
    expect((await rowsOfChat(1002))[0]!.status).toBe('unsubscribed');
    await subscribe(o, 1002, '+79161230002');
    const kicked = {
      update_id: updateId++,
      my_chat_member: { chat: { id: 1002, type: 'private' }, from: from(1002), date: 1, old_chat_member: { status: 'member', user: { id: 1 } }, new_chat_member: { status: 'kicked', user: { id: 1 }, until_date: 0 } },
    };
    expect((await hook(kicked)).body).toEqual({ result: 'applied' });
    expect((await rowsOfChat(1002)).map((r) => r.status)).toEqual(['unsubscribed']);
  });
});

describe('send time', () => {
  it('DELIVERY_CHANNEL=telegram sends to the chat of a subscribed client, keeps the phone in the log, and a reply marks it replied', async () => {
    const o = await owner(tg);
    await subscribe(o, 2001, '+79161234567');
    await flow(tg, o, 'newRecord', { content: 'Hello {clientName}' });
    fake.sent.length = 0;
    await book(tg, o, nowSec(tg) + DAY);
    await advance(tg, 1);
    expect(fake.sent.map((s) => [s.method, s.chatId, s.text])).toEqual([['sendMessage', '2001', 'Hello Anna']]);
    const [m] = await messagesOf(tg, o);
    expect([m!.status, m!.sentTo, m!.providerMessageId]).toEqual(['sent', '79161234567', `2001:${fake.sent[0]!.messageId}`]);
    const reply = message(2001, { text: 'See you!', reply_to_message: { message_id: fake.sent[0]!.messageId, chat: { id: 2001, type: 'private' } } });
    expect((await hook(reply)).body).toEqual({ result: 'applied' });
    expect((await messagesOf(tg, o))[0]!.status).toBe('replied');
    expect((await hook({ ...reply, update_id: updateId++ })).body).toEqual({ result: 'ignored' }); // statuses only move forward
  });

  it('a client without a Telegram chat is cancelled "not subscribed in Telegram" without a provider call; an unsubscribed one "unsubscribed"', async () => {
    const o = await owner(tg);
    await subscribe(o, 2002, '+79161239999');
    await add(tg, o, { phone: '+79160000001', channel: 'telegram' }); // manual consent: no chat to write to
    await flow(tg, o, 'newRecord');
    fake.sent.length = 0;
    await book(tg, o, nowSec(tg) + DAY, { phone: '+79160000001' });
    await book(tg, o, nowSec(tg) + DAY, { phone: '+79160000002' });
    await hook(message(2002, { text: '/stop' }));
    fake.sent.length = 0;
    await book(tg, o, nowSec(tg) + DAY, { phone: '+79161239999' });
    await advance(tg, 1);
    expect(fake.sent).toEqual([]);
    expect((await messagesOf(tg, o)).map((m) => [m.recipient, m.status, m.reason])).toEqual([
      ['79160000001', 'cancelled', 'not subscribed in Telegram'],
      ['79160000002', 'cancelled', 'not subscribed in Telegram'],
      ['79161239999', 'cancelled', 'unsubscribed'],
    ]);
  });

  it('an unsubscribed client is cancelled on the sandbox channel too; active and unknown numbers still get theirs', async () => {
    const o = await owner(sandbox);
    const off = await add(sandbox, o, { phone: '+79160000011', channel: 'sandbox' });
    await sandbox.call('POST', `/Phones/Subscribers/${off.body.id}/Unsubscribe`, { token: o.token });
    await add(sandbox, o, { phone: '+79160000012', channel: 'sandbox' });
    await add(sandbox, o, { phone: '+79160000013', channel: 'waha' }); // unsubscribing elsewhere does not count here
    await sandbox.call('POST', `/Phones/Subscribers/${(await list(sandbox, o, '?channel=waha')).body.items[0].id}/Unsubscribe`, { token: o.token });
    await flow(sandbox, o, 'newRecord');
    for (const phone of ['+79160000011', '+79160000012', '+79160000013', '+79160000014']) await book(sandbox, o, nowSec(sandbox) + DAY, { phone });
    await advance(sandbox, 1);
    expect((await messagesOf(sandbox, o)).map((m) => [m.recipient, m.status, m.reason])).toEqual([
      ['79160000011', 'cancelled', 'unsubscribed'],
      ['79160000012', 'sent', null],
      ['79160000013', 'sent', null],
      ['79160000014', 'sent', null],
    ]);
    expect((await sandboxLog(sandbox)).map((r) => r.to)).toEqual(expect.arrayContaining(['79160000012', '79160000013', '79160000014']));
  });
});
