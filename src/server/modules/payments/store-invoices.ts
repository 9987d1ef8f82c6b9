import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/transactions.ts';
import { invoices } from './schema.ts';

// The invoices table's one store (docs/subscriptions.md "Invoices").

export type NewInvoice = Omit<typeof invoices.$inferInsert, 'id' | 'number'>;

/** Stores the invoice and gives it its number, `<year>-<six-digit id>` (the year of `createdAt`, UTC). */
export function issueInvoice(db: Tx, values: NewInvoice): Promise<typeof invoices.$inferSelect & { number: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(invoices).values(values).returning();
    const number = `${values.createdAt.getUTCFullYear()}-${String(row!.id).padStart(6, '0')}`;
    await tx.update(invoices).set({ number }).where(eq(invoices.id, row!.id));
    return { ...row!, number };
  });
}

/** Withdraws an invoice that never reached its recipient. */
export async function withdrawInvoice(db: Tx, id: number): Promise<void> {
  await db.delete(invoices).where(eq(invoices.id, id));
}
