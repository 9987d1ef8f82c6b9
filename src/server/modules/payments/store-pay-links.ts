import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Tx } from '../../platform/db/transactions.ts';
import { checkouts, payLinks } from './schema.ts';

// The pay_links table's store (docs/payments.md "Pay links").

export type PayLinkRow = typeof payLinks.$inferSelect;

export async function insertPayLink(db: Tx, values: typeof payLinks.$inferInsert): Promise<PayLinkRow> {
  const [row] = await db.insert(payLinks).values(values).returning();
  return row!;
}

export async function payLinkById(db: Tx, id: string): Promise<PayLinkRow | undefined> {
  const [row] = await db.select().from(payLinks).where(eq(payLinks.id, id));
  return row;
}

/** The owner's links still payable: not paid and not expired at `now`. */
export async function openPayLinksCount(db: Tx, userId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(payLinks)
    .where(and(eq(payLinks.userId, userId), isNull(payLinks.paidCheckoutId), gt(payLinks.expiresAt, now)));
  return row?.n ?? 0;
}

/** Called when a link's checkout is recorded paid: the first paid attempt is the link's. */
export async function markPayLinkPaid(tx: Tx, linkId: string, checkoutId: string): Promise<void> {
  await tx.update(payLinks).set({ paidCheckoutId: checkoutId }).where(and(eq(payLinks.id, linkId), isNull(payLinks.paidCheckoutId)));
}

/** The link's newest attempts, newest first (the page shows the last; pending ones are asked of the provider). */
export async function checkoutsOfPayLink(db: Tx, linkId: string) {
  return db.select().from(checkouts).where(eq(checkouts.payLinkId, linkId)).orderBy(desc(checkouts.createdAt)).limit(5);
}
