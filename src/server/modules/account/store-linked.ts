import { and, count, desc, eq, like, notInArray, sql } from 'drizzle-orm';
import type { components } from '../../../api/schema.d.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import { linkedAccounts, users } from './schema.ts';

// Linked (connected) accounts of the account module (§3 "User accounts bundle"): the only code that touches
// linked_accounts besides store.ts's `linkedAccountsOf`.

export type LinkedAccountRow = typeof linkedAccounts.$inferSelect;
export type LinkedAccountKind = LinkedAccountRow['kind'];
type InstanceState = components['schemas']['InstanceState'];

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

// WhatsApp instances (kind chatApi) report their state into their data; the admin health screens read it.
export const INSTANCE_STATES = ['init', 'GotQrCode', 'NotAuthorized', 'Connected', 'Authorized', 'loading', 'error'];
/** The state an instance last reported (stored in its data); anything else counts as never reported. */
export const instanceStateOf = (data: Record<string, unknown>): InstanceState =>
  INSTANCE_STATES.includes(data.state as string) ? (data.state as InstanceState) : null;
const stateSql = sql<string | null>`${linkedAccounts.data}->>'state'`;

/** The user's WhatsApp instances with the state each last reported. */
export async function instancesOf(db: Tx, userId: number) {
  const rows = await db.select().from(linkedAccounts).where(and(eq(linkedAccounts.userId, userId), eq(linkedAccounts.kind, 'chatApi'))).orderBy(linkedAccounts.id);
  return rows.map((r) => ({ id: r.id, phone: r.name, state: instanceStateOf(r.data) }));
}

/**
 * One page of every customer's instances, newest first, with the owner's email; `state` filters by the reported
 * state ('unknown' = none of INSTANCE_STATES). `byState` counts all instances per reported state (raw values).
 */
export async function instancesPage(db: Tx, q: { state?: string; page: number; pageSize: number }) {
  const kind = eq(linkedAccounts.kind, 'chatApi');
  const where =
    q.state === undefined ? kind : q.state === 'unknown' ? and(kind, notInArray(sql`coalesce(${stateSql}, '')`, INSTANCE_STATES)) : and(kind, sql`${stateSql} = ${q.state}`);
  const [[totalRow], rows, states] = await Promise.all([
    db.select({ n: count() }).from(linkedAccounts).where(where),
    db
      .select({ a: linkedAccounts, email: users.email })
      .from(linkedAccounts)
      .innerJoin(users, eq(users.id, linkedAccounts.userId))
      .where(where)
      .orderBy(desc(linkedAccounts.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ state: stateSql, n: count() }).from(linkedAccounts).where(kind).groupBy(stateSql),
  ]);
  return { total: Number(totalRow?.n ?? 0), rows, states };
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
