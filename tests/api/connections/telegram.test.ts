// The owner's Telegram bots (issue 17, docs/connections.md "Telegram") against the Bot API double: the token checked
// with getMe, the webhook set with its own secret, ownership proven by the code the bot sends after /start, wrong
// codes and their limit, a bot that cannot write ('code not sent'), one connection per bot, another owner's ids,
// delete (webhook removed), and the token sealed at rest, never returned in full.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionSecrets, connections } from '../../../src/server/modules/connections/schema.ts';
import { startTelegramBotsFake, type TelegramBotsFake } from '../../fakes/telegram-fake.ts';
import { startServer, type TestServer } from '../harness.ts';
import { rawPost } from '../payments/raw-request.ts';
import { expectNothingAdded } from './added-on.ts';

let server: TestServer;
let fake: TelegramBotsFake;
let seq = 0;

beforeAll(async () => {
  fake = await startTelegramBotsFake();
  server = await startServer({ env: { TELEGRAM_API_URL: fake.apiUrl, PUBLIC_ORIGIN: 'https://cabinet.example', ACCESS_TOKEN_TTL_SECONDS: '3650d' } });
  fake.via = new URL(server.base).origin;
}, 120_000);
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const owner = () => server.createUser(`tg${++seq}-${Date.now()}@example.com`, 'secret12');
/** A bot the double knows: its token, id and username. */
function newBot() {
  const id = 7_000_000_000 + ++seq;
  const token = `${id}:AAH${'x'.repeat(28)}${String(seq).padStart(4, '0')}`;
  fake.bots.set(token, { id, username: `salon${seq}_bot` });
  return { id, token, username: `salon${seq}_bot` };
}
const add = (token: string, botToken: string) => server.call('POST', '/Accounts/Telegram', { token, body: { token: botToken } });
const confirm = (token: string, id: number, code: string) => server.call('POST', `/Accounts/Telegram/${id}/Confirm`, { token, body: { code } });
const start = (botToken: string, chatId: number, text = '/start') => fake.deliver(botToken, { update_id: ++seq, message: { message_id: 1, from: { id: chatId, is_bot: false, first_name: 'Owner', language_code: 'en' }, chat: { id: chatId, type: 'private' }, date: 0, text } });
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1];

describe('connecting a bot', () => {
  it('refuses a malformed token and one Telegram rejects, naming the field, and adds nothing', async () => {
    const o = await owner();
    const malformed = await add(o.token, 'not-a-token');
    expect(malformed).toMatchObject({ status: 400, body: { errors: [{ field: 'token', code: 'telegramTokenInvalid' }] } });
    const rejected = await add(o.token, `123456789:AA${'z'.repeat(33)}`);
    expect(rejected).toMatchObject({ status: 400, body: { errors: [{ field: 'token', code: 'telegramTokenRejected', message: expect.stringContaining('Error adding the Telegram bot') }] } });
    expect((await server.call('GET', '/Accounts/Telegram', { token: o.token })).body).toEqual({ bots: [] });
  });

  it('checks the token, sets the webhook with a secret, seals the token and shows only its last 4 characters', async () => {
    const o = await owner();
    const bot = newBot();
    const res = await add(o.token, bot.token);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: `@${bot.username}`, state: 'init', lastError: null, codeSent: false, tokenMasked: `••••${bot.token.slice(-4)}`, startLink: `https://t.me/${bot.username}` });
    expect(JSON.stringify(res.body)).not.toContain(bot.token.slice(0, 20));
    const hook = fake.webhooks.get(bot.token)!;
    expect(hook.url).toBe(`https://cabinet.example/api/v1/Webhooks/telegram/${res.body.id}`);
    expect(hook.secret).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    // At rest: neither the token nor the webhook secret is readable in the row.
    const [row] = await server.api.db.select().from(connectionSecrets).where(eq(connectionSecrets.connectionId, res.body.id));
    expect(row!.sealed).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(row!.sealed).not.toContain(bot.token.split(':')[1]!.slice(0, 10));
    expect(row!.sealed).not.toContain(hook.secret);
    // One connection per bot (Telegram keeps one webhook per bot), for this owner and any other.
    expect(await add(o.token, bot.token)).toMatchObject({ status: 409, body: { code: 'botAlreadyConnected' } });
    expect(await add((await owner()).token, bot.token)).toMatchObject({ status: 409, body: { code: 'botAlreadyConnected' } });
  });

  it("409 and nothing added when Telegram refuses the server's address for the webhook (not HTTPS)", { timeout: 90_000 }, async () => {
    const env = { TELEGRAM_API_URL: fake.apiUrl, PUBLIC_ORIGIN: 'http://cabinet.example' };
    await expectNothingAdded(env, '/Accounts/Telegram', { token: newBot().token }, { status: 409, code: 'telegramWebhookRefused' }, 'bots');
  });

  it('502 and nothing added when Telegram does not answer', { timeout: 90_000 }, async () => {
    await expectNothingAdded({ TELEGRAM_API_URL: 'http://127.0.0.1:9' }, '/Accounts/Telegram', { token: newBot().token }, { status: 502, code: 'providerUnavailable' }, 'bots');
  });
});

describe('proving ownership with the code', () => {
  it('no code before /start; /start sends a 6-digit code; a wrong one is "Invalid code"; the right one connects', async () => {
    const o = await owner();
    const bot = newBot();
    const id = (await add(o.token, bot.token)).body.id as number;
    expect(await confirm(o.token, id, '123456')).toMatchObject({ status: 409, body: { code: 'telegramCodeNotSent' } });

    // A caller without the bot's secret is refused before the update is read.
    expect((await fake.deliver(bot.token, { message: {} }, 'wrong-secret')).status).toBe(401);
    expect((await server.call('POST', `/Webhooks/telegram/${id}`, { body: {} })).status).toBe(401);

    expect(await start(bot.token, 5001)).toMatchObject({ status: 200, body: { result: 'applied' } });
    const sent = fake.sent.filter((m) => m.token === bot.token).at(-1)!;
    expect(sent.chatId).toBe('5001');
    const code = codeIn(sent.text)!;
    expect(code).toMatch(/^\d{6}$/);
    expect((await server.call('GET', `/Accounts/Telegram/${id}`, { token: o.token })).body).toMatchObject({ state: 'init', codeSent: true });

    const wrong = await confirm(o.token, id, code === '000000' ? '111111' : '000000');
    expect(wrong).toMatchObject({ status: 400, body: { errors: [{ field: 'code', code: 'telegramCodeInvalid', message: 'code: Invalid code' }] } });
    const right = await confirm(o.token, id, code);
    expect(right).toMatchObject({ status: 200, body: { id, state: 'Connected', codeSent: false } });
    // Confirmed: the updates are the subscribers' now (a plain /start links nothing).
    expect(await start(bot.token, 5001)).toMatchObject({ status: 200, body: { result: 'ignored' } });
    expect(await confirm(o.token, id, '999999')).toMatchObject({ status: 200, body: { state: 'Connected' } });
  });

  it('5 wrong codes void the code (429), a new /start gives a new one; a code expires after 10 minutes', async () => {
    const o = await owner();
    const bot = newBot();
    const id = (await add(o.token, bot.token)).body.id as number;
    await start(bot.token, 5002);
    const code = codeIn(fake.sent.at(-1)!.text)!;
    const other = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) expect((await confirm(o.token, id, other)).status).toBe(400);
    expect(await confirm(o.token, id, other)).toMatchObject({ status: 429, body: { code: 'telegramCodeAttempts' } });
    expect(await confirm(o.token, id, code)).toMatchObject({ status: 409, body: { code: 'telegramCodeNotSent' } });

    await start(bot.token, 5002);
    const second = codeIn(fake.sent.at(-1)!.text)!;
    server.clock.advance(10 * 60 + 1);
    expect(await confirm(o.token, id, second)).toMatchObject({ status: 409, body: { code: 'telegramCodeNotSent' } });
    await start(bot.token, 5002);
    expect(await confirm(o.token, id, codeIn(fake.sent.at(-1)!.text)!)).toMatchObject({ status: 200, body: { state: 'Connected' } });
  });

  it("a bot that cannot write to the chat: 'code not sent' (lastError codeNotSent), nothing to confirm", async () => {
    const o = await owner();
    const bot = newBot();
    const id = (await add(o.token, bot.token)).body.id as number;
    fake.blocked.add('5003');
    expect((await start(bot.token, 5003)).status).toBe(200);
    expect((await server.call('GET', `/Accounts/Telegram/${id}`, { token: o.token })).body).toMatchObject({ state: 'init', lastError: 'codeNotSent', codeSent: false });
    expect(await confirm(o.token, id, '123456')).toMatchObject({ status: 409, body: { code: 'telegramCodeNotSent' } });
  });
});

describe('another owner and deletion', () => {
  it("another owner's bot is 404 on every route; delete removes the webhook, then the connection", async () => {
    const o = await owner();
    const stranger = await owner();
    const bot = newBot();
    const id = (await add(o.token, bot.token)).body.id as number;
    for (const [method, path, body] of [
      ['GET', `/Accounts/Telegram/${id}`],
      ['DELETE', `/Accounts/Telegram/${id}`],
      ['POST', `/Accounts/Telegram/${id}/Confirm`, { code: '123456' }],
    ] as const) {
      expect(await server.call(method, path, { token: stranger.token, body }), `${method} ${path}`).toMatchObject({ status: 404, body: { code: 'telegramNotFound' } });
    }
    expect((await server.call('GET', '/Accounts/Telegram', { token: stranger.token })).body).toEqual({ bots: [] });
    // Another kind's id reads as missing too.
    expect((await server.call('GET', `/Accounts/Twilio/${id}`, { token: o.token })).status).toBe(404);

    expect((await server.call('DELETE', `/Accounts/Telegram/${id}`, { token: o.token })).status).toBe(204);
    expect(fake.webhooks.has(bot.token)).toBe(false);
    expect(await server.api.db.select().from(connections).where(eq(connections.id, id))).toEqual([]);
    expect(await server.api.db.select().from(connectionSecrets).where(eq(connectionSecrets.connectionId, id))).toEqual([]);
  });

  it('a bot whose token was revoked is still deleted', async () => {
    const o = await owner();
    const bot = newBot();
    const id = (await add(o.token, bot.token)).body.id as number;
    fake.bots.delete(bot.token);
    expect((await server.call('DELETE', `/Accounts/Telegram/${id}`, { token: o.token })).status).toBe(204);
  });
});

describe('credentials first (docs/webhooks.md)', () => {
  it('a wrong secret is 401 whatever the body; the right one with malformed JSON is 400', async () => {
    const o = await owner();
    const bot = newBot();
    const id = (await add(o.token, bot.token)).body.id as number;
    const post = (secret: string, body: string) => fetch(`${server.base}/Webhooks/telegram/${id}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': secret }, body });
    expect((await post('wrong', '{not json')).status).toBe(401);
    expect((await post('wrong', JSON.stringify({ pad: 'x'.repeat(2 * 1024 * 1024) }))).status).toBe(401);
    expect((await post(fake.webhooks.get(bot.token)!.secret, '{not json')).status).toBe(400);
    // Sent raw (fetch refuses it): the same string length with a byte above 0x7F is a wrong secret, not a 500.
    const almost = `${fake.webhooks.get(bot.token)!.secret.slice(0, -1)}\u00e9`;
    expect(await rawPost(server.base, `/Webhooks/telegram/${id}`, { 'X-Telegram-Bot-Api-Secret-Token': almost }, '{}')).toBe(401);
    // Another bot's secret does not open this bot's webhook.
    const other = newBot();
    await add(o.token, other.token);
    expect((await post(fake.webhooks.get(other.token)!.secret, '{}')).status).toBe(401);
  });
});
