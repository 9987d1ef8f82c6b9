import type { ChannelName } from '../../../delivery/channels/channel.ts';
import type { Db } from '../../../platform/db/open.ts';
import type { Tx } from '../../../platform/db/transactions.ts';
import { messageOwner } from '../../delivery/store.ts';
import { subscriptionOf, telegramChatOf } from './store.ts';

/** Fixed cancel reasons (the message-log screen translates them by value: src/features/delivery/store.ts). */
export const UNSUBSCRIBED = 'unsubscribed';
export const NOT_SUBSCRIBED_TELEGRAM = 'not subscribed in Telegram';

/**
 * Send-time subscriber rule for one destination (E.164 digits): a client who unsubscribed on this channel gets
 * nothing; Telegram needs the chat the client opened with the bot (a bot cannot write first); other channels send
 * to the phone itself.
 */
export async function resolveAddress(tx: Tx, userId: number, channel: ChannelName, phone: string): Promise<{ to: string } | { cancel: string }> {
  const row = await subscriptionOf(tx, userId, channel, phone);
  if (row?.status === 'unsubscribed') return { cancel: UNSUBSCRIBED };
  if (channel !== 'telegram') return { to: phone };
  return row?.chatId ? { to: row.chatId } : { cancel: NOT_SUBSCRIBED_TELEGRAM };
}

/**
 * Where the channel delivers a claimed message: the log keeps the phone (`sent_to`), the channel gets the
 * messenger's address. Looked up again at send time so a message taken over after a crash goes to the same chat.
 * Undefined when the subscriber vanished between the claim and the send.
 */
export async function channelAddress(db: Db, channel: ChannelName, messageId: number, phone: string): Promise<string | undefined> {
  if (channel !== 'telegram') return phone;
  return telegramChatOf(db, messageOwner(messageId), phone);
}
