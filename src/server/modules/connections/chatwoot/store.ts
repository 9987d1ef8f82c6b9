import { and, asc, count, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/transactions.ts';
import { conversationTargets, incomingAfter, lastMessageIdOf } from '../../conversations/store.ts';
import { connections } from '../schema.ts';
import type { MirrorError } from './mirror.ts';
import { chatwootMirror, chatwootPosted, chatwootReplies, chatwootThreads } from './schema.ts';

// The chatwoot store: the only code touching the chatwoot_* tables (and its reads of the conversations it mirrors).

/** Starts the mirror at the owner's newest message: history before the connection is not posted. */
export async function startMirror(db: Tx, connectionId: number, userId: number): Promise<void> {
  await db.insert(chatwootMirror).values({ connectionId, cursor: await lastMessageIdOf(db, userId) }).onConflictDoNothing();
}

export async function mirrorOf(db: Tx, connectionIds: number[]) {
  if (!connectionIds.length) return new Map<number, typeof chatwootMirror.$inferSelect & { repliesSent: number }>();
  const rows = await db.select().from(chatwootMirror).where(inArray(chatwootMirror.connectionId, connectionIds));
  const sent = await db
    .select({ connectionId: chatwootReplies.connectionId, n: count() })
    .from(chatwootReplies)
    .where(and(inArray(chatwootReplies.connectionId, connectionIds), eq(chatwootReplies.status, 'sent')))
    .groupBy(chatwootReplies.connectionId);
  const n = new Map(sent.map((s) => [s.connectionId, Number(s.n)]));
  return new Map(rows.map((r) => [r.connectionId, { ...r, repliesSent: n.get(r.connectionId) ?? 0 }]));
}

/** Every Chatwoot connection that mirrors (Connected), with its owner and cursor. */
export async function mirroringConnections(db: Tx) {
  return db
    .select({ id: connections.id, userId: connections.userId, cursor: chatwootMirror.cursor })
    .from(connections)
    .innerJoin(chatwootMirror, eq(chatwootMirror.connectionId, connections.id))
    .where(and(eq(connections.kind, 'chatwoot'), eq(connections.state, 'Connected')))
    .orderBy(asc(connections.id));
}

/** Takes the connection's mirror for this tick; false while another engine thread holds it. */
export async function leaseMirror(db: Tx, connectionId: number, now: Date, until: Date): Promise<boolean> {
  const rows = await db
    .update(chatwootMirror)
    .set({ leaseUntil: until })
    .where(and(eq(chatwootMirror.connectionId, connectionId), or(isNull(chatwootMirror.leaseUntil), lt(chatwootMirror.leaseUntil, now))))
    .returning({ id: chatwootMirror.connectionId });
  return rows.length > 0;
}

export async function releaseMirror(db: Tx, connectionId: number): Promise<void> {
  await db.update(chatwootMirror).set({ leaseUntil: null }).where(eq(chatwootMirror.connectionId, connectionId));
}

/** The owner's client messages after the cursor, oldest first, with their conversation. */
export const pendingMessages = (db: Tx, userId: number, cursor: number, limit: number) => incomingAfter(db, userId, cursor, limit);

export async function advanceMirror(db: Tx, connectionId: number, change: { cursor?: number; mirroredAt?: Date; error: MirrorError | null }): Promise<void> {
  await db
    .update(chatwootMirror)
    .set({
      ...(change.cursor !== undefined ? { cursor: sql`greatest(${chatwootMirror.cursor}, ${change.cursor})` } : {}),
      ...(change.mirroredAt ? { lastMirroredAt: change.mirroredAt } : {}),
      lastError: change.error,
    })
    .where(eq(chatwootMirror.connectionId, connectionId));
}

export async function threadOf(db: Tx, connectionId: number, conversationId: number) {
  const [row] = await db.select().from(chatwootThreads).where(and(eq(chatwootThreads.connectionId, connectionId), eq(chatwootThreads.conversationId, conversationId)));
  return row;
}

export async function saveThread(db: Tx, t: { connectionId: number; conversationId: number; contactId: number; sourceId: string; chatwootConversationId: number | null }) {
  const { connectionId, conversationId, contactId, sourceId, chatwootConversationId } = t;
  await db
    .insert(chatwootThreads)
    .values({ connectionId, conversationId, contactId, sourceId, chatwootConversationId })
    .onConflictDoUpdate({ target: [chatwootThreads.connectionId, chatwootThreads.conversationId], set: { contactId: t.contactId, sourceId: t.sourceId, chatwootConversationId: t.chatwootConversationId } });
}

/** The contact behind a thread is gone in Chatwoot: the next message finds or makes it again. */
export async function forgetThread(db: Tx, connectionId: number, conversationId: number): Promise<void> {
  await db.delete(chatwootThreads).where(and(eq(chatwootThreads.connectionId, connectionId), eq(chatwootThreads.conversationId, conversationId)));
}

/** Our conversation behind a Chatwoot conversation of this connection (undefined: not one the cabinet made). */
export async function conversationOfRemote(db: Tx, connectionId: number, chatwootConversationId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: chatwootThreads.conversationId })
    .from(chatwootThreads)
    .where(and(eq(chatwootThreads.connectionId, connectionId), eq(chatwootThreads.chatwootConversationId, chatwootConversationId)));
  return row?.id;
}

export async function isPosted(db: Tx, connectionId: number, messageId: number): Promise<boolean> {
  const [row] = await db.select({ id: chatwootPosted.messageId }).from(chatwootPosted).where(and(eq(chatwootPosted.connectionId, connectionId), eq(chatwootPosted.messageId, messageId)));
  return Boolean(row);
}

export async function markPosted(db: Tx, connectionId: number, messageId: number, chatwootMessageId: number): Promise<void> {
  await db.insert(chatwootPosted).values({ connectionId, messageId, chatwootMessageId }).onConflictDoNothing();
}

/** Whether a Chatwoot message is one the mirror posted (a webhook echo). */
export async function isOurEcho(db: Tx, connectionId: number, chatwootMessageId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: chatwootPosted.messageId })
    .from(chatwootPosted)
    .where(and(eq(chatwootPosted.connectionId, connectionId), eq(chatwootPosted.chatwootMessageId, chatwootMessageId)));
  return Boolean(row);
}

/** Queues a staff answer once per Chatwoot message id; false when it was queued before. */
export async function queueReply(db: Tx, r: { connectionId: number; chatwootMessageId: number; conversationId: number; text: string; at: Date }): Promise<boolean> {
  const rows = await db
    .insert(chatwootReplies)
    .values({ connectionId: r.connectionId, chatwootMessageId: r.chatwootMessageId, conversationId: r.conversationId, text: r.text, createdAt: r.at })
    .onConflictDoNothing()
    .returning({ id: chatwootReplies.id });
  return rows.length > 0;
}

/**
 * Claims queued answers (`sending`, one statement, SKIP LOCKED: two engine threads never take the same one) and
 * returns them with where they go: the conversation's owner, connection and the client's phone.
 */
export async function claimReplies(db: Tx, limit: number) {
  const claimed = await db
    .update(chatwootReplies)
    .set({ status: 'sending' })
    .where(inArray(chatwootReplies.id, sql`(SELECT id FROM chatwoot_replies WHERE status = 'queued' ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)`))
    .returning({ id: chatwootReplies.id });
  if (!claimed.length) return [];
  const rows = await db
    .select()
    .from(chatwootReplies)
    .where(inArray(chatwootReplies.id, claimed.map((c) => c.id)))
    .orderBy(asc(chatwootReplies.id));
  const to = await conversationTargets(db, [...new Set(rows.map((r) => r.conversationId))]);
  return rows.flatMap((r) => {
    const c = to.get(r.conversationId);
    return c ? [{ ...r, userId: c.userId, via: c.connectionId, peer: c.peer, phone: c.phone }] : [];
  });
}

export async function settleReply(db: Tx, id: number, change: { status: 'queued' | 'sent' | 'failed'; attempts: number; reason?: string | null; providerMessageId?: string; at: Date }) {
  await db
    .update(chatwootReplies)
    .set({ status: change.status, attempts: change.attempts, reason: change.reason ?? null, providerMessageId: change.providerMessageId ?? null, ...(change.status === 'sent' ? { sentAt: change.at } : {}) })
    .where(eq(chatwootReplies.id, id));
}
