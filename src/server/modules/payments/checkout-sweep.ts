import type { ServerConfig } from '../../platform/config.ts';
import type { Db } from '../../platform/db/open.ts';
import { refreshCheckout } from './checkout.ts';
import type { PaymentsLog } from './record-paid.ts';
import { claimStalePending } from './store-checkouts.ts';

// The checkout sweep (docs/payments.md "Notifications"): a payment the provider settled is recorded even when its
// notification never came and the payer never came back to the result page. Providers retry their notifications
// (YooKassa for a day, Stripe for three), so this is the last net, not the first: it asks about checkouts pending
// for more than a few minutes, each at most every RECHECK_MINUTES, for as long as a provider keeps a payment open.

/** A checkout younger than this is left to the notification and the payer's own return. */
export const SWEEP_AFTER_MINUTES = 5;
export const RECHECK_MINUTES = 10;
/** Older pending checkouts are abandoned: YooKassa cancels an unpaid payment after its confirmation expires. */
export const SWEEP_FOR_DAYS = 3;
const BATCH = 20;
const MINUTE = 60_000;

const consoleLog: PaymentsLog = {
  warn: ((obj: unknown, msg?: string) => console.warn(`payments: ${msg ?? ''}`, obj)) as PaymentsLog['warn'],
  error: ((obj: unknown, msg?: string) => console.error(`payments: ${msg ?? ''}`, obj)) as PaymentsLog['error'],
};

/** One pass; answers how many checkouts it asked about. */
export async function sweepPendingCheckouts(deps: { db: Db; config: ServerConfig }, log: PaymentsLog = consoleLog): Promise<number> {
  const now = deps.config.now();
  const window = { from: new Date(now - SWEEP_FOR_DAYS * 1440 * MINUTE), to: new Date(now - SWEEP_AFTER_MINUTES * MINUTE), now: new Date(now), next: new Date(now + RECHECK_MINUTES * MINUTE) };
  const due = await claimStalePending(deps.db, window, BATCH);
  for (const row of due) {
    // One checkout's surprise must not hold the others: it is asked about again after RECHECK_MINUTES.
    await refreshCheckout(deps, row, log).catch((error: unknown) => log.error({ checkoutId: row.id, error: (error as Error).message }, 'checkout sweep failed'));
  }
  return due.length;
}
