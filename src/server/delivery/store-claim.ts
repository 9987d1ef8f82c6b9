import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
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
 */
export const claimDue = (tx: Tx, now: number, limit: number): Promise<MessageRow[]> =>
  tx
    .select()
    .from(messages)
    .where(
      or(
        and(eq(messages.status, 'queued'), lte(messages.plannedAt, new Date(now))),
        and(eq(messages.status, 'sending'), lte(messages.leaseUntil, new Date(now))),
      ),
    )
    .orderBy(messages.plannedAt, messages.id)
    .limit(limit)
    .for('update', { skipLocked: true });

/** Takes over `sending` rows whose sender died: one more attempt, a new lease (same key, same destination). */
export async function renewLeases(tx: Tx, ids: number[], leaseUntil: number): Promise<void> {
  if (ids.length) await tx.update(messages).set({ attempts: sql`${messages.attempts} + 1`, leaseUntil: new Date(leaseUntil) }).where(inArray(messages.id, ids));
}

/** Messages the owner sent (or is sending) since `since`, of one flow when given: the caps count these. */
export async function countSentSince(tx: Tx, userId: number, since: number, flowId?: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(
      and(
        eq(messages.userId, userId),
        inArray(messages.status, [...OUT_STATUSES]),
        sql`${messages.sentAt} >= ${iso(since)}::timestamptz`,
        flowId === undefined ? undefined : eq(messages.flowId, flowId),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Whether the flow already went out to this client (the first-send flag). */
export async function sentToClientBefore(tx: Tx, flowId: number, clientId: number): Promise<boolean> {
  const [earlier] = await tx
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.flowId, flowId), eq(messages.clientId, clientId), inArray(messages.status, [...OUT_STATUSES])))
    .limit(1);
  return earlier !== undefined;
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
}

/** Marks claimed messages `sending` (destination, final text, attempt, lease) in one statement. */
export async function markSending(tx: Tx, marks: Mark[], at: Date, leaseUntil: Date): Promise<void> {
  if (!marks.length) return;
  await tx.execute(sql`UPDATE messages AS m
    SET status = 'sending', sent_to = v.sent_to, text = v.text, attempts = v.attempts,
        sent_at = ${at.toISOString()}::timestamptz, lease_until = ${leaseUntil.toISOString()}::timestamptz
    FROM jsonb_to_recordset(${JSON.stringify(marks)}::jsonb) AS v(id int, sent_to text, text text, attempts int)
    WHERE m.id = v.id`);
}

/** A claim's decision not to send now: wait (`queued` with a later `planned_at`), or stop (cancelled / failed). */
export interface Held {
  id: number;
  status: 'queued' | 'cancelled' | 'failed';
  reason: string;
  /** For a wait: the new planned moment (ISO). */
  planned_at?: string;
}

/** Writes the claim's waits and stops in one statement. */
export async function holdMessages(tx: Tx, held: Held[], at: Date): Promise<void> {
  if (!held.length) return;
  await tx.execute(sql`UPDATE messages AS m
    SET status = v.status, reason = v.reason, planned_at = coalesce(v.planned_at, m.planned_at),
        failed_at = CASE WHEN v.status = 'queued' THEN m.failed_at ELSE ${at.toISOString()}::timestamptz END
    FROM jsonb_to_recordset(${JSON.stringify(held)}::jsonb) AS v(id int, status text, reason text, planned_at timestamptz)
    WHERE m.id = v.id`);
}

/** The row as this dispatcher claimed it: a takeover by another dispatcher (other attempt) makes every settle a no-op. */
const claimedBy = (c: { id: number; attempts: number }) => and(eq(messages.id, c.id), eq(messages.status, 'sending'), eq(messages.attempts, c.attempts));

export async function markSent(db: Db, c: { id: number; attempts: number }, providerMessageId: string): Promise<void> {
  await db.update(messages).set({ status: 'sent', providerMessageId, leaseUntil: null, reason: null }).where(claimedBy(c));
}

export async function markFailed(db: Db, c: { id: number; attempts: number }, reason: string, at: number): Promise<void> {
  await db.update(messages).set({ status: 'failed', reason, failedAt: new Date(at), leaseUntil: null }).where(claimedBy(c));
}

/** Back to the queue for another attempt at `at` (a retryable failure). */
export async function requeue(db: Db, c: { id: number; attempts: number }, reason: string, at: number): Promise<void> {
  await db.update(messages).set({ status: 'queued', plannedAt: new Date(at), reason, sentAt: null, leaseUntil: null }).where(claimedBy(c));
}

/** Gives a claimed but unsent message back for `at`: no attempt is spent (the provider asked to wait). */
export async function release(db: Db, c: { id: number; attempts: number }, at: number): Promise<void> {
  await db.update(messages).set({ status: 'queued', attempts: c.attempts - 1, plannedAt: new Date(at), sentAt: null, leaseUntil: null }).where(claimedBy(c));
}
