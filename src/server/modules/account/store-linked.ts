import { and, count, eq, like, sql } from 'drizzle-orm';
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

// Booking-system companies (issue 19; docs/booking-systems.md): `yclientsCompany` rows keyed `<system>:<company id>`.

/** The owner's companies of one booking system, oldest first. */
export async function bookingCompaniesOf(db: Tx, userId: number, system: string): Promise<LinkedAccountRow[]> {
  return db
    .select()
    .from(linkedAccounts)
    .where(and(eq(linkedAccounts.userId, userId), eq(linkedAccounts.kind, 'yclientsCompany'), like(linkedAccounts.externalId, `${system}:%`)))
    .orderBy(linkedAccounts.id);
}

/** Every owner's row of that company (`<system>:<id>`). */
export async function companyRowsByKey(db: Tx, externalId: string): Promise<LinkedAccountRow[]> {
  return db.select().from(linkedAccounts).where(and(eq(linkedAccounts.kind, 'yclientsCompany'), eq(linkedAccounts.externalId, externalId)));
}

export async function linkedAccountById(db: Tx, id: number): Promise<LinkedAccountRow | undefined> {
  const [row] = await db.select().from(linkedAccounts).where(eq(linkedAccounts.id, id));
  return row;
}

/** Merges `patch` into the row's JSON `data` (top-level keys) in one statement; changes name/connection when given. */
export async function mergeLinkedData(db: Tx, id: number, patch: Record<string, unknown>, set: { name?: string; connectionId?: number | null } = {}): Promise<LinkedAccountRow | undefined> {
  const [row] = await db
    .update(linkedAccounts)
    .set({ data: sql`${linkedAccounts.data} || ${JSON.stringify(patch)}::jsonb`, ...set })
    .where(eq(linkedAccounts.id, id))
    .returning();
  return row;
}

/**
 * Sets `data.sync` to `sync` unless a pull started after `staleBefore` (ms) is still running: one pull per company at
 * a time, in one statement. True when this call claimed it.
 */
export async function claimSync(db: Tx, id: number, sync: Record<string, unknown>, staleBefore: number): Promise<boolean> {
  const rows = await db
    .update(linkedAccounts)
    .set({ data: sql`jsonb_set(${linkedAccounts.data}, '{sync}', ${JSON.stringify(sync)}::jsonb)` })
    .where(
      and(
        eq(linkedAccounts.id, id),
        sql`(coalesce(${linkedAccounts.data}->'sync'->>'state', 'never') <> 'running' OR coalesce((${linkedAccounts.data}->'sync'->>'startedAt')::bigint, 0) < ${staleBefore})`,
      ),
    )
    .returning({ id: linkedAccounts.id });
  return rows.length > 0;
}

/** The company's `data.sync` replaced, only while it is the pull started at `startedAt` (a newer pull wins). */
export async function setSync(db: Tx, id: number, startedAt: number, sync: Record<string, unknown>): Promise<void> {
  await db
    .update(linkedAccounts)
    .set({ data: sql`jsonb_set(${linkedAccounts.data}, '{sync}', ${JSON.stringify(sync)}::jsonb)` })
    .where(and(eq(linkedAccounts.id, id), sql`(${linkedAccounts.data}->'sync'->>'startedAt')::bigint = ${startedAt}`));
}

export async function deleteLinkedAccount(db: Tx, id: number): Promise<void> {
  await db.delete(linkedAccounts).where(eq(linkedAccounts.id, id));
}

/** Stamps the owner's company row (`external_id` = key) with `patch` merged into `data`; false when there is none. */
export async function stampLinkedByKey(db: Tx, userId: number, kind: LinkedAccountKind, externalId: string, patch: Record<string, unknown>): Promise<boolean> {
  const rows = await db
    .update(linkedAccounts)
    .set({ data: sql`${linkedAccounts.data} || ${JSON.stringify(patch)}::jsonb` })
    .where(and(eq(linkedAccounts.userId, userId), eq(linkedAccounts.kind, kind), eq(linkedAccounts.externalId, externalId)))
    .returning({ id: linkedAccounts.id });
  return rows.length > 0;
}

/** Serialises links of one company (`<system>:<id>`) across owners until the transaction ends. */
export async function lockCompanyKey(db: Tx, externalId: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`company:${externalId}`}))`);
}
