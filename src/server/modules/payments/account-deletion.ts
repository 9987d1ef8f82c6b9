import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../../platform/config.ts';
import { isConfigured, paymentProvider } from './providers/index.ts';

// Account deletion (docs/payments.md "Subscriptions and a deleted account"): nothing is charged again, the saved
// payment method is forgotten (store-detach.ts, in the deletion's transaction), and Stripe is told to stop the
// subscriptions it renews itself (here, after the commit).

export { detachSubscriptionsOf } from './store-detach.ts';

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
