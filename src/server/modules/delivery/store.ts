import { and, count, desc, eq, getTableColumns, gte, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { ChannelName } from '../../delivery/channels/channel.ts';
import { messages } from '../../delivery/schema.ts';
import type { Db } from '../../platform/db/open.ts';
import { pageTotal, rowsOf, totalOf, windowTotal } from '../../platform/db/rows.ts';
import { OUT_STATUSES, singleWriter, type Tx } from '../../platform/db/transactions.ts';
import { flowsByIds } from '../flows/store-due.ts';

// The messages table seen from outside the engine (src/server/delivery keeps its own statements): the message log,
// conversion, sandbox and provider status events, and the pieces other modules' planners and rules put into their
// statements (SQL fragments, so a planner stays one statement).

export type MessageRecord = typeof messages.$inferSelect;

/** The columns a SELECT given to `insertMessagesFrom` yields, in this order. */
export const PLANNED_COLUMNS = 'user_id, flow_id, kind, record_id, client_id, recipient, channel, idempotency_key, planned_at, created_at';

/**
 * Plans the messages of one flow that a SELECT yields (columns: PLANNED_COLUMNS); a key planned before is skipped.
 * How many were new.
 */
export async function insertMessagesFrom(db: Db, rows: SQL, flowId: number): Promise<number> {
  // Counted in the database: a sweep's 15 000 new ids need not travel back.
  const insert = async (tx: Tx) =>
    (await rowsOf<{ n: number }>(tx as Db, sql`WITH i AS (INSERT INTO messages (${sql.raw(PLANNED_COLUMNS)}) ${rows} ON CONFLICT (idempotency_key) DO NOTHING RETURNING 1) SELECT count(*)::int AS n FROM i`))[0]?.n ?? 0;
  if (!singleWriter(db)) return insert(db);
  // PGlite: the five foreign-key checks of each row (owner, flow, record, client, order) were half of a 100 000-record
  // sweep's time. Alone in its transaction (singleWriter), the statement's records and clients are the ones it reads
  // and the flow is checked here, so every reference holds without them: the checks are skipped for this
  // transaction (SET LOCAL; PGlite's session is a superuser's). PostgreSQL keeps them (concurrent writers).
  return db.transaction(async (tx) => {
    if (!(await flowsByIds(tx, [flowId])).size) return 0; // its user exists too (flows.user_id references users)
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    return insert(tx);
  });
}

/** A flow's messages to a client since `since` that did not fail or get cancelled: how many, and the last one's time. */
export function flowSendsSince(flowId: number, clientId: SQL, since: SQL): { count: SQL; last: SQL } {
  const where = sql`m.flow_id = ${flowId} AND m.client_id = ${clientId} AND m.created_at >= ${since} AND m.status NOT IN ('cancelled', 'failed')`;
  return { count: sql`(SELECT count(*)::int FROM messages m WHERE ${where})`, last: sql`(SELECT max(m.created_at) FROM messages m WHERE ${where})` };
}

export interface MessageFilter {
  flowId?: number;
  status?: MessageRecord['status'];
  channel?: MessageRecord['channel'];
}

/** One page of the user's message log, newest first, and the total. */
export async function messagesPage(db: Tx, userId: number, q: MessageFilter, page: number, size: number): Promise<{ total: number; rows: MessageRecord[] }> {
  const where: SQL = and(
    eq(messages.userId, userId),
    q.flowId === undefined ? undefined : eq(messages.flowId, q.flowId),
    q.status === undefined ? undefined : eq(messages.status, q.status),
    q.channel === undefined ? undefined : eq(messages.channel, q.channel),
  )!;
  const found = await db
    .select({ ...getTableColumns(messages), total: windowTotal() })
    .from(messages)
    .where(where)
    .orderBy(desc(messages.id))
    .limit(size)
    .offset((page - 1) * size);
  const total = await pageTotal(found, page, () => db.select({ n: count() }).from(messages).where(where));
  return { total, rows: found.map(({ total: _total, ...row }) => row) };
}

/** Messages of the user that went out since `since` (the allowance's use this month). */
export async function sentSince(db: Tx, userId: number, since: number): Promise<number> {
  return totalOf(
    db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.userId, userId), inArray(messages.status, [...OUT_STATUSES]), sql`${messages.sentAt} >= ${new Date(since).toISOString()}::timestamptz`)),
  );
}

/**
 * A flow's conversion: the clients its messages reached at their own number (test-mode sends go to a test number or
 * the owner, sent_to ≠ recipient, and message no client), and how many of them `converted(client, firstSentAt)`.
 */
export async function flowConversion(db: Db, flowId: number, converted: (clientId: SQL, at: SQL) => SQL): Promise<{ messaged: number; converted: number }> {
  const [row] = await rowsOf<{ messaged: number; converted: number }>(
    db,
    sql`WITH first AS (
          SELECT client_id, min(sent_at) AS at FROM messages
          WHERE flow_id = ${flowId} AND client_id IS NOT NULL AND status IN ('sent', 'delivered', 'read', 'replied')
            AND sent_to = recipient
          GROUP BY client_id)
        SELECT count(*)::int AS messaged,
          count(*) FILTER (WHERE ${converted(sql`first.client_id`, sql`first.at`)})::int AS converted
        FROM first`,
  );
  return { messaged: row?.messaged ?? 0, converted: row?.converted ?? 0 };
}

/** The user's message by id; undefined for another user's or an unknown id. */
export async function ownMessage(db: Tx, userId: number, id: number): Promise<MessageRecord | undefined> {
  const [row] = await db.select().from(messages).where(and(eq(messages.id, id), eq(messages.userId, userId)));
  return row;
}

/** The provider id of the message a channel's status report concerns, among the ids it may be reported under. */
export async function providerMessageOf(db: Tx, channel: ChannelName, candidates: string[]): Promise<string | undefined> {
  const [row] = await db
    .select({ providerMessageId: messages.providerMessageId })
    .from(messages)
    .where(and(eq(messages.channel, channel), inArray(messages.providerMessageId, candidates)))
    .limit(1);
  return row?.providerMessageId ?? undefined;
}

/**
 * The latest message that went out on `channel` to `phone` since `since` (the conversations' reply rule,
 * docs/conversations.md), among the given owners' (all owners' when none are given): its owner and provider id.
 */
export async function latestSentTo(db: Tx, channel: ChannelName, phone: string, since: Date, owners?: readonly number[]) {
  if (owners && !owners.length) return undefined;
  const [row] = await db
    .select({ userId: messages.userId, providerMessageId: messages.providerMessageId })
    .from(messages)
    .where(
      and(
        eq(messages.sentTo, phone),
        gte(messages.sentAt, since),
        owners ? inArray(messages.userId, [...owners]) : undefined,
        eq(messages.channel, channel),
        inArray(messages.status, [...OUT_STATUSES]),
        isNotNull(messages.providerMessageId),
      ),
    )
    .orderBy(desc(messages.sentAt), desc(messages.id))
    .limit(1);
  return row ? { userId: row.userId, providerMessageId: row.providerMessageId! } : undefined;
}

/** Account deletion: every message of the owner goes, queued ones too, so nothing more is sent (docs/account.md). */
export async function deleteOwnerData(tx: Tx, userId: number): Promise<void> {
  await tx.delete(messages).where(eq(messages.userId, userId));
}

/**
 * Messages already settled, in one statement (the demo account's month of history, modules/demo). The rows travel as
 * one JSON parameter: a few hundred rows of 20 columns as bound parameters cost PGlite several times more.
 */
export async function insertMessageHistory(tx: Tx, rows: (typeof messages.$inferInsert)[]): Promise<void> {
  if (!rows.length) return;
  await tx.execute(sql`INSERT INTO messages (user_id, flow_id, kind, record_id, client_id, recipient, sent_to, channel, text, status, reason,
      idempotency_key, attempts, planned_at, created_at, sent_at, delivered_at, read_at, replied_at, failed_at)
    SELECT "userId", "flowId", kind, "recordId", "clientId", recipient, "sentTo", channel, text, status, reason,
      "idempotencyKey", attempts, "plannedAt", "createdAt", "sentAt", "deliveredAt", "readAt", "repliedAt", "failedAt"
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r("userId" int, "flowId" int, kind text, "recordId" int, "clientId" int,
      recipient text, "sentTo" text, channel text, text text, status text, reason text, "idempotencyKey" text, attempts int,
      "plannedAt" timestamptz, "createdAt" timestamptz, "sentAt" timestamptz, "deliveredAt" timestamptz, "readAt" timestamptz,
      "repliedAt" timestamptz, "failedAt" timestamptz)`);
}
