import type { Db } from '../../platform/db/open.ts';
import { latestSentTo } from '../delivery/store.ts';
import { chatSubscriptions } from '../phones/subscribers/store.ts';
import { receiveMessage, since, type Received } from './incoming.ts';

/** The server bot's inbox: one bot for every business (docs/channels.md "Telegram inbound"). */
export const TELEGRAM_INBOX = 'telegram';

export interface TelegramIncoming {
  chatId: string;
  messageId: number;
  text: string;
  name: string;
  /** `reply_to_message.message_id`, when the client quoted a message. */
  replyTo?: number;
  at: number;
}

/**
 * A message to the server's bot. The chat may be linked to several businesses; it belongs to the one whose message
 * reached the chat last within the reply window, else to the one linked last. A chat linked to none is ignored.
 */
export async function receiveTelegramMessage(db: Db, m: TelegramIncoming): Promise<Received | 'ignored'> {
  const links = await chatSubscriptions(db, m.chatId);
  if (!links.length) return 'ignored';
  // Sharing the contact gives every row of the chat the same phone (phones/subscribers fillTelegramPhone).
  const phone = links.find((l) => l.phone)?.phone;
  const latest = phone ? await latestSentTo(db, 'telegram', phone, since(m.at), links.filter((l) => l.phone === phone).map((l) => l.userId)) : undefined;
  const link = links.find((l) => l.userId === latest?.userId) ?? links[0]!;
  return receiveMessage(db, {
    userId: link.userId,
    connectionId: null,
    channel: 'telegram',
    inbox: TELEGRAM_INBOX,
    peer: m.chatId,
    phone: link.phone,
    name: m.name || link.name,
    providerMessageId: `${m.chatId}:${m.messageId}`,
    text: m.text,
    // telegram.ts records a send as `<chat id>:<message id>`.
    quoted: m.replyTo === undefined ? [] : [`${m.chatId}:${m.replyTo}`],
    at: m.at,
  });
}
