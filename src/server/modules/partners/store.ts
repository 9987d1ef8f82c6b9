import { and, count, desc, eq, sql } from 'drizzle-orm';
import { pageTotal, windowTotal } from '../../platform/db/rows.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import { partnerCodes, referralLinks, referralRewards, referrals } from './schema.ts';

// The partners tables: the only code that touches them (docs/architecture.md "Data ownership").

export type PartnerCodeRow = typeof partnerCodes.$inferSelect;
export type ReferralLinkRow = typeof referralLinks.$inferSelect;
export type ReferralRow = typeof referrals.$inferSelect;
export type RewardRow = typeof referralRewards.$inferSelect;

export async function partnerCodeOf(db: Tx, userId: number): Promise<PartnerCodeRow | undefined> {
  const [row] = await db.select().from(partnerCodes).where(eq(partnerCodes.userId, userId));
  return row;
}

export async function partnerCodeByPromocode(db: Tx, promocodeId: number): Promise<PartnerCodeRow | undefined> {
  const [row] = await db.select().from(partnerCodes).where(eq(partnerCodes.promocodeId, promocodeId));
  return row;
}

export async function insertPartnerCode(db: Tx, values: typeof partnerCodes.$inferInsert): Promise<void> {
  await db.insert(partnerCodes).values(values);
}

/** The owner's links, oldest first, each with the registrations made through it. */
export async function linksOf(db: Tx, userId: number) {
  const registrations = sql<number>`(select count(*)::int from ${referrals} where ${referrals.linkId} = ${referralLinks.id})`.mapWith(Number);
  return db.select({ link: referralLinks, registrations }).from(referralLinks).where(eq(referralLinks.userId, userId)).orderBy(referralLinks.id);
}

export async function linksCount(db: Tx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(referralLinks).where(eq(referralLinks.userId, userId));
  return Number(row?.n ?? 0);
}

export async function insertLink(db: Tx, values: typeof referralLinks.$inferInsert): Promise<ReferralLinkRow> {
  const [row] = await db.insert(referralLinks).values(values).returning();
  return row!;
}

/** Deletes the owner's link; another owner's id deletes nothing. */
export async function deleteLink(db: Tx, userId: number, linkId: number): Promise<boolean> {
  const gone = await db.delete(referralLinks).where(and(eq(referralLinks.id, linkId), eq(referralLinks.userId, userId))).returning({ id: referralLinks.id });
  return gone.length > 0;
}

/** One visit through the owner's code, and through the link when it is the owner's. */
export async function countTransition(db: Tx, ownerUserId: number, linkId: number | null): Promise<void> {
  await db.update(partnerCodes).set({ transitions: sql`${partnerCodes.transitions} + 1` }).where(eq(partnerCodes.userId, ownerUserId));
  if (linkId !== null) {
    await db
      .update(referralLinks)
      .set({ transitions: sql`${referralLinks.transitions} + 1` })
      .where(and(eq(referralLinks.id, linkId), eq(referralLinks.userId, ownerUserId)));
  }
}

export async function linkOwnedBy(db: Tx, userId: number, linkId: number): Promise<boolean> {
  const [row] = await db.select({ id: referralLinks.id }).from(referralLinks).where(and(eq(referralLinks.id, linkId), eq(referralLinks.userId, userId)));
  return row !== undefined;
}

export async function referralOf(db: Tx, referredUserId: number): Promise<ReferralRow | undefined> {
  const [row] = await db.select().from(referrals).where(eq(referrals.referredUserId, referredUserId));
  return row;
}

/** Records who referred `referredUserId` unless someone already has (the first one stays); true when written. */
export async function insertReferral(db: Tx, values: typeof referrals.$inferInsert): Promise<boolean> {
  const written = await db.insert(referrals).values(values).onConflictDoNothing({ target: referrals.referredUserId }).returning({ id: referrals.id });
  return written.length > 0;
}

export async function referralTotals(db: Tx, ownerUserId: number): Promise<{ registrations: number; payingFriends: number }> {
  const [reg] = await db.select({ n: count() }).from(referrals).where(eq(referrals.ownerUserId, ownerUserId));
  const [paying] = await db
    .select({ n: sql<number>`count(distinct ${referralRewards.friendUserId})::int` })
    .from(referralRewards)
    .where(eq(referralRewards.ownerUserId, ownerUserId));
  return { registrations: Number(reg?.n ?? 0), payingFriends: Number(paying?.n ?? 0) };
}

/** Whether the owner was already rewarded for this friend (the fixed part of a reward is paid once per friend). */
export async function rewardedFor(db: Tx, ownerUserId: number, friendUserId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: referralRewards.id })
    .from(referralRewards)
    .where(and(eq(referralRewards.ownerUserId, ownerUserId), eq(referralRewards.friendUserId, friendUserId)))
    .limit(1);
  return row !== undefined;
}

/** The reward of one payment; false when that payment was already rewarded (the unique key). */
export async function insertReward(db: Tx, values: typeof referralRewards.$inferInsert): Promise<boolean> {
  const written = await db.insert(referralRewards).values(values).onConflictDoNothing({ target: referralRewards.paymentIds }).returning({ id: referralRewards.id });
  return written.length > 0;
}

/** One page of the owner's rewards, newest first; `pageSize` 0 … all of them (the CSV). */
export async function rewardsPage(db: Tx, ownerUserId: number, page: number, pageSize: number) {
  const where = eq(referralRewards.ownerUserId, ownerUserId);
  const found = await db
    .select({ reward: referralRewards, total: windowTotal() })
    .from(referralRewards)
    .where(where)
    .orderBy(desc(referralRewards.createdAt), desc(referralRewards.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const total = await pageTotal(found, page, () => db.select({ n: count() }).from(referralRewards).where(where));
  return { total, rows: found.map((r) => r.reward) };
}
