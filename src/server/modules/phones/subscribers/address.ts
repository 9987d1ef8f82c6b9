import type { ChannelName } from '../../../delivery/channels/channel.ts';
import type { Tx } from '../../../platform/db/transactions.ts';
import { subscriberKey, subscriptionsAmong, type Subscription } from './store.ts';

/** Fixed cancel reasons (the message-log screen translates them by value: src/features/delivery/store.ts). */
export const UNSUBSCRIBED = 'unsubscribed';
export const NOT_SUBSCRIBED_TELEGRAM = 'not subscribed in Telegram';

export interface Destination {
  userId: number;
  channel: ChannelName;
  /** E.164 digits. */
  phone: string;
}

export type Address = { to: string } | { cancel: string };

/**
 * Send-time subscriber rule for one destination: a client who unsubscribed on this channel gets nothing; Telegram
 * needs the chat the client opened with the bot (a bot cannot write first); other channels send to the phone itself.
 */
function addressOf(row: Subscription | undefined, channel: ChannelName, phone: string): Address {
  if (row?.status === 'unsubscribed') return { cancel: UNSUBSCRIBED };
  if (channel !== 'telegram') return { to: phone };
  return row?.chatId ? { to: row.chatId } : { cancel: NOT_SUBSCRIBED_TELEGRAM };
}

/** The subscriber rule for a claimed batch's destinations, in one query; `of(d)` answers for any of them. */
export async function resolveAddresses(tx: Tx, wanted: readonly Destination[]): Promise<(d: Destination) => Address> {
  const rows = await subscriptionsAmong(tx, wanted);
  return (d) => addressOf(rows.get(subscriberKey(d.userId, d.channel, d.phone)), d.channel, d.phone);
}

/**
 * Where the channel delivers claimed messages: the log keeps the phone (`sent_to`), the channel gets the
 * messenger's address. Looked up again at send time (one query per batch, none for a phone channel) so a message
 * taken over after a crash goes to the same chat. Undefined when the subscriber vanished between claim and send.
 */
export async function channelAddresses(db: Tx, channel: ChannelName, wanted: readonly { userId: number; phone: string }[]): Promise<(userId: number, phone: string) => string | undefined> {
  if (channel !== 'telegram') return (_userId, phone) => phone;
  const of = await resolveAddresses(db, wanted.map((w) => ({ ...w, channel })));
  return (userId, phone) => {
    const address = of({ userId, channel, phone });
    return 'to' in address ? address.to : undefined;
  };
}
