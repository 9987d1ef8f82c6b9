import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/transactions.ts';
import { bookingUnlinkedCompanies } from './schema.ts';

// The only code touching booking_unlinked_companies.

export async function rememberUnlinked(db: Tx, userId: number, externalId: string, at: Date): Promise<void> {
  await db.insert(bookingUnlinkedCompanies).values({ userId, externalId, unlinkedAt: at }).onConflictDoUpdate({ target: [bookingUnlinkedCompanies.userId, bookingUnlinkedCompanies.externalId], set: { unlinkedAt: at } });
}

export async function forgetUnlinked(db: Tx, userId: number, externalId: string): Promise<void> {
  await db.delete(bookingUnlinkedCompanies).where(and(eq(bookingUnlinkedCompanies.userId, userId), eq(bookingUnlinkedCompanies.externalId, externalId)));
}

export async function wasUnlinked(db: Tx, userId: number, externalId: string): Promise<boolean> {
  const rows = await db.select({ u: bookingUnlinkedCompanies.userId }).from(bookingUnlinkedCompanies).where(and(eq(bookingUnlinkedCompanies.userId, userId), eq(bookingUnlinkedCompanies.externalId, externalId)));
  return rows.length > 0;
}
