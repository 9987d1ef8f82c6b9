import { and, count, eq, gte, inArray, notLike, sql, type SQL } from 'drizzle-orm';
import type { FlowKind } from '../../shared/flows/index.ts';
import type { ChannelName } from './channels/channel.ts';
import type { Db } from '../platform/db/open.ts';
import { clientById } from '../modules/clients/store.ts';
import { messages } from './schema.ts';
import type { Tx } from '../platform/db/transactions.ts';
import type { Flow, SubjectColumn } from './source.ts';

// The engine's writes of planned messages (plan.ts re-exports them for the sources' planners).

export interface PlannedMessage {
  flow: Flow;
  key: string;
  at: number;
}

/** The subject a planned message is about: its owner, its client and the source's own column (record, order…). */
export type MessageSubject = { userId: number; clientId: number } & Partial<Record<Exclude<SubjectColumn, 'clientId'>, number>>;

/** Writes planned messages for one subject to the outbox; a key already there (a repeat) inserts nothing. */
export async function insertPlanned(tx: Tx, planned: PlannedMessage[], about: MessageSubject, now: number, channel: ChannelName): Promise<number> {
  if (!planned.length) return 0;
  const client = await clientById(tx, about.clientId);
  const inserted = await tx
    .insert(messages)
    .values(
      planned.map((p) => ({
        ...about,
        flowId: p.flow.id,
        kind: p.flow.type,
        recipient: client!.phone,
        channel,
        idempotencyKey: p.key,
        plannedAt: new Date(p.at),
        createdAt: new Date(now),
      })),
    )
    .onConflictDoNothing({ target: messages.idempotencyKey })
    .returning({ id: messages.id });
  return inserted.length;
}

/** Cancels the still queued messages of one subject (of some kinds only, when given) with a fixed reason. */
export async function withdrawQueued(tx: Tx, column: Exclude<SubjectColumn, 'clientId'>, id: number, reason: string, now: number, kinds?: FlowKind[]): Promise<void> {
  await tx
    .update(messages)
    .set({ status: 'cancelled', reason, failedAt: new Date(now) })
    .where(and(eq(messages[column], id), eq(messages.status, 'queued'), kinds ? inArray(messages.kind, kinds) : undefined));
}

export interface PeriodicItem {
  key: string;
  recipient: string;
  clientId?: number;
  text?: string;
}

/** Writes a periodic flow's messages (due after the flow's delay) in chunks; repeated keys insert nothing. */
export async function insertPeriodic(db: Db, flow: Flow, now: number, channel: ChannelName, items: PeriodicItem[]): Promise<number> {
  let n = 0;
  for (let i = 0; i < items.length; i += 1000) {
    const chunk = items.slice(i, i + 1000);
    const done = await db
      .insert(messages)
      .values(
        chunk.map((it) => ({
          userId: flow.userId,
          flowId: flow.id,
          kind: flow.type,
          clientId: it.clientId ?? null,
          recipient: it.recipient,
          channel,
          text: it.text ?? '',
          idempotencyKey: it.key,
          plannedAt: new Date(now + flow.settings.delayMinutes * 60_000),
          createdAt: new Date(now),
        })),
      )
      .onConflictDoNothing({ target: messages.idempotencyKey })
      .returning({ id: messages.id });
    n += done.length;
  }
  return n;
}

/** Of these flows, those with a message still to send (queued or sending). */
export async function flowsWithPending(db: Db, flowIds: number[]): Promise<Set<number>> {
  if (!flowIds.length) return new Set();
  const rows = await db
    .selectDistinct({ flowId: messages.flowId })
    .from(messages)
    .where(and(inArray(messages.flowId, flowIds), inArray(messages.status, ['queued', 'sending'])));
  return new Set(rows.map((r) => r.flowId!));
}

// A distribution's messages (docs/distributions.md "Planning and caps", "Lifecycle and statuses"): the distributions
// module plans, withdraws and counts them through these, inside its own transactions.

/** Writes one message as given (a distribution's test run: its key is new, test_runs having grown). */
export async function insertMessage(tx: Tx, values: typeof messages.$inferInsert): Promise<void> {
  await tx.insert(messages).values(values);
}

/** Deletes the still queued messages of these flows of one kind (a `sending` one is the dispatcher's); what went. */
export async function deleteQueuedOf(tx: Tx, flowIds: number[], kind: FlowKind) {
  return tx
    .delete(messages)
    .where(and(inArray(messages.flowId, flowIds), eq(messages.kind, kind), eq(messages.status, 'queued')))
    .returning({ id: messages.id, userId: messages.userId, key: messages.idempotencyKey });
}

/** A distribution's combat messages created since `since` (its day's allotment used; test runs are not counted). */
export async function distributionPlannedSince(tx: Tx, flowId: number, since: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.flowId, flowId), eq(messages.kind, 'distribution'), gte(messages.createdAt, sql`${since}`), notLike(messages.idempotencyKey, `dist:${flowId}:test:%`)));
  return Number(row?.n ?? 0);
}

/**
 * The INSERT of a distribution's picked recipients, as a CTE body for the distributions store's one planning
 * statement: `picked` (id, phone, client_id) is the caller's CTE; a key that exists inserts nothing.
 */
export const insertPickedSql = (p: { userId: number; flowId: number; channel: string; at: string }): SQL =>
  sql`INSERT INTO messages (user_id, flow_id, kind, client_id, recipient, channel, idempotency_key, planned_at, created_at, distribution_recipient_id)
    SELECT ${p.userId}, ${p.flowId}, 'distribution', client_id, phone, ${p.channel}, 'dist:' || ${p.flowId}::int || ':' || phone, ${p.at}, ${p.at}, id
    FROM picked ORDER BY id
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id, distribution_recipient_id`;

/** The id of the message with this key (an SQL expression), as a scalar subquery. */
export const messageIdByKeySql = (key: SQL): SQL => sql`(SELECT m.id FROM messages m WHERE m.idempotency_key = ${key})`;
