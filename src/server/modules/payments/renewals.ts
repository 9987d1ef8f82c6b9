import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import { HttpError } from '../../platform/http/problem.ts';
import type { VerifiedEvent } from './providers/types.ts';
import { renewalFailedMail } from './renewal-mails.ts';
import { ownerOf, tell } from './renewal-owner.ts';
import { recordPaidPeriod } from './renewal-period.ts';
import { checkoutById } from './store-checkouts.ts';
import { changeSubscription, lockSubscription, subscriptionByProviderId } from './store-subscriptions.ts';

// Renewals Stripe makes itself (docs/subscriptions.md "Renewals"): the webhook route applies its events here, inside
// its transaction, once per event (it dedupes them first). YooKassa's renewals are our job's (renewal-job.ts).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An event for a subscription we have not recorded. Its metadata names the checkout that opened it (the session's
 * `subscription_data.metadata`): while that checkout of ours is still pending, the subscription appears once the
 * checkout is recorded, so the event is refused (503, nothing written) and Stripe delivers it again later. Without
 * such a checkout it can never be ours (another product on the same Stripe account): recorded as ignored.
 */
async function unknownSubscription(tx: Tx, event: VerifiedEvent): Promise<'ignored'> {
  const checkoutId = event.metadata.checkoutId;
  const opening = checkoutId && UUID.test(checkoutId) ? await checkoutById(tx, checkoutId) : undefined;
  if (opening?.provider === 'stripe' && opening.status === 'pending') throw new HttpError(503, 'subscriptionNotYetKnown');
  return 'ignored';
}

/** Applies a verified `renewalPaid`, `renewalFailed` or `subscriptionEnded` event once (the caller dedupes). */
export async function applyRenewalEvent(ctx: AppContext, tx: Tx, event: VerifiedEvent): Promise<'applied' | 'ignored'> {
  if (!event.subscriptionId) return 'ignored';
  const ref = await subscriptionByProviderId(tx, 'stripe', event.subscriptionId);
  if (!ref) return unknownSubscription(tx, event);
  // Locked: a renewal and the owner's cancel touching the row at once apply one after the other.
  const sub = await lockSubscription(tx, ref.id);
  const at = new Date(ctx.config.now());
  switch (event.kind) {
    case 'renewalPaid': {
      const amountMinor = event.amount?.amount ?? sub!.amount;
      await recordPaidPeriod(tx, sub!, { amountMinor, providerPaymentId: event.providerPaymentId, at });
      return 'applied';
    }
    case 'renewalFailed': {
      const reason = event.reason ?? 'payment failed';
      await changeSubscription(tx, sub!.id, { failedAttempts: sub!.failedAttempts + 1, lastChargeError: reason });
      // Stripe retries on its own schedule (Smart Retries) and ends the subscription when it gives up.
      const owner = await ownerOf(tx, ctx.config, sub!.userId, sub!.brand);
      // Sent after the route's transaction: on PGlite the outbox write waits for it.
      void tell(ctx.mailer, owner && renewalFailedMail(owner, event.amount?.amount ?? sub!.amount, sub!.currency, reason, 'providerRetries'));
      return 'applied';
    }
    case 'subscriptionEnded':
      await changeSubscription(tx, sub!.id, { autoPay: false, nextChargeAt: null });
      return 'applied';
    default:
      return 'ignored';
  }
}
