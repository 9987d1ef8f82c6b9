import { randomInt } from 'node:crypto';
import { imageTypeOf, SlidingWindow, sendJson, startFake, type Faults, type FakeServer } from './http-fake.ts';

/**
 * Telegram Bot API double enforcing the documented behaviour (core.telegram.org/bots/api, /bots/faq):
 * `/bot<token>/<method>`, answers `{ ok, result }` or `{ ok: false, error_code, description, parameters }`,
 * 401 for a wrong token, 400 "chat not found", 403 "bot was blocked by the user", HTML parse_mode checked,
 * text 1–4096 and caption ≤ 1024 characters after entity parsing, and the rate limits: 30 messages per second
 * per bot and 1 per second per chat, over which it answers 429 with `parameters.retry_after` (seconds).
 */
export interface TelegramSent {
  method: 'sendMessage' | 'sendPhoto';
  chatId: string;
  text: string;
  parseMode?: string;
  replyMarkup?: unknown;
  /** The uploaded photo's file name and bytes (sendPhoto takes the bytes as multipart; see below). */
  photo?: { filename: string; bytes: Buffer };
  at: number;
  messageId: number;
}

export interface TelegramFake extends FakeServer, Faults {
  /** Base URL to give the adapter as apiUrl. */
  apiUrl: string;
  sent: TelegramSent[];
  /** Chats the bot may write to; a chat id not listed answers "chat not found". */
  chats: Set<string>;
  /** Chats whose user blocked the bot. */
  blocked: Set<string>;
  /** Requests answered 429 so far. */
  rateLimited: number;
}

export interface TelegramFakeOptions {
  token: string;
  perSecond?: number;
  perChatPerSecond?: number;
}

const TAGS = new Set(['b', 'strong', 'i', 'em', 'u', 'ins', 's', 'strike', 'del', 'a', 'code', 'pre', 'tg-spoiler', 'span', 'blockquote']);

/** Telegram's HTML parse mode: only known tags, properly nested, and `&` / `<` only as entities or tags. */
export function parseTelegramHtml(html: string): { text: string } | { error: string } {
  const stack: string[] = [];
  let text = '';
  const token = /<(\/?)([a-z-]+)(?:\s[^<>]*)?>|&(lt|gt|amp|quot|#\d+|#x[0-9a-f]+);|[<>&]|[^<>&]+/gi;
  for (const m of html.matchAll(token)) {
    const [whole, closing, tag, entity] = m;
    if (tag) {
      const name = tag.toLowerCase();
      if (!TAGS.has(name)) return { error: `Unsupported start tag "${name}" at byte offset ${m.index}` };
      if (!closing) stack.push(name);
      else if (stack.pop() !== name) return { error: `Can't find end tag corresponding to start tag "${name}"` };
    } else if (entity) {
      text += entity === 'lt' ? '<' : entity === 'gt' ? '>' : entity === 'amp' ? '&' : entity === 'quot' ? '"' : '?';
    } else if (whole === '<' || whole === '&') {
      return { error: `Unexpected end name token at byte offset ${m.index}` };
    } else text += whole;
  }
  if (stack.length) return { error: `Can't find end tag corresponding to start tag "${stack.at(-1)}"` };
  return { text };
}

export async function startTelegramFake(options: TelegramFakeOptions): Promise<TelegramFake> {
  const overall = new SlidingWindow(options.perSecond ?? 30, 1000);
  const perChat = new SlidingWindow(options.perChatPerSecond ?? 1, 1000);
  let failures: { count: number; status: number } = { count: 0, status: 500 };
  let nextId = 1;
  const error = (code: number, description: string, parameters?: Record<string, number>) => ({ ok: false, error_code: code, description, ...(parameters ? { parameters } : {}) });

  const fake = {} as TelegramFake;
  const server = await startFake(async (req, raw, res, bytes) => {
    if (fake.delayMs) await new Promise((r) => setTimeout(r, fake.delayMs));
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
    if (!match) return sendJson(res, 404, error(404, 'Not Found'));
    if (match[1] !== options.token) return sendJson(res, 401, error(401, 'Unauthorized'));
    if (failures.count > 0) {
      failures.count--;
      return sendJson(res, failures.status, error(failures.status, failures.status >= 500 ? 'Internal Server Error' : 'Bad Request'));
    }
    const method = match[2]!;
    if (method !== 'sendMessage' && method !== 'sendPhoto') return sendJson(res, 404, error(404, 'Not Found: method not found'));
    let body: Record<string, unknown>;
    try {
      body = await bodyOf(req.headers['content-type'] ?? '', raw, bytes);
    } catch {
      return sendJson(res, 400, error(400, 'Bad Request: invalid JSON'));
    }
    const chatId = body.chat_id === undefined ? '' : String(body.chat_id);
    if (!chatId) return sendJson(res, 400, error(400, 'Bad Request: chat_id is empty'));
    if (body.parse_mode !== undefined && !['HTML', 'MarkdownV2', 'Markdown'].includes(String(body.parse_mode))) {
      return sendJson(res, 400, error(400, `Bad Request: unsupported parse_mode "${String(body.parse_mode)}"`));
    }
    const raw_text = String((method === 'sendMessage' ? body.text : body.caption) ?? '');
    // Telegram also takes a URL or file_id here; the double takes only uploaded bytes, because the cabinet must
    // never hand a provider an address to fetch (issue 14).
    if (method === 'sendPhoto' && !(body.photo instanceof File && imageTypeOf(new Uint8Array(await body.photo.arrayBuffer())))) {
      return sendJson(res, 400, error(400, 'Bad Request: wrong remote file identifier specified'));
    }
    const parsed = body.parse_mode === 'HTML' ? parseTelegramHtml(raw_text) : { text: raw_text };
    if ('error' in parsed) return sendJson(res, 400, error(400, `Bad Request: can't parse entities: ${parsed.error}`));
    if (method === 'sendMessage' && !parsed.text.trim()) return sendJson(res, 400, error(400, 'Bad Request: message text is empty'));
    if (method === 'sendMessage' && parsed.text.length > 4096) return sendJson(res, 400, error(400, 'Bad Request: message is too long'));
    if (method === 'sendPhoto' && parsed.text.length > 1024) return sendJson(res, 400, error(400, 'Bad Request: message caption is too long'));
    if (body.reply_markup !== undefined && !validMarkup(body.reply_markup)) {
      return sendJson(res, 400, error(400, "Bad Request: can't parse reply keyboard markup JSON object"));
    }
    if (!fake.chats.has(chatId)) return sendJson(res, 400, error(400, 'Bad Request: chat not found'));
    if (fake.blocked.has(chatId)) return sendJson(res, 403, error(403, 'Forbidden: bot was blocked by the user'));

    const now = Date.now();
    const wait = Math.max(perChat.wait(chatId, now), overall.wait('*', now));
    if (wait > 0) {
      fake.rateLimited++;
      const retryAfter = Math.max(1, Math.ceil(wait / 1000));
      return sendJson(res, 429, error(429, `Too Many Requests: retry after ${retryAfter}`, { retry_after: retryAfter }));
    }
    perChat.record(chatId, now);
    overall.record('*', now);
    const messageId = nextId++;
    fake.sent.push({
      method,
      chatId,
      text: parsed.text,
      parseMode: body.parse_mode as string | undefined,
      replyMarkup: body.reply_markup,
      photo: body.photo instanceof File ? { filename: body.photo.name, bytes: Buffer.from(await body.photo.arrayBuffer()) } : undefined,
      at: now,
      messageId,
    });
    sendJson(res, 200, { ok: true, result: { message_id: messageId, date: Math.floor(now / 1000), chat: { id: Number(chatId), type: 'private' }, ...(method === 'sendMessage' ? { text: parsed.text } : { caption: parsed.text, photo: [{ file_id: `f${randomInt(1e9)}` }] }) } });
  });

  return Object.assign(fake, server, {
    apiUrl: server.url,
    sent: [],
    chats: new Set<string>(),
    blocked: new Set<string>(),
    rateLimited: 0,
    delayMs: 0,
    failNext(count: number, status: number) {
      failures = { count, status };
    },
  });
}

/** The Bot API reads JSON or multipart/form-data (fields as strings, objects as JSON text, files as parts). */
async function bodyOf(contentType: string, raw: string, bytes: Buffer): Promise<Record<string, unknown>> {
  if (!contentType.startsWith('multipart/form-data')) return JSON.parse(raw || '{}');
  const form = await new Response(new Uint8Array(bytes), { headers: { 'content-type': contentType } }).formData();
  const body: Record<string, unknown> = {};
  for (const [key, value] of form) body[key] = key === 'reply_markup' && typeof value === 'string' ? JSON.parse(value) : value;
  return body;
}

/**
 * Bot API reply_markup: ReplyKeyboardMarkup or InlineKeyboardMarkup (arrays of rows of buttons with non-empty text),
 * ReplyKeyboardRemove (`remove_keyboard: true`) or ForceReply (`force_reply: true`).
 */
function validMarkup(markup: unknown): boolean {
  const m = markup as { keyboard?: unknown; inline_keyboard?: unknown; remove_keyboard?: unknown; force_reply?: unknown };
  if (m?.remove_keyboard === true || m?.force_reply === true) return true;
  const rows = m?.keyboard ?? m?.inline_keyboard;
  if (!Array.isArray(rows) || !rows.length) return false;
  return rows.every((row) => Array.isArray(row) && row.length > 0 && row.every((b) => typeof b?.text === 'string' && b.text.length > 0));
}

/**
 * Several owners' bots at one Bot API double (issue 17): `getMe`, `setWebhook` (an HTTPS URL; `secret_token` 1–256 of
 * A-Z a-z 0-9 _ -, as the Bot API requires), `deleteWebhook` and `sendMessage` (plain text) per token; an unknown
 * token is 401. `deliver` posts an update to a bot's webhook with its secret, as Telegram does.
 */
export interface TelegramBotsFake extends FakeServer {
  apiUrl: string;
  /** token → the bot's id and username. */
  bots: Map<string, { id: number; username: string }>;
  /** token → the webhook set (url, secret_token), absent after deleteWebhook. */
  webhooks: Map<string, { url: string; secret: string }>;
  sent: { token: string; chatId: string; text: string }[];
  /** Chats that blocked the bots (sendMessage 403). */
  blocked: Set<string>;
  deliver(token: string, update: unknown, secret?: string): Promise<{ status: number; body: unknown }>;
  /** The origin that reaches the server when its public one (the webhook URL's) does not resolve here. */
  via?: string;
  /** Every Bot API call (token, method, answered status), in order. */
  calls: { token: string; method: string; status: number }[];
  /** The next `count` calls answer this status (500: Telegram down) before the token is even looked at. */
  failNext(count: number, status: number): void;
}

export async function startTelegramBotsFake(): Promise<TelegramBotsFake> {
  const error = (code: number, description: string) => ({ ok: false, error_code: code, description });
  const fake = {} as TelegramBotsFake;
  let failures = { count: 0, status: 500 };
  const server = await startFake((req, raw, res) => {
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
    if (!match) return sendJson(res, 404, error(404, 'Not Found'));
    const [, token, method] = match;
    res.on('finish', () => fake.calls.push({ token: token!, method: method!, status: res.statusCode }));
    if (failures.count > 0) {
      failures.count--;
      return sendJson(res, failures.status, error(failures.status, failures.status >= 500 ? 'Internal Server Error' : 'Bad Request'));
    }
    const bot = fake.bots.get(token!);
    if (!bot) return sendJson(res, 401, error(401, 'Unauthorized'));
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw || '{}');
    } catch {
      return sendJson(res, 400, error(400, 'Bad Request: invalid JSON'));
    }
    if (method === 'getMe') return sendJson(res, 200, { ok: true, result: { id: bot.id, is_bot: true, first_name: bot.username, username: bot.username } });
    if (method === 'setWebhook') {
      if (typeof body.url !== 'string' || !body.url.startsWith('https://')) return sendJson(res, 400, error(400, 'Bad Request: bad webhook: An HTTPS URL must be provided for webhook'));
      if (typeof body.secret_token !== 'string' || !/^[A-Za-z0-9_-]{1,256}$/.test(body.secret_token)) return sendJson(res, 400, error(400, 'Bad Request: secret token contains unallowed characters'));
      fake.webhooks.set(token!, { url: body.url, secret: body.secret_token });
      return sendJson(res, 200, { ok: true, result: true, description: 'Webhook was set' });
    }
    if (method === 'deleteWebhook') {
      fake.webhooks.delete(token!);
      return sendJson(res, 200, { ok: true, result: true, description: 'Webhook was deleted' });
    }
    if (method === 'sendMessage') {
      const chatId = String(body.chat_id ?? '');
      if (!chatId) return sendJson(res, 400, error(400, 'Bad Request: chat_id is empty'));
      if (typeof body.text !== 'string' || !body.text.trim()) return sendJson(res, 400, error(400, 'Bad Request: message text is empty'));
      if (fake.blocked.has(chatId)) return sendJson(res, 403, error(403, 'Forbidden: bot was blocked by the user'));
      fake.sent.push({ token: token!, chatId, text: body.text });
      return sendJson(res, 200, { ok: true, result: { message_id: fake.sent.length, date: Math.floor(Date.now() / 1000), chat: { id: Number(chatId), type: 'private' }, text: body.text } });
    }
    return sendJson(res, 404, error(404, 'Not Found: method not found'));
  });
  return Object.assign(fake, server, {
    apiUrl: server.url,
    bots: new Map(),
    webhooks: new Map(),
    sent: [],
    blocked: new Set<string>(),
    calls: [],
    failNext(count: number, status: number) {
      failures = { count, status };
    },
    async deliver(token: string, update: unknown, secret?: string) {
      const hook = fake.webhooks.get(token)!;
      const url = fake.via ? fake.via + new URL(hook.url).pathname : hook.url;
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': secret ?? hook.secret }, body: JSON.stringify(update) });
      return { status: res.status, body: await res.json().catch(() => undefined) };
    },
  });
}
