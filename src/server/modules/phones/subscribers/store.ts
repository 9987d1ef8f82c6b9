import { and, count, desc, eq, getTableColumns, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ChannelName } from '../../../delivery/channels/channel.ts';
import type { Db } from '../../../platform/db/open.ts';
import { pageTotal, windowTotal } from '../../../platform/db/rows.ts';
import { subscribers } from '../schema.ts';
import type { Tx } from '../../../platform/db/transactions.ts';

// The subscribers store: the only code that touches the subscribers table.

export type SubscriberRow = typeof subscribers.$inferSelect;
export type SubscriberStatus = SubscriberRow['status'];

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export const toDto = (r: SubscriberRow) => ({
  id: r.id,
  channel: r.channel,
  phone: r.phone,
  chatId: r.chatId,
  name: r.name,
  status: r.status,
  source: r.source,
  created: seconds(r.createdAt),
  updated: seconds(r.updatedAt),
});

export interface ListQuery {
  page: number;
  pageSize: number;
  search?: string;
  status?: SubscriberStatus;
  channel?: ChannelName;
}

export async function listSubscribers(db: Db, userId: number, q: ListQuery) {
  const where: (SQL | undefined)[] = [eq(subscribers.userId, userId)];
  if (q.status) where.push(eq(subscribers.status, q.status));
  if (q.channel) where.push(eq(subscribers.channel, q.channel));
  const search = q.search?.trim();
  if (search) {
    // "+7 (999) 123" finds 7999123…: numbers are matched by their digits, names by text.
    const digits = search.replace(/\D/g, '');
    where.push(or(ilike(subscribers.name, likePattern(search)), digits ? ilike(subscribers.phone, likePattern(digits)) : undefined));
  }
  const condition = and(...where);
  const rows = await db
    .select({ ...getTableColumns(subscribers), total: windowTotal() })
    .from(subscribers)
    .where(condition)
    .orderBy(desc(subscribers.createdAt), desc(subscribers.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const total = await pageTotal(rows, q.page, () => db.select({ n: count() }).from(subscribers).where(condition));
  return { items: rows.map(toDto), page: q.page, pages: Math.max(1, Math.ceil(total / q.pageSize)), total };
}

/** Inserts a manual consent; undefined when the number is already listed on that channel. */
export async function addManual(db: Db, userId: number, channel: ChannelName, phone: string, name: string, at: Date): Promise<SubscriberRow | undefined> {
  const [row] = await db
    .insert(subscribers)
    .values({ userId, channel, phone, name, status: 'active', source: 'manual', createdAt: at, updatedAt: at })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Sets the status of the owner's row; undefined for another owner's or a missing id. */
export async function setStatus(db: Db, userId: number, id: number, status: SubscriberStatus, at: Date): Promise<SubscriberRow | undefined> {
  const [row] = await db
    .update(subscribers)
    .set({ status, updatedAt: at })
    .where(and(eq(subscribers.id, id), eq(subscribers.userId, userId)))
    .returning();
  return row;
}

export async function removeSubscriber(db: Db, userId: number, id: number): Promise<boolean> {
  const removed = await db.delete(subscribers).where(and(eq(subscribers.id, id), eq(subscribers.userId, userId))).returning({ id: subscribers.id });
  return removed.length > 0;
}

/** A subscriber row's send-time part, keyed by `subscriberKey(userId, channel, phone)`. */
export type Subscription = { status: SubscriberStatus; chatId: string | null };
export const subscriberKey = (userId: number, channel: ChannelName, phone: string) => `${userId}:${channel}:${phone}`;

/**
 * The clients' rows for a batch of (owner, channel, number) in one query (the send-time rule and the channel's
 * address: phones/subscribers/address.ts). Rows found, by `subscriberKey`.
 */
export async function subscriptionsAmong(db: Tx, wanted: readonly { userId: number; channel: ChannelName; phone: string }[]): Promise<Map<string, Subscription>> {
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ userId: subscribers.userId, channel: subscribers.channel, phone: subscribers.phone, status: subscribers.status, chatId: subscribers.chatId })
    .from(subscribers)
    .where(
      and(
        inArray(subscribers.userId, [...new Set(wanted.map((w) => w.userId))]),
        inArray(subscribers.channel, [...new Set(wanted.map((w) => w.channel))]),
        inArray(subscribers.phone, [...new Set(wanted.map((w) => w.phone))]),
      ),
    );
  return new Map(rows.filter((r) => r.phone !== null).map((r) => [subscriberKey(r.userId, r.channel, r.phone!), { status: r.status, chatId: r.chatId }]));
}

/** A /start from the bot link: the chat subscribes (again) to the business; the row as it is now. */
export async function subscribeTelegramChat(db: Db, userId: number, chatId: string, name: string, at: Date): Promise<SubscriberRow | undefined> {
  const [row] = await db
    .insert(subscribers)
    .values({ userId, channel: 'telegram', chatId, name, status: 'active', source: 'bot', createdAt: at, updatedAt: at })
    .onConflictDoUpdate({ target: [subscribers.userId, subscribers.channel, subscribers.chatId], set: { status: 'active', name, updatedAt: at } })
    .returning();
  return row;
}

/** Unsubscribes the chat from every business it subscribed to through the bot (one bot per server). */
export async function unsubscribeTelegramChat(db: Db, chatId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(subscribers)
    .set({ status: 'unsubscribed', updatedAt: at })
    .where(and(eq(subscribers.channel, 'telegram'), eq(subscribers.chatId, chatId), eq(subscribers.status, 'active')))
    .returning({ id: subscribers.id });
  return rows.length > 0;
}

/**
 * A STOP written to the owner's number: the client is unsubscribed from that channel, as the subscribers screen's
 * unsubscribe does (a row made when there was none, source `bot`: the messenger itself). True when it changed.
 */
export async function unsubscribePhone(db: Tx, userId: number, channel: ChannelName, phone: string, at: Date): Promise<boolean> {
  const rows = await db
    .insert(subscribers)
    .values({ userId, channel, phone, status: 'unsubscribed', source: 'bot', createdAt: at, updatedAt: at })
    .onConflictDoUpdate({ target: [subscribers.userId, subscribers.channel, subscribers.phone], set: { status: 'unsubscribed', updatedAt: at }, setWhere: eq(subscribers.status, 'active') })
    .returning({ id: subscribers.id });
  return rows.length > 0;
}

/** The businesses a Telegram chat is linked to (its rows of the server bot), the latest link first. */
export async function chatSubscriptions(db: Tx, chatId: string): Promise<{ userId: number; phone: string | null; name: string }[]> {
  return db
    .select({ userId: subscribers.userId, phone: subscribers.phone, name: subscribers.name })
    .from(subscribers)
    .where(and(eq(subscribers.channel, 'telegram'), eq(subscribers.chatId, chatId)))
    .orderBy(desc(subscribers.updatedAt), desc(subscribers.id));
}

/**
 * Gives the chat's rows their phone. An older row of the same business for that number (a manual consent or an
 * earlier chat) is replaced: the chat that proved the number is where messages go now.
 */
export async function fillTelegramPhone(db: Db, chatId: string, phone: string, at: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(subscribers).where(and(eq(subscribers.channel, 'telegram'), eq(subscribers.chatId, chatId)));
    for (const row of rows) {
      await tx.delete(subscribers).where(and(eq(subscribers.userId, row.userId), eq(subscribers.channel, 'telegram'), eq(subscribers.phone, phone), ne(subscribers.id, row.id)));
      await tx.update(subscribers).set({ phone, status: 'active', updatedAt: at }).where(eq(subscribers.id, row.id));
    }
    return rows.length > 0;
  });
}

/** Account deletion: the owner's subscribers (chats and phones of their clients) go. */
export async function deleteOwnerData(tx: Tx, userId: number): Promise<void> {
  await tx.delete(subscribers).where(eq(subscribers.userId, userId));
}

/** Many subscribers in one statement (the demo account's regeneration, modules/demo). */
export async function insertSubscriberRows(tx: Tx, rows: (typeof subscribers.$inferInsert)[]): Promise<void> {
  if (rows.length) await tx.insert(subscribers).values(rows);
}

// Set-based pieces for another module's statement (distributions build and preview audiences of 100 000).

const channelList = (channels: readonly ChannelName[]) => sql.join(channels.map((c) => sql`${c}`), sql`, `);

/**
 * The numbers (E.164 digits) unsubscribed from the business on any of `channels` (the send-time rule's rows), as
 * `SELECT phone` for an uncorrelated `phone IN (…)` (hashed once per statement).
 */
export const unsubscribedPhonesSql = (userId: number, channels: readonly ChannelName[]): SQL =>
  sql`SELECT s.phone FROM subscribers s WHERE s.user_id = ${userId} AND s.status = 'unsubscribed' AND s.channel IN (${channelList(channels)}) AND s.phone IS NOT NULL`;

/** The business's subscribed clients with a phone, one row per phone (`phone`, `name`): a distribution's audience part. */
export const activeSubscribersSql = (userId: number): SQL =>
  sql`SELECT DISTINCT ON (s.phone) s.phone, nullif(s.name, '') AS name FROM subscribers s
      WHERE s.user_id = ${userId} AND s.status = 'active' AND s.phone IS NOT NULL ORDER BY s.phone, s.updated_at DESC`;

/** True when `phone` unsubscribed on `channel` after `since` (a distribution recipient who wrote STOP after its message). */
export const unsubscribedSinceSql = (userId: number, channel: SQL, phone: SQL, since: SQL): SQL =>
  sql`EXISTS (SELECT 1 FROM subscribers s WHERE s.user_id = ${userId} AND s.channel = ${channel} AND s.phone = ${phone} AND s.status = 'unsubscribed' AND s.updated_at >= ${since})`;
