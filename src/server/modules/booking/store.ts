import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { invalidField } from '../../platform/http/field-error.ts';
import { phoneDigits, recordVisit, upsertClient } from '../clients/store.ts';
import type { EventContext } from '../../delivery/event-context.ts';
import { bookingMasters, bookingRecords, bookingServices } from './schema.ts';
import { planBookingEvent, type BookingEvent, type Record } from './plan.ts';
import type { Db } from '../../platform/db/open.ts';
import { rowsOf } from '../../platform/db/rows.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import { localDate } from '../../delivery/time.ts';
import { queueAmoPush } from '../connections/amo/store.ts';
import { HttpError, notFound } from '../../platform/http/problem.ts';

/**
 * The source-neutral booking model. Every change goes through here in one transaction with the messages it
 * plans, whichever system it came from (the built-in demo system today, booking-system webhooks later).
 */
export interface RecordInput {
  phone: string;
  name?: string;
  birthday?: string;
  masterId?: number | null;
  serviceIds?: number[];
  startAt: number;
}

async function checkRefs(tx: Tx, userId: number, masterId: number | null | undefined, serviceIds: number[] | undefined) {
  if (masterId != null) {
    const [m] = await tx.select({ id: bookingMasters.id }).from(bookingMasters).where(and(eq(bookingMasters.id, masterId), eq(bookingMasters.userId, userId)));
    if (!m) throw invalidField('masterId', 'noSuchMaster');
  }
  if (serviceIds?.length) {
    const found = await tx.select({ id: bookingServices.id }).from(bookingServices).where(and(inArray(bookingServices.id, serviceIds), eq(bookingServices.userId, userId)));
    if (found.length !== new Set(serviceIds).size) throw invalidField('serviceIds', 'noSuchService');
  }
}

export async function createRecord(tx: Tx, userId: number, input: RecordInput, ctx: EventContext, source = 'demo'): Promise<Record> {
  const phone = phoneDigits(input.phone);
  await checkRefs(tx, userId, input.masterId, input.serviceIds);
  const client = await upsertClient(tx, userId, { phone, name: input.name, birthday: input.birthday }, ctx.now);
  const at = new Date(ctx.now);
  const [record] = await tx
    .insert(bookingRecords)
    .values({ userId, clientId: client.id, masterId: input.masterId ?? null, serviceIds: input.serviceIds ?? [], startAt: new Date(input.startAt), source, createdAt: at, updatedAt: at })
    .returning();
  await planBookingEvent(tx, record!, { type: 'created' }, ctx.now, ctx.channel);
  await queueAmoPush(tx, record!);
  return record!;
}

/** Loads the caller's record, locked for the change; another user's id answers 404. */
export async function lockOwnRecord(tx: Tx, userId: number, recordId: number): Promise<Record> {
  const [record] = await tx.select().from(bookingRecords).where(and(eq(bookingRecords.id, recordId), eq(bookingRecords.userId, userId))).for('update');
  if (!record) throw notFound('recordNotFound');
  return record;
}

const assertOpen = (record: Record) => {
  if (record.status === 'cancelled') throw new HttpError(409, 'recordCancelled');
};

export async function moveRecord(tx: Tx, userId: number, recordId: number, patch: Omit<Partial<RecordInput>, 'phone'>, ctx: EventContext): Promise<Record> {
  const record = await lockOwnRecord(tx, userId, recordId);
  assertOpen(record);
  await checkRefs(tx, userId, patch.masterId, patch.serviceIds);
  const startAt = patch.startAt ?? record.startAt.getTime();
  const oldStart = record.startAt.getTime();
  const sameServices = (a: number[], b: number[]) => a.length === b.length && [...a].sort().every((v, i) => v === [...b].sort()[i]);
  const changes = {
    date: localDate(startAt, ctx.timeZone) !== localDate(oldStart, ctx.timeZone),
    time: (startAt - oldStart) % 86_400_000 !== 0,
    master: patch.masterId !== undefined && patch.masterId !== record.masterId,
    services: patch.serviceIds !== undefined && !sameServices(patch.serviceIds, record.serviceIds),
  };
  const startChanged = startAt !== oldStart;
  if (!startChanged && !changes.master && !changes.services) return record; // nothing changed: no event
  const [moved] = await tx
    .update(bookingRecords)
    .set({
      startAt: new Date(startAt),
      masterId: patch.masterId === undefined ? record.masterId : patch.masterId,
      serviceIds: patch.serviceIds ?? record.serviceIds,
      version: record.version + 1,
      updatedAt: new Date(ctx.now),
    })
    .where(eq(bookingRecords.id, record.id))
    .returning();
  await planBookingEvent(tx, moved!, { type: 'moved', changes, startChanged }, ctx.now, ctx.channel);
  await queueAmoPush(tx, moved!);
  return moved!;
}

export type VisitStatus = 'confirmed' | 'arrived' | 'noShow' | 'cancelled';

export async function setRecordStatus(tx: Tx, userId: number, recordId: number, status: VisitStatus, ctx: EventContext): Promise<Record> {
  const record = await lockOwnRecord(tx, userId, recordId);
  assertOpen(record);
  if (record.status === status) return record; // repeated webhook or click: no second event
  if (record.status === 'arrived' && status !== 'arrived') throw new HttpError(409, 'visitTookPlace');
  const [updated] = await tx.update(bookingRecords).set({ status, updatedAt: new Date(ctx.now) }).where(eq(bookingRecords.id, record.id)).returning();
  if (status === 'arrived') {
    const prices = record.serviceIds.length
      ? await tx.select({ price: bookingServices.price }).from(bookingServices).where(inArray(bookingServices.id, record.serviceIds))
      : [];
    const spend = prices.reduce((sum, p) => sum + p.price, 0);
    await recordVisit(tx, record.clientId, spend, record.startAt);
  }
  const event: BookingEvent = { type: status };
  await planBookingEvent(tx, updated!, event, ctx.now, ctx.channel);
  await queueAmoPush(tx, updated!);
  return updated!;
}

const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));

/** Records by id, for the send-time facts of a batch of messages (one query). */
export async function recordsByIds(tx: Tx, ids: number[]): Promise<Map<number, Record>> {
  return byId(ids.length ? await tx.select().from(bookingRecords).where(inArray(bookingRecords.id, ids)) : []);
}

export async function mastersByIds(tx: Tx, ids: number[]) {
  return byId(ids.length ? await tx.select({ id: bookingMasters.id, name: bookingMasters.name }).from(bookingMasters).where(inArray(bookingMasters.id, ids)) : []);
}

export async function servicesByIds(tx: Tx, ids: number[]) {
  return byId(ids.length ? await tx.select({ id: bookingServices.id, title: bookingServices.title, price: bookingServices.price }).from(bookingServices).where(inArray(bookingServices.id, ids)) : []);
}

// Masters and services: the demo system's lists, and the ones booking-system webhooks report (found by `source:id`).

export async function listMasters(db: Db, userId: number) {
  return db.select({ id: bookingMasters.id, name: bookingMasters.name }).from(bookingMasters).where(eq(bookingMasters.userId, userId)).orderBy(asc(bookingMasters.id));
}

export async function addMaster(db: Db, userId: number, name: string) {
  const [row] = await db.insert(bookingMasters).values({ userId, name }).returning({ id: bookingMasters.id, name: bookingMasters.name });
  return row!;
}

const serviceColumns = { id: bookingServices.id, title: bookingServices.title, price: bookingServices.price, durationMinutes: bookingServices.durationMinutes };

export async function listServices(db: Db, userId: number) {
  return db.select(serviceColumns).from(bookingServices).where(eq(bookingServices.userId, userId)).orderBy(asc(bookingServices.id));
}

export async function addService(db: Db, userId: number, service: { title: string; price: number; durationMinutes: number }) {
  const [row] = await db.insert(bookingServices).values({ userId, ...service }).returning(serviceColumns);
  return row!;
}

/** The master a booking system reports (`externalId` = `source:id`), created or renamed; returns its id. */
export async function upsertExternalMaster(tx: Tx, userId: number, externalId: string, name: string | undefined, fallbackName: string): Promise<number> {
  const [row] = await tx
    .insert(bookingMasters)
    .values({ userId, name: name || fallbackName, externalId })
    .onConflictDoUpdate({ target: [bookingMasters.userId, bookingMasters.externalId], set: { name: name ? name : sql`${bookingMasters.name}` } })
    .returning({ id: bookingMasters.id });
  return row!.id;
}

/** A service a booking system reports (`externalId` = `source:id`), created or updated; returns its id. */
export async function upsertExternalService(tx: Tx, userId: number, externalId: string, title: string | undefined, fallbackTitle: string, price: number): Promise<number> {
  const [row] = await tx
    .insert(bookingServices)
    .values({ userId, title: title || fallbackTitle, price, externalId })
    .onConflictDoUpdate({ target: [bookingServices.userId, bookingServices.externalId], set: { title: title ? title : sql`${bookingServices.title}`, price } })
    .returning({ id: bookingServices.id });
  return row!.id;
}

/** The record a booking system knows by (source, its id), locked for the change. */
export async function lockExternalRecord(tx: Tx, userId: number, source: string, externalId: string): Promise<Record | undefined> {
  const [record] = await tx.select().from(bookingRecords).where(and(eq(bookingRecords.userId, userId), eq(bookingRecords.source, source), eq(bookingRecords.externalId, externalId))).for('update');
  return record;
}

/** Stores the booking system's id of a record created from its webhook. */
export async function setRecordExternalId(tx: Tx, recordId: number, externalId: string): Promise<Record> {
  const [record] = await tx.update(bookingRecords).set({ externalId }).where(eq(bookingRecords.id, recordId)).returning();
  return record!;
}

/** A condition for planners' statements: the client booked a record (not cancelled) after `since` (laterActivity). */
export const bookedSince = (clientId: SQL, since: SQL): SQL =>
  sql`EXISTS (SELECT 1 FROM booking_records r WHERE r.client_id = ${clientId} AND r.created_at > ${since} AND r.status <> 'cancelled')`;

// The planners' statements (booking/periodic.ts): the daily reminder sweep and the owner's reports.

const iso = (ms: number) => new Date(ms).toISOString();

/** Ids of the owner's upcoming booked/confirmed records after `afterId`, in id order, at most `limit`. */
export async function upcomingRecordIds(db: Db, userId: number, now: number, afterId: number, limit: number): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`SELECT id FROM booking_records WHERE user_id = ${userId} AND status IN ('booked', 'confirmed')
        AND start_at > ${iso(now)}::timestamptz AND id > ${afterId} ORDER BY id LIMIT ${limit}`,
  );
  return rows.map((r) => r.id);
}

/**
 * The reminders of the owner's upcoming records with ids in [firstId, lastId], one per offset still ahead, as rows
 * for delivery's `insertMessagesFrom` (its PLANNED_COLUMNS); `phoneOf` gives the client's phone (clients' store).
 */
export function reminderRows(
  p: { flowId: number; userId: number; channel: string; now: number; offsets: number[]; firstId: number; lastId: number },
  phoneOf: (clientId: SQL) => SQL,
): SQL {
  const at = iso(p.now);
  // The records first (OFFSET 0 keeps the subquery from being merged), so each client's phone is read once per
  // record rather than once per reminder.
  return sql`SELECT r.user_id, ${p.flowId}, 'recordReminder', r.id, r.client_id, r.phone, ${p.channel},
                 'rem:' || ${p.flowId} || ':' || r.id || ':v' || r.version || ':' || o.min,
                 r.start_at - make_interval(mins => o.min), ${at}::timestamptz
          FROM (SELECT r.id, r.user_id, r.client_id, r.version, r.start_at, ${phoneOf(sql`r.client_id`)} AS phone
                FROM booking_records r
                WHERE r.user_id = ${p.userId} AND r.id BETWEEN ${p.firstId} AND ${p.lastId} AND r.status IN ('booked', 'confirmed')
                  AND r.start_at > ${at}::timestamptz
                OFFSET 0) r
          CROSS JOIN unnest(${`{${p.offsets.join(',')}}`}::int[]) AS o(min)
          WHERE r.start_at - make_interval(mins => o.min) > ${at}::timestamptz`;
}

/** The owner's report numbers for [from, to): records not cancelled that start then, the revenue of visits that took place. */
export async function reportStats(db: Db, userId: number, from: number, to: number): Promise<{ records: number; revenue: number }> {
  const [stats] = await rowsOf<{ records: number; revenue: number }>(
    db,
    sql`SELECT
          (SELECT count(*)::int FROM booking_records WHERE user_id = ${userId} AND status <> 'cancelled'
             AND start_at >= ${iso(from)}::timestamptz AND start_at < ${iso(to)}::timestamptz) AS records,
          (SELECT coalesce(sum(s.price), 0)::float FROM booking_records r
             CROSS JOIN LATERAL jsonb_array_elements_text(r.service_ids) AS sid(id)
             JOIN booking_services s ON s.id = sid.id::int
             WHERE r.user_id = ${userId} AND r.status = 'arrived'
               AND r.start_at >= ${iso(from)}::timestamptz AND r.start_at < ${iso(to)}::timestamptz) AS revenue`,
  );
  return { records: stats?.records ?? 0, revenue: stats?.revenue ?? 0 };
}

/**
 * A condition for the conversion statement: a record of the client was created (booked) or took place (arrived)
 * within `days` after `at`.
 */
export const bookedWithin = (days: number) => (clientId: SQL, at: SQL): SQL =>
  sql`EXISTS (
    SELECT 1 FROM booking_records r WHERE r.client_id = ${clientId} AND r.status <> 'cancelled' AND (
      (r.created_at >= ${at} AND r.created_at <= ${at} + make_interval(days => ${days}))
      OR (r.status = 'arrived' AND r.start_at >= ${at} AND r.start_at <= ${at} + make_interval(days => ${days}))))`;

/** Account deletion: the owner's records, masters and services go (records first: they name masters). */
export async function deleteOwnerData(tx: Tx, userId: number): Promise<void> {
  await tx.delete(bookingRecords).where(eq(bookingRecords.userId, userId));
  await tx.delete(bookingMasters).where(eq(bookingMasters.userId, userId));
  await tx.delete(bookingServices).where(eq(bookingServices.userId, userId));
}

// Bulk writes of the demo account's regeneration (modules/demo): one statement per table, ids in the rows' order.

export async function insertMasters(tx: Tx, userId: number, names: readonly string[]): Promise<number[]> {
  if (!names.length) return [];
  return (await tx.insert(bookingMasters).values(names.map((name) => ({ userId, name }))).returning({ id: bookingMasters.id })).map((r) => r.id);
}

export async function insertServices(tx: Tx, userId: number, rows: readonly { title: string; price: number; durationMinutes: number }[]): Promise<number[]> {
  if (!rows.length) return [];
  return (await tx.insert(bookingServices).values(rows.map((r) => ({ ...r, userId }))).returning({ id: bookingServices.id })).map((r) => r.id);
}

export async function insertRecords(tx: Tx, rows: (typeof bookingRecords.$inferInsert)[]): Promise<number[]> {
  if (!rows.length) return [];
  return (await tx.insert(bookingRecords).values(rows).returning({ id: bookingRecords.id })).map((r) => r.id);
}

/**
 * Clients of the business who had a booking (not cancelled) with any of these masters, and any of these services
 * (ids or names, as the flows' filters match them): `SELECT client_id` for another module's set-based statement (a
 * distribution's audience). An empty list does not restrict.
 */
export function clientsWhoVisitedSql(userId: number, masters: readonly string[], services: readonly string[]): SQL | undefined {
  const list = (values: readonly string[]) => sql`(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
  const where: SQL[] = [sql`r.user_id = ${userId}`, sql`r.status <> 'cancelled'`];
  const parts: SQL[] = [];
  if (masters.length) {
    parts.push(sql`SELECT r.client_id FROM booking_records r LEFT JOIN booking_masters m ON m.id = r.master_id
      WHERE ${sql.join(where, sql` AND `)} AND (r.master_id::text IN ${list(masters)} OR m.name IN ${list(masters)})`);
  }
  if (services.length) {
    parts.push(sql`SELECT r.client_id FROM booking_records r
      WHERE ${sql.join(where, sql` AND `)} AND EXISTS (
        SELECT 1 FROM jsonb_array_elements_text(r.service_ids) AS si(id) LEFT JOIN booking_services bs ON bs.id::text = si.id
        WHERE si.id IN ${list(services)} OR bs.title IN ${list(services)})`);
  }
  return parts.length ? sql.join(parts, sql` INTERSECT `) : undefined;
}
