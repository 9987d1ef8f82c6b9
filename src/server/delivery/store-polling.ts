import { and, asc, eq, gt, gte, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '../platform/db/open.ts';
import type { ChannelName } from './channels/channel.ts';
import { messages } from './schema.ts';

// Messages whose status a provider gives only when asked (Sigma SMS: docs/connections.md "Sigma SMS").

export interface AwaitingStatus {
  id: number;
  connectionId: number;
  providerMessageId: string;
}

/**
 * The next `limit` messages the channel sent between `since` and `until` through a connection that no status has
 * settled yet (still `sent`), after message `afterId` in id order: the poller walks them round-robin, so each is asked
 * about once per round however many wait.
 */
export async function sentAwaitingStatus(db: Db, q: { channel: ChannelName; since: Date; until: Date; afterId: number; limit: number }): Promise<AwaitingStatus[]> {
  const rows = await db
    .select({ id: messages.id, connectionId: messages.connectionId, providerMessageId: messages.providerMessageId })
    .from(messages)
    .where(
      and(
        eq(messages.status, 'sent'),
        eq(messages.channel, q.channel),
        gt(messages.id, q.afterId),
        gte(messages.sentAt, q.since),
        lte(messages.sentAt, q.until),
        isNotNull(messages.connectionId),
        isNotNull(messages.providerMessageId),
      ),
    )
    .orderBy(asc(messages.id))
    .limit(q.limit);
  return rows as AwaitingStatus[];
}
