import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DeliveryEvent } from './channels/channel.ts';
import type { Db } from '../platform/db/open.ts';
import { messages } from './schema.ts';

// The engine's statements on message status: provider events, the PGlite takeover of `sending` rows, the counts.

const LATER: Record<DeliveryEvent['status'], ('sent' | 'delivered' | 'read' | 'replied' | 'sending')[]> = {
  delivered: ['sending', 'sent'],
  read: ['sending', 'sent', 'delivered'],
  replied: ['sending', 'sent', 'delivered', 'read'],
  failed: ['sending', 'sent'],
};

/** Moves the message a provider reported forward (never back: a late "delivered" after "read" changes nothing). */
export async function moveStatusForward(db: Db, event: DeliveryEvent): Promise<boolean> {
  const at = new Date(event.at);
  const time =
    event.status === 'delivered'
      ? { deliveredAt: at }
      : event.status === 'read'
        ? { readAt: at }
        : event.status === 'replied'
          ? { repliedAt: at }
          : { failedAt: at, reason: event.reason ?? 'failed at the provider' };
  const changed = await db
    .update(messages)
    .set({ status: event.status, ...time })
    .where(and(eq(messages.providerMessageId, event.providerMessageId), inArray(messages.status, LATER[event.status])))
    .returning({ id: messages.id });
  return changed.length > 0;
}

/** Ends the lease of every `sending` row now (they belong to a killed process), so the next claim takes them over. */
export async function expireSendingLeases(db: Db, now: number): Promise<void> {
  await db.update(messages).set({ leaseUntil: new Date(now) }).where(eq(messages.status, 'sending'));
}

export const countByStatus = async (db: Db) =>
  db.select({ status: messages.status, n: sql<number>`count(*)::int` }).from(messages).groupBy(messages.status);
