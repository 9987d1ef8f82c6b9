import { and, count, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/open.ts';
import { rowsOf } from '../../platform/db/rows.ts';
import { phoneOf } from '../../platform/http/field-error.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import { bookingClients } from './schema.ts';

// The businesses' clients (booking_clients): one row per business and phone, written by every source (booking
// records, orders) and read by subscribers and the delivery engine.

/** Phone digits as channels and the blacklist use them (E.164 without the plus); 400 names the field. */
export const phoneDigits = (value: string, field = 'phone'): string => phoneOf(value, field).slice(1);

export async function upsertClient(tx: Tx, userId: number, input: { phone: string; name?: string; birthday?: string }, now: number) {
  const [client] = await tx
    .insert(bookingClients)
    .values({ userId, phone: input.phone, name: input.name ?? '', birthday: input.birthday ?? null, createdAt: new Date(now) })
    .onConflictDoUpdate({
      target: [bookingClients.userId, bookingClients.phone],
      set: {
        name: input.name ? input.name : sql`${bookingClients.name}`,
        birthday: input.birthday ? input.birthday : sql`${bookingClients.birthday}`,
      },
    })
    .returning();
  return client!;
}

/** The business's client with that phone, if any (conversations tie a writer to a client; docs/conversations.md). */
export async function clientIdOf(tx: Tx, userId: number, phone: string): Promise<number | undefined> {
  const [row] = await tx.select({ id: bookingClients.id }).from(bookingClients).where(and(eq(bookingClients.userId, userId), eq(bookingClients.phone, phone)));
  return row?.id;
}

export type ClientRow = typeof bookingClients.$inferSelect;

export async function clientById(tx: Tx, id: number): Promise<ClientRow | undefined> {
  const [client] = await tx.select().from(bookingClients).where(eq(bookingClients.id, id));
  return client;
}

export async function clientsByIds(tx: Tx, ids: number[]): Promise<ClientRow[]> {
  return tx.select().from(bookingClients).where(inArray(bookingClients.id, ids));
}

/** A completed visit or order: one more visit, the spend added, the last visit moved forward (never back). */
export async function recordVisit(tx: Tx, clientId: number, spend: number, at: Date): Promise<void> {
  await tx
    .update(bookingClients)
    .set({
      visitCount: sql`${bookingClients.visitCount} + 1`,
      spend: sql`${bookingClients.spend} + ${spend}`,
      lastVisitAt: sql`greatest(${bookingClients.lastVisitAt}, ${at.toISOString()}::timestamptz)`,
    })
    .where(eq(bookingClients.id, clientId));
}

/** Clients of the business first seen in [from, to) (reports' `{newClientsCount}`). */
export async function newClientsBetween(tx: Tx, userId: number, from: number, to: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(bookingClients)
    .where(and(eq(bookingClients.userId, userId), gte(bookingClients.createdAt, new Date(from)), lt(bookingClients.createdAt, new Date(to))));
  return Number(row?.n ?? 0);
}

// The planners' statements (clients/periodic.ts, booking/periodic.ts).

const iso = (ms: number) => new Date(ms).toISOString();

/** The client's phone as a scalar subquery, for another module's statement about the client. */
export const clientPhone = (clientId: SQL): SQL => sql`(SELECT c.phone FROM booking_clients c WHERE c.id = ${clientId})`;

/** The owner's clients born on this month and day. */
export async function clientsBornOn(db: Db, userId: number, month: number, day: number): Promise<{ client_id: number; phone: string }[]> {
  return rowsOf(
    db,
    sql`SELECT id AS client_id, phone FROM booking_clients
        WHERE user_id = ${userId} AND extract(month FROM birthday) = ${month} AND extract(day FROM birthday) = ${day}`,
  );
}

/**
 * The owner's clients whose last visit lies in [from, to] and for whom none of `cameBack(client, lastVisit)` holds,
 * each with what `sent(client, lastVisit)` counts of a flow's messages since that visit (n, and the last one's time).
 */
export async function lastVisitedBetween(
  db: Db,
  userId: number,
  from: number,
  to: number,
  cameBack: SQL[],
  sent: (clientId: SQL, since: SQL) => { count: SQL; last: SQL },
): Promise<{ client_id: number; phone: string; last_visit: string; n?: number; last_sent?: string }[]> {
  const notSince = cameBack.length ? sql.join(cameBack.map((exists) => sql`AND NOT ${exists}`), sql` `) : sql``;
  const since = sent(sql`c.id`, sql`c.last_visit_at`);
  return rowsOf(
    db,
    sql`SELECT c.id AS client_id, c.phone, c.last_visit_at AS last_visit, ${since.count} AS n, ${since.last} AS last_sent
        FROM booking_clients c
        WHERE c.user_id = ${userId}
          AND c.last_visit_at BETWEEN ${iso(from)}::timestamptz AND ${iso(to)}::timestamptz
          ${notSince}`,
  );
}

/** Account deletion: the business's clients go (after the records and orders that name them). */
export async function deleteOwnerData(tx: Tx, userId: number): Promise<void> {
  await tx.delete(bookingClients).where(eq(bookingClients.userId, userId));
}

/** Many clients in one statement (the demo account's regeneration, modules/demo); ids in the rows' order. */
export async function insertClients(tx: Tx, rows: (typeof bookingClients.$inferInsert)[]): Promise<number[]> {
  if (!rows.length) return [];
  return (await tx.insert(bookingClients).values(rows).returning({ id: bookingClients.id })).map((r) => r.id);
}

/** A range filter (§5): [from, to), or -1..-1 for any. */
export interface ClientRange {
  from: number;
  to: number;
}

const DAY_MS = 86_400_000;
const anyRange = (r: ClientRange | undefined) => !r || (r.from === -1 && r.to === -1);

/**
 * The business's clients through the client-base filters (a distribution's audience, docs/distributions.md): visit
 * count and spend in [from, to), days since the last visit in [from, to) (a client never seen is left out then).
 * `SELECT id, phone, name` for another module's set-based statement.
 */
export function clientsThroughFiltersSql(userId: number, f: { visitCount?: ClientRange; spend?: ClientRange; lastVisitDays?: ClientRange }, nowMs: number): SQL {
  const where: SQL[] = [sql`c.user_id = ${userId}`];
  if (!anyRange(f.visitCount)) where.push(sql`c.visit_count >= ${f.visitCount!.from} AND c.visit_count < ${f.visitCount!.to}`);
  if (!anyRange(f.spend)) where.push(sql`c.spend >= ${f.spend!.from} AND c.spend < ${f.spend!.to}`);
  if (!anyRange(f.lastVisitDays)) {
    // `from` days ago or earlier, and less than `to` days ago.
    where.push(sql`c.last_visit_at <= ${iso(nowMs - f.lastVisitDays!.from * DAY_MS)}::timestamptz AND c.last_visit_at > ${iso(nowMs - f.lastVisitDays!.to * DAY_MS)}::timestamptz`);
  }
  return sql`SELECT c.id, c.phone, nullif(c.name, '') AS name FROM booking_clients c WHERE ${sql.join(where, sql` AND `)}`;
}

/** The business's client with the phone `phone` (E.164 digits) as a scalar subquery, null when none. */
export const clientIdByPhoneSql = (userId: number, phone: SQL): SQL => sql`(SELECT c.id FROM booking_clients c WHERE c.user_id = ${userId} AND c.phone = ${phone})`;
