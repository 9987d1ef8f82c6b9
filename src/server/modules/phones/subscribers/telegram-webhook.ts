import type { ServerConfig } from '../../../platform/config.ts';
import type { Db } from '../../../platform/db/open.ts';
import { isStopWord, mediaPlaceholder, receiveTelegramMessage } from '../../conversations/index.ts';
import { phoneDigits } from '../index.ts';
import { botLanguage, say } from './bot.ts';
import { userOfStartToken } from './link.ts';
import { fillTelegramPhone as fillPhone, subscribeTelegramChat, unsubscribeTelegramChat as unsubscribeChat } from './store.ts';

// Bot API objects as far as the cabinet reads them (core.telegram.org/bots/api#update). Everything is checked
// field by field: an update of another shape is ignored, never an error (Telegram resends non-2xx answers).
interface TgUser {
  id?: unknown;
  first_name?: unknown;
  last_name?: unknown;
  language_code?: unknown;
}
interface TgMessage {
  message_id?: unknown;
  from?: TgUser;
  chat?: { id?: unknown; type?: unknown };
  text?: unknown;
  caption?: unknown;
  photo?: unknown;
  video?: unknown;
  voice?: unknown;
  audio?: unknown;
  document?: unknown;
  contact?: { phone_number?: unknown; user_id?: unknown };
  reply_to_message?: { message_id?: unknown };
}
interface TgUpdate {
  message?: TgMessage;
  my_chat_member?: { chat?: { id?: unknown; type?: unknown }; new_chat_member?: { status?: unknown } };
}

export type UpdateResult = 'applied' | 'ignored';

const int = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const text = (v: unknown) => (typeof v === 'string' ? v : '');
const START = /^\/start(?:@\w+)?(?:\s+([\w-]{1,64}))?$/;
const STOP = /^\/stop(?:@\w+)?$/i; // the command; the words are conversations' STOP list

/**
 * One update from the server's bot, or from an owner's bot (`ownerId`: its owner). `now` is the server clock; `bot`
 * its settings (for the service answers).
 */
export async function applyTelegramUpdate(db: Db, config: Pick<ServerConfig, 'jwtSecret' | 'telegramBot' | 'now'>, update: unknown, ownerId?: number): Promise<UpdateResult> {
  if (!update || typeof update !== 'object') return 'ignored';
  const { message, my_chat_member: member } = update as TgUpdate;
  const at = new Date(config.now());

  if (member) {
    // The client blocked the bot (status "kicked" in their private chat): stop writing there.
    if (member.chat?.type !== 'private' || !int(member.chat.id) || member.new_chat_member?.status !== 'kicked') return 'ignored';
    return (await unsubscribeChat(db, String(member.chat.id), at)) ? 'applied' : 'ignored';
  }
  if (!message || message.chat?.type !== 'private' || !int(message.chat.id) || !int(message.from?.id)) return 'ignored';
  const chatId = String(message.chat.id);
  const language = botLanguage(message.from.language_code);
  const body = text(message.text).trim();

  const start = START.exec(body);
  if (start) {
    const userId = start[1] ? await userOfStartToken(db, config.jwtSecret, start[1]) : undefined;
    if (userId === undefined) return 'ignored'; // a plain /start or a forged token links nothing
    if (ownerId !== undefined && userId !== ownerId) {
      // Another business's link opened in this owner's bot: linking would hand that business a chat it cannot write to.
      await say(config.telegramBot, chatId, 'otherBusiness', language);
      return 'ignored';
    }
    const name = [text(message.from.first_name), text(message.from.last_name)].filter(Boolean).join(' ').slice(0, 100);
    const row = await subscribeTelegramChat(db, userId, chatId, name, at);
    await say(config.telegramBot, chatId, row?.phone ? 'linked' : 'askContact', language, !row?.phone);
    return 'applied';
  }

  if (STOP.test(body) || isStopWord(body)) {
    await unsubscribeChat(db, chatId, at);
    await say(config.telegramBot, chatId, 'stopped', language);
    await toConversation(db, message, chatId, at);
    return 'applied';
  }

  if (message.contact) {
    // Only the client's own card counts: a forwarded contact of somebody else is no consent of theirs.
    const own = int(message.contact.user_id) && message.contact.user_id === message.from.id;
    const digits = own ? phoneDigits(text(message.contact.phone_number)) : undefined;
    if (!digits) {
      await say(config.telegramBot, chatId, 'foreignContact', language, true);
      return 'ignored';
    }
    const filled = await fillPhone(db, chatId, digits, at);
    if (filled) await say(config.telegramBot, chatId, 'linked', language);
    return filled ? 'applied' : 'ignored';
  }

  // Anything else the client writes goes to the business's conversation, which marks our message replied.
  return (await toConversation(db, message, chatId, at)) === 'applied' ? 'applied' : 'ignored';
}

/** Hands a message to conversations (modules/conversations/telegram.ts); media as a placeholder with its caption. */
function toConversation(db: Db, message: TgMessage, chatId: string, at: Date) {
  const media = message.photo ? mediaPlaceholder('image/') : message.video ? mediaPlaceholder('video/') : message.voice || message.audio ? mediaPlaceholder('audio/') : message.document ? mediaPlaceholder(undefined) : '';
  const said = [media, text(message.text) || text(message.caption)].filter(Boolean).join(' ');
  if (!said || !int(message.message_id)) return 'ignored';
  const name = [text(message.from?.first_name), text(message.from?.last_name)].filter(Boolean).join(' ').slice(0, 100);
  const replyTo = message.reply_to_message && int(message.reply_to_message.message_id) ? message.reply_to_message.message_id : undefined;
  return receiveTelegramMessage(db, { chatId, messageId: message.message_id, text: said, name, replyTo, at: at.getTime() });
}
