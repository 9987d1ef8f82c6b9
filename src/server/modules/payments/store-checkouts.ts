import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, lt, or } from 'drizzle-orm';
import type { Db } from '../../platform/db/open.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import type { ProviderName } from './providers/types.ts';
import { checkouts, paymentEvents } from './schema.ts';

// The checkouts and payment_events tables' one store (docs/payments.md "Checkout", "Notifications").

export type CheckoutRow = typeof checkouts.$inferSelect;
export type NewCheckout = typeof checkouts.$inferInsert;

export async function insertCheckout(db: Tx, values: NewCheckout): Promise<CheckoutRow> {
  const [row] = await db.insert(checkouts).values(values).returning();
  return row!;
}

/** The owner's checkout (another owner's id finds nothing). */
export async function checkoutOf(db: Tx, userId: number, id: string): Promise<CheckoutRow | undefined> {
  const [row] = await db.select().from(checkouts).where(and(eq(checkouts.id, id), eq(checkouts.userId, userId)));
  return row;
}

/** A checkout by its id alone (a provider's event names it; no owner to check against). */
export async function checkoutById(db: Tx, id: string): Promise<CheckoutRow | undefined> {
  const [row] = await db.select().from(checkouts).where(eq(checkouts.id, id));
  return row;
}

/** The checkout locked for the rest of the transaction: its status moves once, whoever gets there first. */
export async function lockCheckout(tx: Tx, id: string): Promise<CheckoutRow | undefined> {
  const [row] = await tx.select().from(checkouts).where(eq(checkouts.id, id)).for('update');
  return row;
}

export async function checkoutByProviderPayment(db: Tx, provider: ProviderName, providerPaymentId: string): Promise<CheckoutRow | undefined> {
  const [row] = await db.select().from(checkouts).where(and(eq(checkouts.provider, provider), eq(checkouts.providerPaymentId, providerPaymentId)));
  return row;
}

export async function updateCheckout(db: Tx, id: string, changes: Partial<NewCheckout>): Promise<CheckoutRow | undefined> {
  const [row] = await db.update(checkouts).set(changes).where(eq(checkouts.id, id)).returning();
  return row;
}

/** Records a notification by its dedupe key; false when it was recorded before (a duplicate: act on nothing). */
export async function recordEvent(tx: Tx, e: typeof paymentEvents.$inferInsert): Promise<boolean> {
  const inserted = await tx.insert(paymentEvents).values(e).onConflictDoNothing().returning({ key: paymentEvents.dedupeKey });
  return inserted.length > 0;
}

/** A pay link's checkouts still waiting for the provider, newest first (a payer may have opened a few). */
export async function pendingCheckoutsOfLink(db: Tx, paymentPublicId: string): Promise<CheckoutRow[]> {
  return db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.paymentPublicId, paymentPublicId), eq(checkouts.status, 'pending')))
    .orderBy(desc(checkouts.createdAt))
    .limit(5);
}

/**
 * Pending checkouts the provider may have settled without telling us (a lost notification, a payer who never came
 * back): opened between `from` and `to`, due for a look (`recheck_at` passed or never set), at most `limit`, oldest
 * first. They are marked `recheck_at = next` in the same transaction, so parallel sweeps take different rows.
 */
export function claimStalePending(db: Db, window: { from: Date; to: Date; now: Date; next: Date }, limit: number): Promise<CheckoutRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(checkouts)
      .where(
        and(
          eq(checkouts.status, 'pending'),
          isNotNull(checkouts.providerPaymentId),
          gt(checkouts.createdAt, window.from),
          lt(checkouts.createdAt, window.to),
          or(isNull(checkouts.recheckAt), lte(checkouts.recheckAt, window.now)),
        ),
      )
      .orderBy(asc(checkouts.createdAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length) await tx.update(checkouts).set({ recheckAt: window.next }).where(inArray(checkouts.id, due.map((c) => c.id)));
    return due;
  });
}
