// The subscribe link names the owner's own bot (issue 17, docs/connections.md "Telegram"): with a Connected bot
// connection `GET /Phones/Subscribers/Link` links to it (the first by id), without one (or only an unconfirmed bot)
// the server's bot, here none; a client's /start with the owner's token links the chat to that owner, and another
// owner's token opened in this bot links nothing and is refused politely in the chat.
import { describe, expect, it } from 'vitest';
import { telegramServerForFile } from './telegram-support.ts';

const t = telegramServerForFile();
let seq = 0;

const owner = () => t.server.createUser(`link${++seq}-${Date.now()}@example.com`, 'secret12');
const link = async (token: string) => (await t.server.call('GET', '/Phones/Subscribers/Link', { token })).body.telegram as string | null;
const subscribers = async (token: string) => (await t.server.call('GET', '/Phones/Subscribers', { token })).body.items as { chatId: string | null }[];
const message = (chatId: number, text: string, language = 'en') => ({ update_id: ++seq, message: { message_id: seq, from: { id: chatId, is_bot: false, first_name: 'Anna', language_code: language }, chat: { id: chatId, type: 'private' }, date: 0, text } });
const lastTo = (botToken: string, chatId: number) => t.fake.sent.filter((m) => m.token === botToken && m.chatId === String(chatId)).at(-1)?.text;

/** A bot added by the owner, optionally confirmed with the code it sends after /start (then Connected). */
async function bot(token: string, confirm = true) {
  const id = 7_200_000_000 + ++seq;
  const botToken = `${id}:AAH${'l'.repeat(28)}${String(seq).padStart(4, '0')}`;
  const username = `link${seq}_bot`;
  t.fake.bots.set(botToken, { id, username });
  const added = await t.server.call('POST', '/Accounts/Telegram', { token, body: { token: botToken } });
  expect(added.status).toBe(201);
  if (confirm) {
    const ownerChat = 9_000 + seq;
    await t.fake.deliver(botToken, message(ownerChat, '/start'));
    const code = /\b(\d{6})\b/.exec(lastTo(botToken, ownerChat)!)![1];
    expect((await t.server.call('POST', `/Accounts/Telegram/${added.body.id}/Confirm`, { token, body: { code } })).body.state).toBe('Connected');
  }
  return { id: added.body.id as number, token: botToken, username };
}
const startParam = (url: string) => new URL(url).searchParams.get('start')!;

describe('the subscribe link', () => {
  it("names the owner's first Connected bot; none while the only bot is unconfirmed (no server bot here)", async () => {
    const o = await owner();
    expect(await link(o.token)).toBeNull();
    await bot(o.token, false);
    expect(await link(o.token)).toBeNull();
    const first = await bot(o.token);
    await bot(o.token);
    const url = await link(o.token);
    expect(url).toMatch(new RegExp(`^https://t\\.me/${first.username}\\?start=[\\w-]{20,64}$`));
  });

  it("a client's /start with the owner's token links the chat to the owner; another owner's token is refused politely", async () => {
    const a = await owner();
    const b = await owner();
    const aBot = await bot(a.token);
    await bot(b.token);
    const aToken = startParam((await link(a.token))!);
    const bToken = startParam((await link(b.token))!);
    expect(aToken).not.toBe(bToken);

    const anna = 61_000 + seq;
    expect(await t.fake.deliver(aBot.token, message(anna, `/start ${aToken}`))).toMatchObject({ status: 200, body: { result: 'applied' } });
    expect((await subscribers(a.token)).map((s) => s.chatId)).toEqual([String(anna)]);
    expect(lastTo(aBot.token, anna)).toContain('Share your phone number');

    // B's link opened in A's bot: nothing is linked for either owner, and the client is told why, in their language.
    const boris = 62_000 + seq;
    expect(await t.fake.deliver(aBot.token, message(boris, `/start ${bToken}`, 'ru'))).toMatchObject({ status: 200, body: { result: 'ignored' } });
    expect(lastTo(aBot.token, boris)).toContain('относится к другой компании');
    expect((await subscribers(a.token)).map((s) => s.chatId)).toEqual([String(anna)]);
    expect(await subscribers(b.token)).toEqual([]);
  });
});
