import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { ServerConfig } from '../../platform/config.ts';
import type { Db } from '../../platform/db/open.ts';
import { applyTelegramUpdate, type UpdateResult } from '../phones/subscribers/telegram-webhook.ts';
import type { Sealed } from './sealed.ts';
import { setState } from './store.ts';
import { setOwnershipCode } from './store-secrets.ts';
import { botApi } from './telegram-bot-api.ts';

// The owner's Telegram bot (docs/connections.md "Telegram"): ownership proven by a 6-digit code the bot sends after
// /start; afterwards its updates are the subscribers' (the server bot's receiver, answered through this bot).

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_ATTEMPTS = 5;

export const codeHash = (connectionId: number, code: string) => createHash('sha256').update(`${connectionId}:${code}`).digest();

export const sameHash = (hex: string, hash: Buffer) => {
  const stored = Buffer.from(hex, 'hex');
  return stored.length === hash.length && timingSafeEqual(stored, hash);
};

const CODE_TEXT = {
  en: 'Your code to connect this bot in the cabinet: {code}. It is valid for 10 minutes. If you did not ask for it, ignore this message.',
  ru: 'Ваш код для подключения этого бота в кабинете: {code}. Он действует 10 минут. Если вы его не запрашивали, не обращайте внимания.',
  uk: 'Ваш код для підключення цього бота в кабінеті: {code}. Він дійсний 10 хвилин. Якщо ви його не запитували, не зважайте.',
  pt: 'Seu código para conectar este bot no painel: {code}. Ele vale por 10 minutos. Se você não pediu, ignore esta mensagem.',
} as const;

const START = /^\/start(?:@\w+)?(?:\s+[\w-]{1,64})?$/;

interface TgMessage {
  chat?: { id?: unknown; type?: unknown };
  from?: { language_code?: unknown };
  text?: unknown;
}

/** One update of an owner's bot (its webhook secret already checked). */
export async function applyBotUpdate(db: Db, config: ServerConfig, bot: Sealed<'telegram'>, update: unknown): Promise<UpdateResult> {
  const { connection, credentials } = bot;
  if (connection.state === 'Connected') {
    // The subscribers' dialogue as on the server's bot, answered by this one.
    return applyTelegramUpdate(db, { ...config, telegramBot: { ...config.telegramBot, token: credentials.token } }, update, connection.userId);
  }
  const message = (update as { message?: TgMessage } | null)?.message;
  const chatId = message?.chat?.id;
  if (message?.chat?.type !== 'private' || typeof chatId !== 'number' || !Number.isSafeInteger(chatId)) return 'ignored';
  if (typeof message.text !== 'string' || !START.test(message.text.trim())) return 'ignored';
  // Whoever holds the bot's chat gets the code; the owner proves it is them by typing it in the cabinet.
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const at = new Date(config.now());
  await setOwnershipCode(db, connection.id, { hash: codeHash(connection.id, code).toString('hex'), expiresAt: new Date(at.getTime() + CODE_TTL_MS), chatId: String(chatId) }, at);
  const lang = typeof message.from?.language_code === 'string' ? message.from.language_code.slice(0, 2) : '';
  const text = (CODE_TEXT[lang as keyof typeof CODE_TEXT] ?? CODE_TEXT.en).replace('{code}', code);
  const sent = await botApi(config).send(credentials.token, String(chatId), text);
  if (!sent) await setOwnershipCode(db, connection.id, null, at);
  await setState(db, connection.id, { state: 'init', lastError: sent ? null : 'codeNotSent' }, at);
  return 'applied';
}
