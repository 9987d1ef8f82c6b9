import type { ServerConfig } from '../platform/config.ts';
import type { Tx } from '../platform/db/transactions.ts';
import { businessZone } from '../modules/account/store.ts';
import type { ChannelName } from './channels/channel.ts';

/** What a source (booking records, orders) plans messages with: the clock, the channel, the business's zone. */
export interface EventContext {
  now: number;
  channel: ChannelName;
  timeZone: string;
}

export async function eventContext(ctx: { config: ServerConfig }, tx: Tx, userId: number): Promise<EventContext> {
  return { now: ctx.config.now(), channel: ctx.config.delivery.channel, timeZone: await businessZone(tx, userId) };
}
