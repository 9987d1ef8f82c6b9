import { and, eq, inArray } from 'drizzle-orm';
import type { DeliveryEvent } from './channels/channel.ts';
import type { Db } from '../platform/db/open.ts';
import { messages } from './schema.ts';

const LATER: Record<DeliveryEvent['status'], ('sent' | 'delivered' | 'read' | 'replied' | 'sending')[]> = {
  delivered: ['sending', 'sent'],
  read: ['sending', 'sent', 'delivered'],
  replied: ['sending', 'sent', 'delivered', 'read'],
  failed: ['sending', 'sent'],
};

/**
 * A provider's status report (webhook, polling, or the sandbox played by a test). Statuses only move forward
 * (a late "delivered" after "read" changes nothing); returns whether a message changed.
 */
export async function applyDeliveryEvent(db: Db, event: DeliveryEvent): Promise<boolean> {
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
