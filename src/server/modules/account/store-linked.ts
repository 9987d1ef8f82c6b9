import { and, count, eq, like } from 'drizzle-orm';
import type { Tx } from '../../platform/db/transactions.ts';
import { linkedAccounts, users } from './schema.ts';

// Linked (connected) accounts of the account module (§3 "User accounts bundle"): the only code that touches
// linked_accounts besides store.ts's `linkedAccountsOf`.

export type LinkedAccountRow = typeof linkedAccounts.$inferSelect;
export type LinkedAccountKind = LinkedAccountRow['kind'];

export async function addLinkedAccount(db: Tx, values: typeof linkedAccounts.$inferInsert): Promise<void> {
  await db.insert(linkedAccounts).values(values);
}

export async function addLinkedAccounts(db: Tx, values: (typeof linkedAccounts.$inferInsert)[]): Promise<void> {
  if (values.length) await db.insert(linkedAccounts).values(values);
}

/** Every connected account of the user, oldest first. */
export async function allLinkedAccountsOf(db: Tx, userId: number): Promise<LinkedAccountRow[]> {
  return db.select().from(linkedAccounts).where(eq(linkedAccounts.userId, userId)).orderBy(linkedAccounts.id);
}

/** How many connected accounts of each kind the user has. */
export async function linkedAccountCounts(db: Tx, userId: number): Promise<{ kind: LinkedAccountKind; n: number }[]> {
  return db.select({ kind: linkedAccounts.kind, n: count() }).from(linkedAccounts).where(eq(linkedAccounts.userId, userId)).groupBy(linkedAccounts.kind);
}

/** The external ids (`source:id`) of the user's accounts of one kind that start with `source:` (company ties). */
export async function linkedExternalIds(db: Tx, userId: number, kind: LinkedAccountKind, source: string): Promise<(string | null)[]> {
  const rows = await db
    .select({ externalId: linkedAccounts.externalId })
    .from(linkedAccounts)
    .where(and(eq(linkedAccounts.userId, userId), eq(linkedAccounts.kind, kind), like(linkedAccounts.externalId, `${source}:%`)));
  return rows.map((r) => r.externalId);
}

/** A connected YCLIENTS company by id with its owner's email. */
export async function companyWithOwner(db: Tx, id: number): Promise<{ a: LinkedAccountRow; email: string } | undefined> {
  const [row] = await db
    .select({ a: linkedAccounts, email: users.email })
    .from(linkedAccounts)
    .innerJoin(users, eq(users.id, linkedAccounts.userId))
    .where(and(eq(linkedAccounts.id, id), eq(linkedAccounts.kind, 'yclientsCompany')));
  return row;
}
