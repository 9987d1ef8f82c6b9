import { and, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { ChannelName } from '../../delivery/channels/channel.ts';
import type { Db } from '../../platform/db/open.ts';
import { pageTotal, rowsOf, seconds, windowTotal } from '../../platform/db/rows.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import { conversationMessages, conversations } from './schema.ts';

// The conversations store: the only code that touches conversations and conversation_messages.

export interface IncomingRow {
  userId: number;
  /** Null for the server's Telegram bot. */
  connectionId: number | null;
  channel: ChannelName;
  /** Where it arrived: a connection's gateway session `c<id>`, or `telegram`. */
  inbox: string;
  /** Phone digits (WhatsApp) or the chat id (Telegram). */
  peer: string;
  phone: string | null;
  name: string;
  clientId: number | null;
  providerMessageId: string;
  text: string;
  at: Date;
}

/**
 * Stores one incoming message in its conversation (made on the first message). False when the inbox already holds
 * the provider's id: a re-delivered webhook stores nothing and counts nothing twice.
 */
export async function storeIncoming(db: Db, m: IncomingRow): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (await isStored(tx, m.inbox, m.providerMessageId)) return false;
    const [conversation] = await tx
      .insert(conversations)
      .values({ userId: m.userId, connectionId: m.connectionId, channel: m.channel, inbox: m.inbox, peer: m.peer, phone: m.phone, clientId: m.clientId, name: m.name, lastMessageAt: m.at, createdAt: m.at })
      .onConflictDoUpdate({
        target: [conversations.userId, conversations.inbox, conversations.peer],
        // A name or phone learnt later fills in; a client found later is kept once found.
        set: {
          name: m.name ? m.name : sql`${conversations.name}`,
          phone: sql`coalesce(${conversations.phone}, excluded.phone)`,
          clientId: sql`coalesce(${conversations.clientId}, excluded.client_id)`,
        },
      })
      .returning({ id: conversations.id });
    const stored = await tx
      .insert(conversationMessages)
      .values({ conversationId: conversation!.id, inbox: m.inbox, direction: 'in', text: m.text, providerMessageId: m.providerMessageId, receivedAt: m.at })
      .onConflictDoNothing()
      .returning({ id: conversationMessages.id });
    if (!stored.length) return false; // the same delivery, concurrently: the other one counted it
    await tx
      .update(conversations)
      .set({ lastMessageAt: sql`greatest(${conversations.lastMessageAt}, ${m.at.toISOString()}::timestamptz)`, unreadCount: sql`${conversations.unreadCount} + 1` })
      .where(eq(conversations.id, conversation!.id));
    return true;
  });
}

/** Whether the inbox already holds the provider's message (a webhook delivered again). */
/** The short texts written to an inbox since `since` (a STOP is one word: the STOP-spike rule reads these). */
export async function shortIncomingSince(db: Tx, inbox: string, since: Date, maxLength: number): Promise<string[]> {
  const rows = await db
    .select({ text: conversationMessages.text })
    .from(conversationMessages)
    .where(and(eq(conversationMessages.inbox, inbox), eq(conversationMessages.direction, 'in'), gte(conversationMessages.receivedAt, since), lte(sql`char_length(${conversationMessages.text})`, maxLength)));
  return rows.map((r) => r.text);
}

export async function isStored(db: Tx, inbox: string, providerMessageId: string): Promise<boolean> {
  const [seen] = await db
    .select({ id: conversationMessages.id })
    .from(conversationMessages)
    .where(and(eq(conversationMessages.inbox, inbox), eq(conversationMessages.providerMessageId, providerMessageId)));
  return Boolean(seen);
}

type ConversationRow = typeof conversations.$inferSelect;

const toDto = (r: ConversationRow) => ({
  id: r.id,
  channel: r.channel,
  connectionId: r.connectionId,
  peer: r.peer,
  phone: r.phone,
  clientId: r.clientId,
  name: r.name,
  lastMessageUnixTime: seconds(r.lastMessageAt)!,
  unreadCount: r.unreadCount,
  createdUnixTime: seconds(r.createdAt)!,
});

const pages = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

/** The owner's conversations, the latest message first. */
export async function listConversations(db: Db, userId: number, q: { page: number; pageSize: number }) {
  const where = eq(conversations.userId, userId);
  const rows = await db
    .select({ row: conversations, total: windowTotal() })
    .from(conversations)
    .where(where)
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const total = await pageTotal(rows, q.page, () => db.select({ n: count() }).from(conversations).where(where));
  return { items: rows.map((r) => toDto(r.row)), page: q.page, pages: pages(total, q.pageSize), total };
}

/** Whether the conversation is the owner's (another owner's id reads as missing). */
export async function conversationExists(db: Tx, userId: number, id: number): Promise<boolean> {
  const [row] = await db.select({ id: conversations.id }).from(conversations).where(and(eq(conversations.id, id), eq(conversations.userId, userId)));
  return Boolean(row);
}

/** A conversation's messages, newest first. */
export async function listMessages(db: Db, conversationId: number, q: { page: number; pageSize: number }) {
  const where = eq(conversationMessages.conversationId, conversationId);
  const rows = await db
    .select({ row: conversationMessages, total: windowTotal() })
    .from(conversationMessages)
    .where(where)
    .orderBy(desc(conversationMessages.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const total = await pageTotal(rows, q.page, () => db.select({ n: count() }).from(conversationMessages).where(where));
  const items = rows.map(({ row: m }) => ({ id: m.id, direction: m.direction, text: m.text, receivedUnixTime: seconds(m.receivedAt)! }));
  return { items, page: q.page, pages: pages(total, q.pageSize), total };
}

/** Account deletion and the demo's rebuild: the owner's conversations and their messages go. */
export async function deleteOwnerData(tx: Tx, userId: number): Promise<void> {
  await tx.delete(conversations).where(eq(conversations.userId, userId));
}

/** One client on one of an owner's connections (the WhatsApp Business 24-hour rule asks per claimed batch). */
export interface PeerOnConnection {
  user_id: number;
  connection_id: number;
  /** Phone digits. */
  phone: string;
}

export const peerKey = (p: { connection_id: number; phone: string }) => `${p.connection_id}:${p.phone}`;

/**
 * When each of these clients last wrote to that connection (unix ms, keyed by peerKey), in one statement; a client
 * who never wrote there is absent. The user id keeps the scan on the owner's conversations (conversations_user_last_idx).
 */
export async function lastIncomingAmong(db: Tx, wanted: readonly PeerOnConnection[]): Promise<Map<string, number>> {
  const unique = [...new Map(wanted.map((w) => [peerKey(w), w])).values()];
  if (!unique.length) return new Map();
  const rows = await rowsOf<{ connection_id: number; phone: string; last: Date | string }>(
    db,
    sql`SELECT c.connection_id, c.phone, max(cm.received_at) AS last
      FROM jsonb_to_recordset(${JSON.stringify(unique)}::jsonb) AS v(user_id int, connection_id int, phone text)
      JOIN conversations c ON c.user_id = v.user_id AND c.connection_id = v.connection_id AND c.phone = v.phone
      JOIN conversation_messages cm ON cm.conversation_id = c.id AND cm.direction = 'in'
      GROUP BY c.connection_id, c.phone`,
  );
  return new Map(rows.map((r) => [peerKey(r), new Date(r.last).getTime()]));
}

// Reads for the Chatwoot mirror (modules/connections/chatwoot, docs/chatwoot.md): the conversation messages are its outbox.

/** The owner's newest conversation message id (0 with none): where a new mirror starts. */
export async function lastMessageIdOf(db: Tx, userId: number): Promise<number> {
  const [row] = await db
    .select({ id: sql<number>`coalesce(max(${conversationMessages.id}), 0)` })
    .from(conversationMessages)
    .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
    .where(eq(conversations.userId, userId));
  return Number(row?.id ?? 0);
}

/** The owner's incoming messages after `afterId`, oldest first, with their conversation's writer. */
export async function incomingAfter(db: Tx, userId: number, afterId: number, limit: number) {
  return db
    .select({ id: conversationMessages.id, text: conversationMessages.text, conversationId: conversations.id, phone: conversations.phone, peer: conversations.peer, name: conversations.name })
    .from(conversationMessages)
    .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
    .where(and(eq(conversations.userId, userId), sql`${conversationMessages.id} > ${afterId}`, eq(conversationMessages.direction, 'in')))
    .orderBy(conversationMessages.id)
    .limit(limit);
}

/** Where an answer in these conversations goes: owner, connection, channel, writer. */
export async function conversationTargets(db: Tx, ids: number[]) {
  if (!ids.length) return new Map<number, { userId: number; connectionId: number | null; peer: string; phone: string | null }>();
  const rows = await db
    .select({ id: conversations.id, userId: conversations.userId, connectionId: conversations.connectionId, peer: conversations.peer, phone: conversations.phone })
    .from(conversations)
    .where(sql`${conversations.id} IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The numbers (E.164 digits) that ever wrote to the business, on any inbox (a distribution's "ignore no dialogue"),
 * as `SELECT phone` for an uncorrelated `phone IN (…)` (hashed once per statement).
 */
export const wroteToOwnerPhonesSql = (userId: number): SQL =>
  sql`SELECT cv.phone FROM conversations cv WHERE cv.user_id = ${userId} AND cv.phone IS NOT NULL
        AND EXISTS (SELECT 1 FROM conversation_messages cvm WHERE cvm.conversation_id = cv.id AND cvm.direction = 'in')`;
