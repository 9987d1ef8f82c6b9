import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { rowsOf } from '../../../platform/db/rows.ts';
import type { Db } from '../../../platform/db/open.ts';
import type { Tx } from '../../../platform/db/transactions.ts';
import { connections, type ConnectionState } from '../schema.ts';
import { connectionSending, sendingSettings, type FallbackKind, type PauseReason } from './schema.ts';

// The only code touching connection_sending and sending_settings; the delivery engine reads and writes them through
// these functions (docs/connections.md "Sending and pacing").

/** A connection as the engine sees it when it routes a message: state, session and its sending health. */
export interface Sender {
  id: number;
  userId: number;
  kind: (typeof connections.$inferSelect)['kind'];
  state: (typeof connections.$inferSelect)['state'];
  session: string | null;
  pausedAt: Date | null;
  pauseReason: PauseReason | null;
  warmupStartedAt: Date | null;
}

const senderColumns = {
  id: connections.id,
  userId: connections.userId,
  kind: connections.kind,
  state: connections.state,
  session: connections.session,
  pausedAt: connectionSending.pausedAt,
  pauseReason: connectionSending.pauseReason,
  warmupStartedAt: connectionSending.warmupStartedAt,
};

/** Every connection of these owners with its sending health, oldest first (one query per claimed batch). */
export async function sendersOf(tx: Tx, userIds: number[]): Promise<Sender[]> {
  if (!userIds.length) return [];
  return tx
    .select(senderColumns)
    .from(connections)
    .leftJoin(connectionSending, eq(connectionSending.connectionId, connections.id))
    .where(inArray(connections.userId, userIds))
    .orderBy(asc(connections.id));
}

/** One connection's sending health (the account screen, the resume answer). */
export async function senderOf(db: Tx, userId: number, id: number): Promise<Sender | undefined> {
  const [row] = await db
    .select(senderColumns)
    .from(connections)
    .leftJoin(connectionSending, eq(connectionSending.connectionId, connections.id))
    .where(and(eq(connections.id, id), eq(connections.userId, userId)));
  return row;
}

/** A connection can send now: linked (Connected, or the spec's synonym Authorized), with a session, not paused. */
const usable = and(eq(connections.kind, 'whatsapp'), inArray(connections.state, ['Connected', 'Authorized']), isNotNull(connections.session), isNull(connectionSending.pausedAt));

/** The usable WhatsApp numbers of these owners (the tick releases messages waiting for them). */
export async function usableWhatsAppOf(db: Tx, userIds: number[]): Promise<{ id: number; userId: number }[]> {
  if (!userIds.length) return [];
  return db
    .select({ id: connections.id, userId: connections.userId })
    .from(connections)
    .leftJoin(connectionSending, eq(connectionSending.connectionId, connections.id))
    .where(and(inArray(connections.userId, userIds), usable));
}

/** Home's warning: WhatsApp numbers that lost their link (NotAuthorized, error) or that the engine paused. */
export async function troubledWhatsAppOf(db: Tx, userId: number): Promise<{ disconnected: number; paused: number }> {
  const [row] = await db
    .select({
      disconnected: sql<number>`count(*) FILTER (WHERE ${connections.state} IN ('NotAuthorized', 'error'))::int`,
      paused: sql<number>`count(*) FILTER (WHERE ${connectionSending.pausedAt} IS NOT NULL)::int`,
    })
    .from(connections)
    .leftJoin(connectionSending, eq(connectionSending.connectionId, connections.id))
    .where(and(eq(connections.userId, userId), eq(connections.kind, 'whatsapp')));
  return { disconnected: Number(row?.disconnected ?? 0), paused: Number(row?.paused ?? 0) };
}

/**
 * The header bell's warning (docs/connections.md "Screens"): the owner's WhatsApp numbers that are not linked (a known
 * state other than Connected/Authorized; a never-reported state, null, is not known to be down) and those the engine
 * paused.
 */
export async function whatsAppAlertOf(db: Tx, userId: number): Promise<{ notLinked: number; paused: number }> {
  const [row] = await db
    .select({
      notLinked: sql<number>`count(*) FILTER (WHERE ${connections.state} NOT IN ('Connected', 'Authorized'))::int`,
      paused: sql<number>`count(*) FILTER (WHERE ${connectionSending.pausedAt} IS NOT NULL)::int`,
    })
    .from(connections)
    .leftJoin(connectionSending, eq(connectionSending.connectionId, connections.id))
    .where(and(eq(connections.userId, userId), eq(connections.kind, 'whatsapp')));
  return { notLinked: Number(row?.notLinked ?? 0), paused: Number(row?.paused ?? 0) };
}

/** Starts the warm-up of numbers sending for the first time (a number that already has a start keeps it). */
export async function startWarmups(tx: Tx, ids: number[], at: Date): Promise<void> {
  if (!ids.length) return;
  await tx
    .insert(connectionSending)
    .values(ids.map((connectionId) => ({ connectionId, warmupStartedAt: at })))
    .onConflictDoUpdate({ target: connectionSending.connectionId, set: { warmupStartedAt: sql`coalesce(${connectionSending.warmupStartedAt}, excluded.warmup_started_at)` } });
}

/** Outcomes of one connection's sends since the last record: a success resets the run of failures first. */
export interface SendOutcomes {
  connection_id: number;
  /** A success came back: the run restarts from the failures after it. */
  reset: boolean;
  failures: number;
  /** The provider's words for a ban: pauses at once. */
  blocked: string | null;
}

/**
 * Records outcomes and pauses a number on a block signal or when its run of failures reaches `streakLimit`, in one
 * statement; answers the ids paused by it.
 */
export async function recordSendOutcomes(db: Db, rows: SendOutcomes[], at: Date, streakLimit: number): Promise<number[]> {
  if (!rows.length) return [];
  const paused = await rowsOf<{ connection_id: number; now_paused: boolean }>(
    db,
    sql`
    WITH v AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(connection_id int, reset boolean, failures int, blocked text)),
    next AS (
      SELECT v.connection_id, v.blocked, CASE WHEN v.reset THEN v.failures ELSE coalesce(s.failure_streak, 0) + v.failures END AS streak, s.paused_at
      FROM v LEFT JOIN connection_sending s ON s.connection_id = v.connection_id)
    INSERT INTO connection_sending AS s (connection_id, failure_streak, paused_at, pause_reason, pause_detail)
    SELECT connection_id, streak,
      CASE WHEN paused_at IS NULL AND (blocked IS NOT NULL OR streak >= ${streakLimit}) THEN ${at.toISOString()}::timestamptz END,
      CASE WHEN paused_at IS NULL AND blocked IS NOT NULL THEN 'blocked' WHEN paused_at IS NULL AND streak >= ${streakLimit} THEN 'failureSpike' END,
      CASE WHEN paused_at IS NULL THEN blocked END
    FROM next
    ON CONFLICT (connection_id) DO UPDATE SET failure_streak = excluded.failure_streak,
      paused_at = coalesce(s.paused_at, excluded.paused_at),
      pause_reason = CASE WHEN s.paused_at IS NULL THEN excluded.pause_reason ELSE s.pause_reason END,
      pause_detail = CASE WHEN s.paused_at IS NULL THEN excluded.pause_detail ELSE s.pause_detail END
    RETURNING connection_id, (paused_at = ${at.toISOString()}::timestamptz) AS now_paused`,
  );
  return paused.filter((r) => r.now_paused).map((r) => Number(r.connection_id));
}

/** The owner resumes a paused number: the pause and the run of failures are cleared. */
export async function resumeSending(db: Tx, connectionId: number, at: Date): Promise<void> {
  await db
    .insert(connectionSending)
    .values({ connectionId, failureStreak: 0, resumedAt: at })
    .onConflictDoUpdate({ target: connectionSending.connectionId, set: { pausedAt: null, pauseReason: null, pauseDetail: null, failureStreak: 0, resumedAt: at } });
}

/** When the number was last resumed and whether it is paused now (the STOP-spike rule). */
export async function pauseStateOf(db: Tx, connectionId: number): Promise<{ pausedAt: Date | null; resumedAt: Date | null }> {
  const [row] = await db.select({ pausedAt: connectionSending.pausedAt, resumedAt: connectionSending.resumedAt }).from(connectionSending).where(eq(connectionSending.connectionId, connectionId));
  return row ?? { pausedAt: null, resumedAt: null };
}

/** Pauses a number that is sending (a paused one keeps its first reason); true when this call paused it. */
export async function pauseSending(db: Tx, connectionId: number, reason: PauseReason, detail: string, at: Date): Promise<boolean> {
  const rows = await db
    .insert(connectionSending)
    .values({ connectionId, pausedAt: at, pauseReason: reason, pauseDetail: detail })
    .onConflictDoUpdate({ target: connectionSending.connectionId, set: { pausedAt: at, pauseReason: reason, pauseDetail: detail }, setWhere: isNull(connectionSending.pausedAt) })
    .returning({ id: connectionSending.connectionId });
  return rows.length > 0;
}

/** The pause's detail (the provider's words) for the account screen. */
export async function pauseDetailOf(db: Tx, connectionId: number): Promise<string | null> {
  const [row] = await db.select({ detail: connectionSending.pauseDetail }).from(connectionSending).where(eq(connectionSending.connectionId, connectionId));
  return row?.detail ?? null;
}

export const DEFAULT_FALLBACK: readonly FallbackKind[] = ['whatsapp'];

/** The owners' fallback orders (the default for an owner without a setting). */
export async function fallbackOrdersOf(tx: Tx, userIds: number[]): Promise<Map<number, readonly FallbackKind[]>> {
  const rows = userIds.length ? await tx.select().from(sendingSettings).where(inArray(sendingSettings.userId, userIds)) : [];
  const out = new Map<number, readonly FallbackKind[]>(userIds.map((id) => [id, DEFAULT_FALLBACK]));
  for (const r of rows) out.set(r.userId, r.fallbackOrder);
  return out;
}

export async function setFallbackOrder(db: Tx, userId: number, order: FallbackKind[], at: Date): Promise<void> {
  await db
    .insert(sendingSettings)
    .values({ userId, fallbackOrder: order, updatedAt: at })
    .onConflictDoUpdate({ target: sendingSettings.userId, set: { fallbackOrder: order, updatedAt: at } });
}

/**
 * The gateway refused a send because the session is not working: a number we believed linked shows its real state
 * (as a live read would), so messages wait for it instead of being released to it again.
 */
export async function demoteConnected(db: Tx, id: number, state: ConnectionState, at: Date): Promise<void> {
  await db
    .update(connections)
    .set({ state, stateChangedAt: at })
    .where(and(eq(connections.id, id), inArray(connections.state, ['Connected', 'Authorized'])));
}
