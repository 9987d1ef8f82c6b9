import { and, count, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/transactions.ts';
import { connectionCodeRequests, connectionQrLinks, connections, type ConnectionState } from './schema.ts';

// The only code touching the connections tables (docs/architecture.md "Data ownership"). Other modules read through
// the functions below: the admin health screens (`instancesOf`, `instancesPage`, `whatsAppNumbersOf`), account
// deletion and the demo seed.

export type ConnectionRow = typeof connections.$inferSelect;
export type ConnectionKind = ConnectionRow['kind'];

export async function addConnection(db: Tx, values: { userId: number; kind: ConnectionKind; name: string; state?: ConnectionState | null; at: Date }): Promise<ConnectionRow> {
  const [row] = await db
    .insert(connections)
    .values({ userId: values.userId, kind: values.kind, name: values.name, state: values.state === undefined ? 'init' : values.state, stateChangedAt: values.at, createdAt: values.at })
    .returning();
  return row!;
}

/** The owner's connections of one kind, oldest first. */
export async function connectionsOf(db: Tx, userId: number, kind: ConnectionKind): Promise<ConnectionRow[]> {
  return db.select().from(connections).where(and(eq(connections.userId, userId), eq(connections.kind, kind))).orderBy(connections.id);
}

/** The owner's first Connected Telegram bot (its `@username`), which the subscribe link names (phones/subscribers). */
export async function firstConnectedBotOf(db: Tx, userId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ name: connections.name })
    .from(connections)
    .where(and(eq(connections.userId, userId), eq(connections.kind, 'telegram'), eq(connections.state, 'Connected')))
    .orderBy(connections.id)
    .limit(1);
  return row?.name;
}

export async function countConnectionsOf(db: Tx, userId: number, kind: ConnectionKind): Promise<number> {
  const [row] = await db.select({ n: count() }).from(connections).where(and(eq(connections.userId, userId), eq(connections.kind, kind)));
  return Number(row?.n ?? 0);
}

/** One connection of the owner; another owner's id reads as missing. */
export async function connectionOf(db: Tx, userId: number, id: number): Promise<ConnectionRow | undefined> {
  const [row] = await db.select().from(connections).where(and(eq(connections.id, id), eq(connections.userId, userId)));
  return row;
}

export async function connectionBySession(db: Tx, session: string): Promise<ConnectionRow | undefined> {
  const [row] = await db.select().from(connections).where(eq(connections.session, session));
  return row;
}

/** Names the gateway session of a connection that has none yet (new ones, and instances moved over). */
export async function setSession(db: Tx, id: number, session: string): Promise<void> {
  await db.update(connections).set({ session }).where(and(eq(connections.id, id), isNull(connections.session)));
}

/**
 * Records a state; `state_changed_at` moves only when the state does (the QR's 2-minute wait counts from it).
 * Returns the row as stored.
 */
export async function setState(db: Tx, id: number, change: { state: ConnectionState; lastError?: string | null; phone?: string | null }, at: Date): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .update(connections)
    .set({
      state: change.state,
      stateChangedAt: sql`CASE WHEN ${connections.state} IS DISTINCT FROM ${change.state} THEN ${at.toISOString()}::timestamptz ELSE ${connections.stateChangedAt} END`,
      ...(change.lastError !== undefined ? { lastError: change.lastError } : {}),
      ...(change.phone !== undefined ? { phone: change.phone } : {}),
    })
    .where(eq(connections.id, id))
    .returning();
  return row;
}

export async function deleteConnection(db: Tx, id: number): Promise<void> {
  await db.delete(connections).where(eq(connections.id, id));
}

/** Account deletion: the owner's connections go (links and code requests with them). */
export async function deleteConnectionsOf(db: Tx, userId: number): Promise<void> {
  await db.delete(connections).where(eq(connections.userId, userId));
}

// QR sharing links: the token's SHA-256 only.
export async function addQrLink(db: Tx, connectionId: number, tokenHash: string, expiresAt: Date, at: Date): Promise<void> {
  await db.insert(connectionQrLinks).values({ connectionId, tokenHash, expiresAt, createdAt: at });
}

export async function qrLinkByHash(db: Tx, tokenHash: string): Promise<{ expiresAt: Date; connection: ConnectionRow } | undefined> {
  const [row] = await db
    .select({ expiresAt: connectionQrLinks.expiresAt, connection: connections })
    .from(connectionQrLinks)
    .innerJoin(connections, eq(connections.id, connectionQrLinks.connectionId))
    .where(eq(connectionQrLinks.tokenHash, tokenHash));
  return row;
}

// Pairing-code requests (3 a day per connection).
export async function codeRequestsSince(db: Tx, connectionId: number, since: Date): Promise<Date[]> {
  const rows = await db
    .select({ at: connectionCodeRequests.requestedAt })
    .from(connectionCodeRequests)
    .where(and(eq(connectionCodeRequests.connectionId, connectionId), gte(connectionCodeRequests.requestedAt, since)))
    .orderBy(connectionCodeRequests.requestedAt);
  return rows.map((r) => r.at);
}

export async function addCodeRequest(db: Tx, connectionId: number, at: Date): Promise<number> {
  const [row] = await db.insert(connectionCodeRequests).values({ connectionId, requestedAt: at }).returning({ id: connectionCodeRequests.id });
  return row!.id;
}

/** Gives back a reserved attempt the gateway did not turn into a code. */
export async function removeCodeRequest(db: Tx, id: number): Promise<void> {
  await db.delete(connectionCodeRequests).where(eq(connectionCodeRequests.id, id));
}

// Readers of the admin health screens (docs/admin.md): WhatsApp numbers are the spec's "instances".
const whatsapp = eq(connections.kind, 'whatsapp');

/** The owner's WhatsApp numbers with their last known state. */
export async function instancesOf(db: Tx, userId: number) {
  const rows = await connectionsOf(db, userId, 'whatsapp');
  return rows.map((r) => ({ id: r.id, phone: r.name, state: r.state }));
}

/** One page of every customer's WhatsApp numbers, newest first; counts per state (null = never reported). */
export async function instancesPage(db: Tx, q: { state?: ConnectionState | 'unknown'; page: number; pageSize: number }) {
  const where = q.state === undefined ? whatsapp : q.state === 'unknown' ? and(whatsapp, isNull(connections.state)) : and(whatsapp, eq(connections.state, q.state));
  const [[totalRow], rows, states] = await Promise.all([
    db.select({ n: count() }).from(connections).where(where),
    db
      .select()
      .from(connections)
      .where(where)
      .orderBy(desc(connections.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ state: connections.state, n: count() }).from(connections).where(whatsapp).groupBy(connections.state),
  ]);
  return { total: Number(totalRow?.n ?? 0), rows, states };
}

/** Which of these kinds the owner has a connection of (the bundle's systems: account/bundle.ts). */
export async function connectedKindsOf(db: Tx, userId: number, kinds: ConnectionKind[]): Promise<ConnectionKind[]> {
  const rows = await db.selectDistinct({ kind: connections.kind }).from(connections).where(and(eq(connections.userId, userId), inArray(connections.kind, kinds)));
  return rows.map((r) => r.kind);
}
