import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import type { VerifiedEvent } from './providers/types.ts';

// Renewals (docs/payments.md "Renewals"): Stripe's renewal events, applied by the webhook route inside its
// transaction. Being built: answers 'ignored' until then.

/** Applies a verified `renewalPaid`, `renewalFailed` or `subscriptionEnded` event once (the caller dedupes). */
export async function applyRenewalEvent(_ctx: AppContext, _tx: Tx, _event: VerifiedEvent): Promise<'applied' | 'ignored'> {
  return 'ignored';
}
