import { and, count, desc, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { checkPhone, normalizePhone } from '../../../shared/validation/phone.ts';
import type { Db } from '../../platform/db/open.ts';
import { pageTotal, rowsOf, windowTotal } from '../../platform/db/rows.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import { ignoredPhones } from './schema.ts';
import { badRequest } from '../../platform/http/problem.ts';

// The phones module's store: the only code that touches ignored_phones (subscribers: subscribers/store.ts).

export type IgnoredPhoneRow = typeof ignoredPhones.$inferSelect;
export type IgnoreSource = IgnoredPhoneRow['source'];

/** Digits of the E.164 form (the shape channels send to and the table stores); undefined when not a valid phone. */
export function phoneDigits(value: string): string | undefined {
  return normalizePhone(value)?.slice(1);
}

/** The digits of a valid phone, or a 400 naming `field` with the shared §5 phone rule's message. */
export function requirePhone(value: unknown, field = 'phone'): string {
  const error = checkPhone(value, field);
  if (error) throw badRequest([error]);
  return phoneDigits(value as string)!;
}

/** The form a number is listed under: E.164 digits; an unparseable number is compared as its bare digits. */
const listedForm = (phone: string) => phoneDigits(phone) ?? phone.replace(/\D/g, '');

/**
 * The blacklist rule, set-based: which of these (business, phone) pairs must never be messaged (any form of the
 * number: +7 999…, 7999…, digits). The delivery engine asks once per claimed batch. Returns `${userId}:${phone}` of
 * the blocked pairs, with `phone` as given.
 */
export async function ignoredAmong(db: Tx, pairs: readonly { userId: number; phone: string }[]): Promise<Set<string>> {
  const wanted = pairs.map((p) => ({ ...p, digits: listedForm(p.phone) })).filter((p) => p.digits);
  if (!wanted.length) return new Set();
  const rows = await db
    .select({ userId: ignoredPhones.userId, phone: ignoredPhones.phone })
    .from(ignoredPhones)
    .where(and(inArray(ignoredPhones.userId, [...new Set(wanted.map((p) => p.userId))]), inArray(ignoredPhones.phone, [...new Set(wanted.map((p) => p.digits))])));
  const listed = new Set(rows.map((r) => `${r.userId}:${r.phone}`));
  return new Set(wanted.filter((p) => listed.has(`${p.userId}:${p.digits}`)).map((p) => `${p.userId}:${p.phone}`));
}

/** True when the business `userId` must never message `phone` (the same rule for one number). */
export async function isIgnored(db: Db, userId: number, phone: string): Promise<boolean> {
  return (await ignoredAmong(db, [{ userId, phone }])).size > 0;
}

/** Removes one of the owner's numbers; the rows removed (none for another owner's or a missing id). */
export async function removeIgnored(db: Db, userId: number, id: number): Promise<{ id: number }[]> {
  return db.delete(ignoredPhones).where(and(eq(ignoredPhones.id, id), eq(ignoredPhones.userId, userId))).returning({ id: ignoredPhones.id });
}

export async function countIgnoredOf(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(ignoredPhones).where(eq(ignoredPhones.userId, userId));
  return Number(row?.n ?? 0);
}

/** Inserts unless listed; returns the new row, or undefined when the number was already there. */
export async function addIgnored(db: Db, userId: number, digits: string, source: IgnoreSource, comment: string, at: Date): Promise<IgnoredPhoneRow | undefined> {
  const [row] = await db.insert(ignoredPhones).values({ userId, phone: digits, comment, source, createdAt: at }).onConflictDoNothing().returning();
  return row;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listIgnored(db: Db, userId: number, q: { page: number; pageSize: number; search?: string }) {
  const where: (SQL | undefined)[] = [eq(ignoredPhones.userId, userId)];
  const search = q.search?.trim();
  if (search) {
    // "+7 (999) 123" finds 7999123…: numbers are matched by their digits, comments by text.
    const digits = search.replace(/\D/g, '');
    where.push(or(ilike(ignoredPhones.comment, likePattern(search)), digits ? ilike(ignoredPhones.phone, likePattern(digits)) : undefined));
  }
  const condition = and(...where);
  const rows = await db
    .select({ ...getTableColumns(ignoredPhones), total: windowTotal() })
    .from(ignoredPhones)
    .where(condition)
    .orderBy(desc(ignoredPhones.createdAt), desc(ignoredPhones.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const total = await pageTotal(rows, q.page, () => db.select({ n: count() }).from(ignoredPhones).where(condition));
  return { items: rows.map(toDto), page: q.page, pages: Math.max(1, Math.ceil(total / q.pageSize)), total };
}

export const toDto = (r: IgnoredPhoneRow) => ({ id: r.id, phone: r.phone, comment: r.comment, source: r.source, created: Math.floor(r.createdAt.getTime() / 1000) });

/** Account deletion: the owner's blacklist goes. */
export async function deleteOwnerData(tx: Tx, userId: number): Promise<void> {
  await tx.delete(ignoredPhones).where(eq(ignoredPhones.userId, userId));
}

/** Many blacklist rows in one statement (the demo account's regeneration, modules/demo). */
export async function insertIgnoredRows(tx: Tx, rows: (typeof ignoredPhones.$inferInsert)[]): Promise<void> {
  if (rows.length) await tx.insert(ignoredPhones).values(rows);
}

/**
 * The blacklist rule inside another module's set-based statement (distributions build an audience of 100 000): the
 * numbers (E.164 digits, the listed form) the business `userId` never messages, as `SELECT phone` for a
 * `phone IN (…)` test — uncorrelated, so PostgreSQL hashes it once instead of probing per row.
 */
export const blacklistedPhonesSql = (userId: number): SQL => sql`SELECT ip.phone FROM ignored_phones ip WHERE ip.user_id = ${userId}`;

/** Which of these E.164-digit numbers the business has blacklisted, in one query however many (a phone table). */
export async function blacklistedAmong(db: Tx, userId: number, phones: readonly string[]): Promise<Set<string>> {
  if (!phones.length) return new Set();
  const rows = await rowsOf<{ phone: string }>(
    db,
    sql`SELECT ip.phone FROM ignored_phones ip WHERE ip.user_id = ${userId} AND ip.phone IN (SELECT jsonb_array_elements_text(${JSON.stringify(phones)}::jsonb))`,
  );
  return new Set(rows.map((r) => r.phone));
}
