import { inArray, sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../platform/db/rows.ts';
import type { Db } from '../platform/db/open.ts';
import { OUT_STATUSES, type Tx } from '../platform/db/transactions.ts';
import { messages } from './schema.ts';
import type { MessageRow } from './source.ts';

// The dispatcher's statements on `messages`: claiming due rows, the counts its caps need, writing its decisions,
// and settling each send. Everything a claim writes is one statement per batch, not per message.

const iso = (at: number | Date) => new Date(at).toISOString();

/**
 * Due messages (queued and planned by now, or `sending` with a passed lease), oldest first, locked for this
 * transaction: FOR UPDATE SKIP LOCKED, so several dispatchers never take the same row.
 * Two scans, each bounded by its own partial index (schema.ts) and the limit: one condition with OR read every due
 * row and sorted them (a 20 000-message backlog: 25–55 ms a batch, 0.1 ms now). Up to `limit` more rows may be locked
 * than returned (leases expired beside a full queue); they are released at commit and claimed by a later batch.
 */
export const claimDue = (tx: Tx, now: number, limit: number): Promise<MessageRow[]> => {
  const at = iso(now);
  const locked = sql`(WITH expired AS (SELECT id FROM messages WHERE status = 'sending' AND lease_until <= ${at}::timestamptz
      ORDER BY lease_until LIMIT ${limit} FOR UPDATE SKIP LOCKED),
    due AS (SELECT id FROM messages WHERE status = 'queued' AND planned_at <= ${at}::timestamptz
      ORDER BY planned_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    SELECT id FROM expired UNION ALL SELECT id FROM due)`;
  return tx.select().from(messages).where(inArray(messages.id, locked)).orderBy(messages.plannedAt, messages.id).limit(limit);
};

/** Takes over `sending` rows whose sender died: one more attempt, a new lease (same key, same destination). */
export async function renewLeases(tx: Tx, ids: number[], leaseUntil: number): Promise<void> {
  if (ids.length) await tx.update(messages).set({ attempts: sql`${messages.attempts} + 1`, leaseUntil: new Date(leaseUntil) }).where(inArray(messages.id, ids));
}

/** A cap's count: the owner's messages sent (or sending) since `since`, of one flow when given. */
export interface SentCount {
  key: string;
  user_id: number;
  flow_id: number | null;
  since: string;
}

const OUT_SQL = sql.raw(OUT_STATUSES.map((s) => `'${s}'`).join(', '));

/** The counts the caps need for a whole batch, in one statement, by `key`. */
export async function countsSentSince(tx: Tx, wanted: SentCount[]): Promise<Map<string, number>> {
  if (!wanted.length) return new Map();
  const rows = await rowsOf<{ key: string; n: number }>(
    tx as Db,
    sql`SELECT v.key, (SELECT count(*)::int FROM messages m
          WHERE m.user_id = v.user_id AND (v.flow_id IS NULL OR m.flow_id = v.flow_id) AND m.status IN (${OUT_SQL}) AND m.sent_at >= v.since) AS n
        FROM jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb) AS v(key text, user_id int, flow_id int, since timestamptz)`,
  );
  return new Map(rows.map((r) => [r.key, Number(r.n)]));
}

/** Which (flow, client) pairs the flow already went out to (the first-send flag), in one statement: `flow:client`. */
export async function sentToClientsAmong(tx: Tx, pairs: { flow_id: number; client_id: number }[]): Promise<Set<string>> {
  if (!pairs.length) return new Set();
  const rows = await rowsOf<{ flow_id: number; client_id: number }>(
    tx as Db,
    sql`SELECT DISTINCT v.flow_id, v.client_id FROM jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) AS v(flow_id int, client_id int)
        WHERE EXISTS (SELECT 1 FROM messages m WHERE m.flow_id = v.flow_id AND m.client_id = v.client_id AND m.status IN (${OUT_SQL}))`,
  );
  return new Set(rows.map((r) => `${r.flow_id}:${r.client_id}`));
}

/**
 * Copies of a claimed test-mode message, one per further test number, each with its own key; a key already
 * there (a repeated claim) inserts nothing. The new rows, queued and locked by this transaction.
 */
export async function insertCopies(tx: Tx, copies: { of: MessageRow; key: string; at: number }[]): Promise<MessageRow[]> {
  if (!copies.length) return [];
  return tx
    .insert(messages)
    .values(
      copies.map(({ of: m, key, at }) => ({
        userId: m.userId,
        flowId: m.flowId,
        kind: m.kind,
        recordId: m.recordId,
        orderId: m.orderId,
        clientId: m.clientId,
        recipient: m.recipient,
        channel: m.channel,
        text: m.text,
        idempotencyKey: key,
        plannedAt: new Date(at),
        createdAt: new Date(at),
      })),
    )
    .onConflictDoNothing({ target: messages.idempotencyKey })
    .returning();
}

export interface Mark {
  id: number;
  sent_to: string;
  text: string;
  attempts: number;
  /** The channel it leaves through and the owner's connection, when the engine routes by connection. */
  channel: string;
  connection_id: number | null;
}

/** Marks claimed messages `sending` (destination, final text, attempt, lease) in one statement. */
export async function markSending(tx: Tx, marks: Mark[], at: Date, leaseUntil: Date): Promise<void> {
  if (!marks.length) return;
  await tx.execute(sql`UPDATE messages AS m
    SET status = 'sending', sent_to = v.sent_to, text = v.text, attempts = v.attempts, channel = v.channel, connection_id = v.connection_id,
        sent_at = ${at.toISOString()}::timestamptz, lease_until = ${leaseUntil.toISOString()}::timestamptz
    FROM jsonb_to_recordset(${JSON.stringify(marks)}::jsonb) AS v(id int, sent_to text, text text, attempts int, channel text, connection_id int)
    WHERE m.id = v.id`);
}

/** A claim's decision not to send now: wait (`queued` with a later `planned_at`), or stop (cancelled / failed). */
export interface Held {
  id: number;
  status: 'queued' | 'cancelled' | 'failed';
  reason: string;
  /** For a wait: the new planned moment (ISO). */
  planned_at?: string;
  /** For a wait on a connection (disconnected, paused, its cap or quiet hours): which one; a `waiting:` hold's null = any. */
  connection_id?: number | null;
}

/** Writes the claim's waits and stops in one statement. */
export async function holdMessages(tx: Tx, held: Held[], at: Date): Promise<void> {
  if (!held.length) return;
  await tx.execute(sql`UPDATE messages AS m
    SET status = v.status, reason = v.reason, planned_at = coalesce(v.planned_at, m.planned_at), connection_id = CASE WHEN v.reason LIKE 'waiting:%' THEN v.connection_id ELSE coalesce(v.connection_id, m.connection_id) END,
        failed_at = CASE WHEN v.status = 'queued' THEN m.failed_at ELSE ${at.toISOString()}::timestamptz END
    FROM jsonb_to_recordset(${JSON.stringify(held)}::jsonb) AS v(id int, status text, reason text, planned_at timestamptz, connection_id int)
    WHERE m.id = v.id`);
}

/** A claimed message as this dispatcher holds it: settles apply only while the row is still `sending` at this attempt. */
export interface Settle {
  id: number;
  attempts: number;
}

/**
 * Settles a batch's outcomes of one kind in one statement, each row only if it is still the one claimed (a takeover
 * by another dispatcher, another attempt, makes it a no-op).
 */
async function settleAll(db: Db, rows: object[], columns: string, set: SQL): Promise<void> {
  if (!rows.length) return;
  await db.execute(sql`UPDATE messages AS m SET ${set}
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(id int, attempts int, ${sql.raw(columns)})
    WHERE m.id = v.id AND m.status = 'sending' AND m.attempts = v.attempts`);
}

/** Sent: the provider's id, and what went out when the channel sent something else than the claim stored (`text`). */
export const markSent = (db: Db, rows: (Settle & { provider_message_id: string; text?: string })[]) =>
  settleAll(db, rows, 'provider_message_id text, text text', sql`status = 'sent', provider_message_id = v.provider_message_id, text = coalesce(v.text, m.text), lease_until = NULL, reason = NULL`);

/** Failed for good, with the provider's (or the engine's) reason. */
export const markFailed = (db: Db, rows: (Settle & { reason: string })[], at: number) =>
  settleAll(db, rows, 'reason text', sql`status = 'failed', reason = v.reason, failed_at = ${iso(at)}::timestamptz, lease_until = NULL`);

/** Back to the queue for another attempt at `planned_at` (a retryable failure). */
export const requeue = (db: Db, rows: (Settle & { reason: string; planned_at: string })[]) =>
  settleAll(db, rows, 'reason text, planned_at timestamptz', sql`status = 'queued', planned_at = v.planned_at, reason = v.reason, sent_at = NULL, lease_until = NULL`);

/** Gives claimed but unsent messages back for `planned_at`: no attempt is spent (the provider asked to wait). */
export const release = (db: Db, rows: (Settle & { planned_at: string })[]) =>
  settleAll(db, rows, 'planned_at timestamptz', sql`status = 'queued', attempts = m.attempts - 1, planned_at = v.planned_at, sent_at = NULL, lease_until = NULL`);

/** Sends (or sendings) of each connection since its owner's local midnight, for the numbers' daily caps: `connection id → n`. */
export async function countsByConnection(tx: Tx, wanted: { connection_id: number; since: string }[]): Promise<Map<number, number>> {
  if (!wanted.length) return new Map();
  const rows = await rowsOf<{ connection_id: number; n: number }>(
    tx as Db,
    sql`SELECT v.connection_id, (SELECT count(*)::int FROM messages m
          WHERE m.connection_id = v.connection_id AND m.status IN (${OUT_SQL}) AND m.sent_at >= v.since) AS n
        FROM jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb) AS v(connection_id int, since timestamptz)`,
  );
  return new Map(rows.map((r) => [Number(r.connection_id), Number(r.n)]));
}

/**
 * Back to the queue without spending the attempt, with a reason and for a connection: a number the gateway says is
 * down (waits for it), or a client not on WhatsApp (the next kind of the fallback order takes it at once).
 */
export const reroute = (db: Db, rows: (Settle & { reason: string; planned_at: string; connection_id: number | null })[]) =>
  settleAll(
    db,
    rows,
    'reason text, planned_at timestamptz, connection_id int',
    sql`status = 'queued', attempts = m.attempts - 1, reason = v.reason, planned_at = v.planned_at, connection_id = v.connection_id, sent_at = NULL, lease_until = NULL`,
  );

/** A number's sends since `since` (the account screen's "sent today"). */
export async function sentTodayThrough(db: Db, connectionId: number, since: number): Promise<number> {
  return (await countsByConnection(db, [{ connection_id: connectionId, since: new Date(since).toISOString() }])).get(connectionId) ?? 0;
}
