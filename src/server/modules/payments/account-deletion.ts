import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../../platform/config.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import { isConfigured, paymentProvider } from './providers/index.ts';
import { subscriptions } from './schema.ts';

// Account deletion (docs/payments.md "Subscriptions and a deleted account"): nothing is charged again, the saved
// payment method is forgotten, and Stripe is told to stop the subscriptions it renews itself.

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

/** After the commit: Stripe ends each subscription with its paid period. Never throws; failures are logged by id. */
export async function stopStripeRenewals(config: ServerConfig, ids: readonly string[], log: FastifyBaseLogger): Promise<void> {
  if (!ids.length) return;
  const stripe = paymentProvider(config, 'stripe');
  if (!isConfigured(stripe)) {
    log.error({ subscriptions: ids }, 'Stripe not configured: subscriptions of a deleted account not stopped');
    return;
  }
  await Promise.all(
    ids.map(async (id) => {
      const r = await stripe.stopRenewals({ subscriptionId: id, idempotencyKey: `account-deleted-${id}` }).catch((error: unknown) => ({ ok: false as const, error }));
      if (!r.ok) log.error({ subscription: id, failure: r }, 'Stripe subscription of a deleted account not stopped');
    }),
  );
}
