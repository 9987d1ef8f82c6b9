import { and, eq, inArray } from 'drizzle-orm';
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

/** The user's guid (signed into public links and webhook URLs); undefined when the account is gone. */
export async function userGuid(db: Tx, userId: number): Promise<string | undefined> {
  const [user] = await db.select({ guid: users.guid }).from(users).where(eq(users.id, userId));
  return user?.guid;
}

export async function userIdByGuid(db: Tx, guid: string): Promise<number | undefined> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.guid, guid));
  return user?.id;
}

/** What the monthly message allowance is computed from (delivery/allowance.ts). */
export async function allowanceFacts(db: Tx, userId: number): Promise<{ adminCount: number; explicit: number | null } | undefined> {
  const [u] = await db.select({ adminCount: users.availableMessagesCount, explicit: users.monthlyMessageLimit }).from(users).where(eq(users.id, userId));
  return u;
}

/**
 * The senders of a batch, their rows locked for the rest of the dispatcher's transaction (in id order, so two
 * dispatchers never deadlock): caps and the allowance are counted and spent under this lock.
 */
export async function lockSenders(tx: Tx, ids: number[]) {
  return tx
    .select({ id: users.id, timeZone: users.timeZone, phone: users.phone, adminCount: users.availableMessagesCount, explicit: users.monthlyMessageLimit })
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(users.id)
    .for('update');
}
