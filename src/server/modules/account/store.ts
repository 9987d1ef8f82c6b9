import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/transactions.ts';
import { linkedAccounts, users } from './schema.ts';

// The account module's store: the code outside src/server/modules/account that needs a user calls these instead of
// querying the users table.

export type UserRow = typeof users.$inferSelect;

export async function findUser(db: Tx, id: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

/** The business's IANA zone: sending hours, report days and visit dates are read in it (docs/delivery.md). */
export async function businessZone(db: Tx, userId: number): Promise<string> {
  const [row] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId));
  return row?.timeZone ?? 'Europe/Moscow';
}

export async function setBusinessZone(db: Tx, userId: number, timeZone: string): Promise<void> {
  await db.update(users).set({ timeZone }).where(eq(users.id, userId));
}

/** Locks the owner's row for the rest of the transaction (serialises first-time set-up such as company ties). */
export async function lockUser(tx: Tx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** The connected accounts of one kind (§3 "User accounts bundle"), oldest first. */
export async function linkedAccountsOf(db: Tx, userId: number, kind: (typeof linkedAccounts.$inferSelect)['kind']) {
  return db.select().from(linkedAccounts).where(and(eq(linkedAccounts.userId, userId), eq(linkedAccounts.kind, kind))).orderBy(linkedAccounts.id);
}
