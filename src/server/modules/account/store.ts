import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Role } from '../../platform/auth/access-token.ts';
import type { Db } from '../../platform/db/open.ts';
import { prepared } from '../../platform/db/prepared.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import { linkedAccounts, oneTimeCodes, refreshTokens, setUpRequests, users } from './schema.ts';
import { forgetMailTo } from '../../platform/mail/mailer.ts';

// The account module's store: the only code that touches the users table (docs/architecture.md, "Data ownership").
// Code outside src/server/modules/account that needs a user calls these; linked accounts are in store-linked.ts,
// sessions in store-sessions.ts, mailed codes in store-codes.ts.

export type UserRow = typeof users.$inferSelect;
export type NewUser = Omit<typeof users.$inferInsert, 'id' | 'guid'>;
/** The columns an account change may set (profile, admin edits, lead managers). */
export type UserChanges = Partial<Omit<typeof users.$inferInsert, 'id' | 'guid' | 'createdAt'>>;

export async function findUser(db: Tx, id: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

/** `findUser` outside a transaction as a prepared statement: every signed-in page load reads it (CurrentUser). */
export async function findUserNow(db: Db, id: number): Promise<UserRow | undefined> {
  const statement = prepared(db, 'account_user_by_id', (d) =>
    d.select().from(users).where(eq(users.id, sql.placeholder('id'))).prepare('account_user_by_id'),
  );
  const [user] = await statement.execute({ id });
  return user;
}

export async function userExists(db: Tx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return row !== undefined;
}

/** The account with this (normalised) email. */
export async function userByEmail(db: Tx, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user;
}

/** Just the id of the account with this email (cheaper than the row). */
export async function userRefByEmail(db: Tx, email: string): Promise<{ id: number } | undefined> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user;
}

/** Whether another account than `exceptId` already uses the email. */
export async function emailTakenByOther(db: Tx, email: string, exceptId: number): Promise<boolean> {
  const [taken] = await db.select({ id: users.id }).from(users).where(and(eq(users.email, email), ne(users.id, exceptId)));
  return taken !== undefined;
}

/** The emails of some accounts, by id (absent ids are left out). */
export async function emailsOf(db: Tx, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.email]));
}

/** Inserts a new account; a duplicate email throws the driver's unique violation (the caller answers 409). */
export async function insertUser(db: Tx, values: NewUser): Promise<{ id: number; email: string }> {
  const [row] = await db.insert(users).values({ ...values, guid: randomUUID() }).returning({ id: users.id, email: users.email });
  return row!;
}

/** Inserts a new account unless the email exists; undefined when it did. */
export async function insertUserIfAbsent(db: Tx, values: NewUser): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values({ ...values, guid: randomUUID() }).onConflictDoNothing().returning();
  return row;
}

/** Creates a staff or operator account, or resets the password and role of the one with that email. */
export async function upsertAccount(db: Tx, input: { email: string; passwordHash: string; role: Role; phone: string | null; now: number }) {
  const { email, passwordHash, role } = input;
  const [row] = await db
    .insert(users)
    .values({ guid: randomUUID(), email, passwordHash, role, phone: input.phone, emailConfirmed: true, createdAt: new Date(input.now) })
    .onConflictDoUpdate({ target: users.email, set: { passwordHash, role } })
    .returning({ id: users.id, email: users.email, role: users.role });
  return row!;
}

/** Applies the changes and returns the account as it is now; undefined when it is gone. */
export async function updateUser(db: Tx, id: number, changes: UserChanges): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
  return row;
}

export async function setPasswordHash(db: Tx, id: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, id));
}

/** §2 Profile "help me set up": remembered for the support team (who also get a mail). */
export async function recordSetUpRequest(db: Tx, userId: number, at: Date): Promise<void> {
  await db.insert(setUpRequests).values({ userId, createdAt: at });
}

/** The business's IANA zone: sending hours, report days and visit dates are read in it (docs/delivery.md). */
export async function businessZone(db: Tx, userId: number): Promise<string> {
  return (await ownerRegion(db, userId)).timeZone;
}

/** The owner's business time zone and language, for text the server writes for them (a copy's name, …). */
export async function ownerRegion(db: Tx, userId: number): Promise<{ timeZone: string; language: UserRow['language'] }> {
  const [row] = await db.select({ timeZone: users.timeZone, language: users.language }).from(users).where(eq(users.id, userId));
  return { timeZone: row?.timeZone ?? 'Europe/Moscow', language: row?.language ?? 'ru' };
}

export async function setBusinessZone(db: Tx, userId: number, timeZone: string): Promise<void> {
  await db.update(users).set({ timeZone }).where(eq(users.id, userId));
}

/** Zone and phone of some businesses, by id: periodic flows plan in the owner's day and report to the owner. */
export async function businessProfiles(db: Tx, ids: number[]): Promise<Map<number, { timeZone: string; phone: string | null }>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: users.id, timeZone: users.timeZone, phone: users.phone }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map(({ id, ...profile }) => [id, profile]));
}

/** What the distributions module asks of an owner: language, test-user flag, bought messages and zone (create, start). */
export async function distributionOwner(db: Tx, userId: number) {
  const [row] = await db
    .select({ language: users.language, isTestUser: users.isTestUser, messagesLeft: users.distributionMessages, timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
}

/**
 * The owner's bought distribution messages, the row locked for the rest of the planner's transaction (the chunk is
 * counted and spent under this lock, docs/distributions.md "Planning and caps").
 */
export async function lockDistributionMessages(tx: Tx, userId: number): Promise<number> {
  const [row] = await tx.select({ left: users.distributionMessages }).from(users).where(eq(users.id, userId)).for('update');
  return row?.left ?? 0;
}

/** Bought distribution messages spent (negative `delta`, when planned) or given back (withdrawn before sending). */
export async function addDistributionMessages(tx: Tx, userId: number, delta: number): Promise<void> {
  if (delta !== 0) await tx.update(users).set({ distributionMessages: sql`${users.distributionMessages} + ${delta}` }).where(eq(users.id, userId));
}

/** Locks the owner's row for the rest of the transaction (serialises first-time set-up such as company ties). */
export async function lockUser(tx: Tx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** The connected accounts of one kind (§3 "User accounts bundle"), oldest first. */
export async function linkedAccountsOf(db: Tx, userId: number, kind: (typeof linkedAccounts.$inferSelect)['kind']) {
  return db.select().from(linkedAccounts).where(and(eq(linkedAccounts.userId, userId), eq(linkedAccounts.kind, kind))).orderBy(linkedAccounts.id);
}

/** The user's guid (signed into public links and webhook URLs); undefined when the account is gone. */
export async function userGuid(db: Tx, userId: number): Promise<string | undefined> {
  const [user] = await db.select({ guid: users.guid }).from(users).where(eq(users.id, userId));
  return user?.guid;
}

/** The live account behind a public link or webhook token (a deleted account's guid was replaced anyway). */
export async function userIdByGuid(db: Tx, guid: string): Promise<number | undefined> {
  const [user] = await db.select({ id: users.id }).from(users).where(and(eq(users.guid, guid), isNull(users.deletedAt)));
  return user?.id;
}

/** What the monthly message allowance is computed from (delivery/allowance.ts). */
export async function allowanceFacts(db: Tx, userId: number): Promise<{ adminCount: number; explicit: number | null } | undefined> {
  const [u] = await db.select({ adminCount: users.availableMessagesCount, explicit: users.monthlyMessageLimit }).from(users).where(eq(users.id, userId));
  return u;
}

/**
 * The senders of a batch, their rows locked for the rest of the dispatcher's transaction (in id order, so two
 * dispatchers never deadlock): caps and the allowance are counted and spent under this lock.
 */
export async function lockSenders(tx: Tx, ids: number[]) {
  return tx
    .select({ id: users.id, timeZone: users.timeZone, phone: users.phone, adminCount: users.availableMessagesCount, explicit: users.monthlyMessageLimit, blockedAt: users.blockedAt })
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(users.id)
    .for('update');
}

/**
 * The role the user has now, or undefined when the account is gone, blocked or deleted: one primary-key read, made
 * by every refresh and, through the app's UserStateCache, by the bearer check (platform/http/security.ts). Code that
 * changes role, blocked_at or deleted_at calls `userStates.forget(id)` after its commit.
 */
export async function activeRole(db: Tx, userId: number): Promise<Role | undefined> {
  const [row] = await db.select({ role: users.role, blockedAt: users.blockedAt, deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId));
  return row && !row.blockedAt && !row.deletedAt ? row.role : undefined;
}

/** Blocks (a date) or unblocks (null) an account that is not deleted; the account as it is now. */
export async function setBlocked(db: Tx, id: number, at: Date | null): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set({ blockedAt: at }).where(and(eq(users.id, id), isNull(users.deletedAt))).returning();
  return row;
}

/**
 * The user row of a deleted account: kept (payments name it) but holding nothing personal. The e-mail is freed for
 * a new registration, no password signs in, and a new guid makes every signed link and webhook URL unknown.
 */
export async function anonymiseUser(db: Tx, id: number, at: Date): Promise<void> {
  await db
    .update(users)
    .set({
      guid: randomUUID(),
      email: `deleted-${id}@deleted.invalid`,
      passwordHash: null,
      role: 'user',
      phone: null,
      fullName: null,
      utmTag: null,
      emailConfirmed: false,
      crms: [],
      firstLineManagerId: null,
      secondLineManagerId: null,
      deletedAt: at,
    })
    .where(eq(users.id, id));
}

/** Account deletion, the account module's part: sessions, mailed codes, linked accounts and set-up requests go. */
export async function deleteOwnerData(tx: Tx, userId: number, at: Date): Promise<void> {
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (user) await forgetMailTo(tx, user.email);
  await tx.delete(refreshTokens).where(eq(refreshTokens.userId, userId));
  await tx.delete(oneTimeCodes).where(eq(oneTimeCodes.userId, userId));
  await tx.delete(linkedAccounts).where(eq(linkedAccounts.userId, userId));
  await tx.delete(setUpRequests).where(eq(setUpRequests.userId, userId));
  await anonymiseUser(tx, userId, at);
}

/** Paid packs (issue 18): distribution messages, reviews and AI balance in US dollars, added to what the owner has. */
export async function creditPacks(tx: Tx, userId: number, packs: { messages: number; reviews: number; aiBalance: number }): Promise<void> {
  await tx
    .update(users)
    .set({
      distributionMessages: sql`${users.distributionMessages} + ${packs.messages}`,
      availableAiReviewsCount: sql`${users.availableAiReviewsCount} + ${packs.reviews}`,
      balance: sql`${users.balance} + ${packs.aiBalance}`,
    })
    .where(eq(users.id, userId));
}
