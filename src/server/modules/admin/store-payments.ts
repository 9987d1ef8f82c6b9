import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, getTableColumns, gte, inArray, isNotNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { components } from '../../../api/schema.d.ts';
import { pageTotal, windowTotal } from '../../platform/db/rows.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import { payments, promocodes } from './schema.ts';
import { TRIAL_DAYS, TRIAL_REASON, TRIAL_TARIFF } from '../../../shared/tariffs.ts';

// Payments and promocodes: the only code that touches these tables. The account module (pay infos, subscription
// end) and flows (tariffs) read payments through the functions below.

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentChanges = Partial<typeof payments.$inferInsert>;
export type PromocodeRow = typeof promocodes.$inferSelect;

/** The user's payments, newest first (§2 pay infos). */
export const paymentsOf = (db: Tx, userId: number) =>
  db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.createdAt), desc(payments.id));

/** What the tariffs in force are computed from (src/shared/flows `activeTariffs`). */
export const paymentPeriodsOf = (db: Tx, userId: number) =>
  db
    .select({ tariff: payments.tariff, success: payments.success, dateBegin: payments.dateBegin, dateEnd: payments.dateEnd })
    .from(payments)
    .where(eq(payments.userId, userId));

/** The payment periods of several users in one query (the dispatcher's batch), with each row's user. */
export const paymentPeriodsOfUsers = (db: Tx, userIds: number[]) =>
  db
    .select({ userId: payments.userId, tariff: payments.tariff, success: payments.success, dateBegin: payments.dateBegin, dateEnd: payments.dateEnd })
    .from(payments)
    .where(inArray(payments.userId, userIds));

/**
 * The tariffs in force at `nowSeconds` (the rule of src/shared/flows `activeTariffs`) as one SQL `int[]` expression,
 * for another module's statement to embed instead of a query of its own (the flows list: one round trip).
 */
export const activeTariffsSql = (userId: number | Placeholder, nowSeconds: number | Placeholder): SQL<number[]> =>
  sql<number[]>`(select coalesce(array_agg(${payments.tariff}), '{}'::int[]) from ${payments} where ${payments.userId} = ${userId} and ${payments.success} and ${payments.dateEnd} >= ${nowSeconds} and (${payments.dateBegin} is null or ${payments.dateBegin} <= ${nowSeconds}))`;

/**
 * Nearest end of a paid period: the earliest end still in the future among successful payments (Active);
 * otherwise the latest end in the past (Expired); nulls when the user never paid.
 */
export async function nearestPaymentEndDate(db: Tx, userId: number, nowMs: number): Promise<components['schemas']['NearestPaymentEndDate']> {
  const now = Math.floor(nowMs / 1000);
  const paid = and(eq(payments.userId, userId), eq(payments.success, true), isNotNull(payments.dateEnd));
  const [upcoming] = await db
    .select({ end: payments.dateEnd })
    .from(payments)
    .where(and(paid, gte(payments.dateEnd, now)))
    .orderBy(asc(payments.dateEnd))
    .limit(1);
  if (upcoming?.end != null) return { dateEndUnixTime: upcoming.end, status: 'Active' };
  const [last] = await db.select({ end: payments.dateEnd }).from(payments).where(paid).orderBy(desc(payments.dateEnd)).limit(1);
  if (last?.end != null) return { dateEndUnixTime: last.end, status: 'Expired' };
  return { dateEndUnixTime: null, status: null };
}

/** Successful and failed payments of the user and the end of the last successful one (diagnostics). */
export async function paymentSummary(db: Tx, userId: number): Promise<{ ok: number; failed: number; lastEnd: number | null } | undefined> {
  const [row] = await db
    .select({
      ok: sql<number>`count(*) filter (where ${payments.success})::int`,
      failed: sql<number>`count(*) filter (where not ${payments.success})::int`,
      lastEnd: sql<number | null>`max(${payments.dateEnd}) filter (where ${payments.success})`,
    })
    .from(payments)
    .where(eq(payments.userId, userId));
  return row;
}

/** One page of the user's payments, newest first; `success` filters by outcome. */
export async function paymentsPage(db: Tx, userId: number, q: { page: number; pageSize: number; success?: boolean }) {
  const filters: SQL[] = [eq(payments.userId, userId)];
  if (q.success !== undefined) filters.push(eq(payments.success, q.success));
  const where = and(...filters);
  const found = await db
    .select({ ...getTableColumns(payments), total: windowTotal() })
    .from(payments)
    .where(where)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const total = await pageTotal(found, q.page, () => db.select({ n: count() }).from(payments).where(where));
  return { total, rows: found.map(({ total: _total, ...row }) => row) };
}

/** The user's payment by id (another user's id finds nothing). */
export async function paymentOf(db: Tx, userId: number, payId: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(and(eq(payments.id, payId), eq(payments.userId, userId)));
  return row;
}

export async function insertPayment(db: Tx, userId: number, values: PaymentChanges, at: Date): Promise<PaymentRow> {
  const [row] = await db
    .insert(payments)
    .values({ ...values, userId, publicId: randomUUID(), createdAt: at })
    .returning();
  return row!;
}

/**
 * The §9 trial as a free, successful payment period from now: the tariff check every module makes
 * (`activeTariffsSql`, `paymentPeriodsOf`) honours it with no special case.
 */
export async function startTrial(db: Tx, userId: number, nowMs: number): Promise<PaymentRow> {
  const begin = Math.floor(nowMs / 1000);
  const end = begin + TRIAL_DAYS * 86_400;
  return insertPayment(db, userId, { tariff: TRIAL_TARIFF, isFree: true, success: true, amount: 0, dateBegin: begin, dateEnd: end, paymentDay: end, reason: TRIAL_REASON }, new Date(nowMs));
}

export async function updatePayment(db: Tx, userId: number, payId: number, changes: PaymentChanges): Promise<PaymentRow | undefined> {
  const [row] = await db.update(payments).set(changes).where(and(eq(payments.id, payId), eq(payments.userId, userId))).returning();
  return row;
}

/** One page of promocodes, newest first, each with its uses (successful payments naming the code). */
export async function promocodesPage(db: Tx, page: number, pageSize: number) {
  // Codes are stored upper-cased, payments as typed.
  const used = sql<number>`(select count(*)::int from ${payments} where ${payments.success} and upper(${payments.promocode}) = "promocodes"."code")`;
  const [[totalRow], rows] = await Promise.all([
    db.select({ n: count() }).from(promocodes),
    db.select({ row: promocodes, used }).from(promocodes).orderBy(desc(promocodes.id)).limit(pageSize).offset((page - 1) * pageSize),
  ]);
  return { total: Number(totalRow?.n ?? 0), rows };
}

export async function promocodeExists(db: Tx, code: string): Promise<boolean> {
  const [clash] = await db.select({ id: promocodes.id }).from(promocodes).where(eq(promocodes.code, code));
  return clash !== undefined;
}

/** The promocode typed as `code` (codes are stored upper-cased; payments keep them as typed). */
export async function promocodeByCode(db: Tx, code: string): Promise<PromocodeRow | undefined> {
  const [row] = await db.select().from(promocodes).where(eq(promocodes.code, code.toUpperCase()));
  return row;
}

/** A promocode by id (the partners module's referral code). */
export async function promocodeById(db: Tx, id: number): Promise<PromocodeRow | undefined> {
  const [row] = await db.select().from(promocodes).where(eq(promocodes.id, id));
  return row;
}

/** Uses of a code for the payments module's promo rules: successful payments naming it, everyone's and the user's. */
export async function promocodeUses(db: Tx, code: string, userId: number): Promise<{ all: number; byUser: number }> {
  const [row] = await db
    .select({ all: sql<number>`count(*)::int`, byUser: sql<number>`count(*) filter (where ${payments.userId} = ${userId})::int` })
    .from(payments)
    .where(and(eq(payments.success, true), sql`upper(${payments.promocode}) = ${code.toUpperCase()}`));
  return { all: Number(row?.all ?? 0), byUser: Number(row?.byUser ?? 0) };
}

/** The user's successful payments that were paid for (free periods such as the trial do not count). */
export async function paidPaymentsCount(db: Tx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(payments).where(and(eq(payments.userId, userId), eq(payments.success, true), eq(payments.isFree, false)));
  return Number(row?.n ?? 0);
}

export async function insertPromocode(db: Tx, values: typeof promocodes.$inferInsert): Promise<PromocodeRow> {
  const [row] = await db.insert(promocodes).values(values).returning();
  return row!;
}

/**
 * Account deletion: payments stay for accounting (amounts, dates, tariffs, provider ids) but lose the free-text
 * comment, and an auto-payment subscription is detached so nothing is charged again.
 */
export async function anonymisePaymentsOf(tx: Tx, userId: number): Promise<void> {
  await tx.update(payments).set({ comment: null, yoomoneySubscriptionId: null, isAutoPay: false }).where(eq(payments.userId, userId));
}

/** A payment by the public id of its pay link (the public pay page; no user scope: the id is the secret). */
export async function paymentByPublicId(db: Tx, publicId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.publicId, publicId));
  return row;
}

/** The same row locked until the transaction ends: two checkouts of one pay link paid at once are recorded in turn. */
export async function lockPaymentByPublicId(tx: Tx, publicId: string): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.publicId, publicId)).for('update');
  return row;
}

/** The user's payment rows a checkout became (`orderId` = the checkout's id). */
export async function paymentIdsOfOrder(db: Tx, userId: number, orderId: string): Promise<number[]> {
  const rows = await db.select({ id: payments.id }).from(payments).where(and(eq(payments.userId, userId), eq(payments.orderId, orderId))).orderBy(asc(payments.id));
  return rows.map((r) => r.id);
}

/** The user's successful periods of one tariff with their units (a new period extends the latest covering the same units). */
export const tariffPeriodsOf = (db: Tx, userId: number, tariff: number) =>
  db
    .select({ dateEnd: payments.dateEnd, instanceIds: payments.instanceIds, internalYclientsCompaniesIds: payments.internalYclientsCompaniesIds, iikoOrganizationsIds: payments.iikoOrganizationsIds, medFlexLpuIds: payments.medFlexLpuIds })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.tariff, tariff), eq(payments.success, true), isNotNull(payments.dateEnd)));
