// Messages to the server's Telegram bot (issue 17, docs/conversations.md) against the Bot API double: stored once in
// the conversation of the business the chat belongs to, a reply marks our latest message replied, STOP words and a
// blocked bot unsubscribe from Telegram and the engine then skips the client.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribers } from '../../../src/server/modules/phones/schema.ts';
import { startTelegramFake, type TelegramFake } from '../../fakes/telegram-fake.ts';
import type { TestServer } from '../harness.ts';
import { advance, book, DAY, deliveryServer, flow, messagesOf, nowSec, owner, type Owner } from '../delivery/support.ts';

const TOKEN = '123456:bot-token';
const SECRET = 'hook-Secret_42';
let fake: TelegramFake;
let tg: TestServer;
beforeAll(async () => {
  fake = await startTelegramFake({ token: TOKEN, perChatPerSecond: 100 });
  tg = await deliveryServer({ DELIVERY_CHANNEL: 'telegram', TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_URL: fake.apiUrl, TELEGRAM_BOT_USERNAME: 'cabinet_test_bot', TELEGRAM_WEBHOOK_SECRET: SECRET });
}, 120_000);
afterAll(async () => {
  await tg?.close();
  await fake?.close();
});

const hook = (update: unknown) => tg.call('POST', '/Webhooks/telegram', { body: update, headers: { 'x-telegram-bot-api-secret-token': SECRET } });
let updateId = 1;
const message = (chat: number, fields: Record<string, unknown>) => ({
  update_id: updateId++,
  message: { message_id: updateId, date: 1, from: { id: chat, is_bot: false, first_name: 'Anna', last_name: 'K', language_code: 'ru' }, chat: { id: chat, type: 'private' }, ...fields },
});

async function subscribe(o: Owner, chat: number, phone: string) {
  fake.chats.add(String(chat));
  const link = await tg.call('GET', '/Phones/Subscribers/Link', { token: o.token });
  const start = /start=([\w-]+)$/.exec(link.body.telegram)![1];
  expect((await hook(message(chat, { text: `/start ${start}` }))).body).toEqual({ result: 'applied' });
  expect((await hook(message(chat, { contact: { phone_number: phone, first_name: 'Anna', user_id: chat } }))).body).toEqual({ result: 'applied' });
}

async function sentTo(o: Owner, phone: string) {
  await book(tg, o, nowSec(tg) + DAY, { phone });
  await advance(tg, 1);
  const m = (await messagesOf(tg, o)).at(-1)!;
  expect(m.status).toBe('sent');
  return m;
}
const conversations = (o: Owner) => tg.call('GET', '/Conversations', { token: o.token });

describe('messages to the Telegram bot', () => {
  it('are stored once in the business conversation; a plain answer marks our latest message replied', async () => {
    const o = await owner(tg);
    await subscribe(o, 3001, '+79161230301');
    await flow(tg, o, 'newRecord');
    const m = await sentTo(o, '+79161230301');
    tg.clock.advance(600);
    const update = message(3001, { text: 'Thank you, I will come' });
    expect((await hook(update)).body).toEqual({ result: 'applied' });
    expect((await hook(update)).body).toEqual({ result: 'ignored' }); // Telegram's retry: nothing twice
    expect((await messagesOf(tg, o)).find((r) => r.id === m.id)).toMatchObject({ status: 'replied', repliedAt: new Date(tg.clock.now()) });
    const list = await conversations(o);
    expect(list.body.items).toEqual([
      { id: expect.any(Number), channel: 'telegram', connectionId: null, peer: '3001', phone: '79161230301', clientId: m.clientId, name: 'Anna K', lastMessageUnixTime: nowSec(tg), unreadCount: 1, createdUnixTime: nowSec(tg) },
    ]);
    const texts = await tg.call('GET', `/Conversations/${list.body.items[0].id}/Messages`, { token: o.token });
    expect(texts.body.items).toMatchObject([{ direction: 'in', text: 'Thank you, I will come' }]);
    // A photo keeps a placeholder with its caption.
    await hook(message(3001, { photo: [{ file_id: 'f', width: 90, height: 90 }], caption: 'here' }));
    expect((await tg.call('GET', `/Conversations/${list.body.items[0].id}/Messages`, { token: o.token })).body.items[0].text).toBe('[image] here');
  });

  it('a chat linked to two businesses writes to the one whose message reached it last', async () => {
    const a = await owner(tg);
    const b = await owner(tg);
    await subscribe(a, 3002, '+79161230302');
    await subscribe(b, 3002, '+79161230302');
    await flow(tg, a, 'newRecord');
    await sentTo(a, '+79161230302');
    await hook(message(3002, { text: 'Which salon is this?' }));
    expect((await conversations(a)).body.total).toBe(1);
    expect((await conversations(b)).body.total).toBe(0);
  });

  it('СТОП and a blocked bot unsubscribe from Telegram; the engine then skips the client', async () => {
    const o = await owner(tg);
    await subscribe(o, 3003, '+79161230303');
    await subscribe(o, 3004, '+79161230304');
    expect((await hook(message(3003, { text: 'СТОП' }))).body).toEqual({ result: 'applied' });
    const kicked = { update_id: updateId++, my_chat_member: { chat: { id: 3004, type: 'private' }, date: 1, new_chat_member: { status: 'kicked', user: { id: 1 } } } };
    expect((await hook(kicked)).body).toEqual({ result: 'applied' });
    const rows = await tg.api.db.select().from(subscribers).where(eq(subscribers.userId, o.id));
    expect(rows.map((r) => [r.chatId, r.status]).sort()).toEqual([['3003', 'unsubscribed'], ['3004', 'unsubscribed']]);
    await flow(tg, o, 'newRecord');
    fake.sent.length = 0;
    for (const phone of ['+79161230303', '+79161230304']) await book(tg, o, nowSec(tg) + DAY, { phone });
    await advance(tg, 1);
    expect((await messagesOf(tg, o)).map((m) => [m.status, m.reason])).toEqual([['cancelled', 'unsubscribed'], ['cancelled', 'unsubscribed']]);
    expect(fake.sent).toEqual([]);
    // The STOP itself is in the conversation.
    const [c] = (await conversations(o)).body.items;
    expect((await tg.call('GET', `/Conversations/${c.id}/Messages`, { token: o.token })).body.items).toMatchObject([{ text: 'СТОП' }]);
  });
});
