import { and, eq, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../platform/db/transactions.ts';
import { subscriptions } from './schema.ts';

// Account deletion's side of the subscriptions table (docs/payments.md "Subscriptions and a deleted account"); the
// subscriptions' main store is store-subscriptions.ts.

/**
 * In the deletion's transaction: every subscription of the owner is cancelled with auto-pay off and its saved method
 * forgotten. Answers the Stripe subscriptions to stop once the transaction has committed.
 */
export async function detachSubscriptionsOf(tx: Tx, userId: number): Promise<string[]> {
  const atStripe = await tx
    .select({ id: subscriptions.providerSubscriptionId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.provider, 'stripe'), eq(subscriptions.cancelled, false), isNotNull(subscriptions.providerSubscriptionId)));
  await tx
    .update(subscriptions)
    .set({ cancelled: true, autoPay: false, nextChargeAt: null, savedMethodSealed: null, savedMethodKeyId: null, savedMethodTitle: null })
    .where(eq(subscriptions.userId, userId));
  return atStripe.flatMap((r) => (r.id ? [r.id] : []));
}
