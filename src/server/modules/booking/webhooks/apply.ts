import { and, eq, sql } from 'drizzle-orm';
import { bookingMasters, bookingRecords, bookingServices } from '../schema.ts';
import type { Tx } from '../../../platform/db/transactions.ts';
import type { Record as BookingRecord } from '../plan.ts';
import { createRecord, moveRecord, setRecordStatus } from '../store.ts';
import { phoneDigits, upsertClient } from '../../clients/store.ts';
import type { EventContext } from '../../../delivery/event-context.ts';
import type { WebhookResult } from '../../integrations/payload.ts';
import { companyAllowed } from '../../integrations/company.ts';
import { attendanceStatus, envelopeSchema, parse, recordSchema, type RecordData } from './payload.ts';

export type WebhookSource = 'yclients' | 'altegio';
const SYSTEM_NAME: Record<WebhookSource, string> = { yclients: 'YCLIENTS', altegio: 'Altegio' };

async function upsertMaster(tx: Tx, userId: number, source: WebhookSource, staff: RecordData['staff']): Promise<number | null> {
  if (!staff || staff.id === '0') return null; // YCLIENTS reports "any master" as staff 0
  const [row] = await tx
    .insert(bookingMasters)
    .values({ userId, name: staff.name || `#${staff.id}`, externalId: `${source}:${staff.id}` })
    .onConflictDoUpdate({ target: [bookingMasters.userId, bookingMasters.externalId], set: { name: staff.name ? staff.name : sql`${bookingMasters.name}` } })
    .returning({ id: bookingMasters.id });
  return row!.id;
}

async function upsertServices(tx: Tx, userId: number, source: WebhookSource, services: RecordData['services']): Promise<number[]> {
  const ids: number[] = [];
  for (const s of services) {
    const [row] = await tx
      .insert(bookingServices)
      .values({ userId, title: s.title || `#${s.id}`, price: s.cost, externalId: `${source}:${s.id}` })
      .onConflictDoUpdate({ target: [bookingServices.userId, bookingServices.externalId], set: { title: s.title ? s.title : sql`${bookingServices.title}`, price: s.cost } })
      .returning({ id: bookingServices.id });
    ids.push(row!.id);
  }
  return ids;
}

const findRecord = async (tx: Tx, userId: number, source: WebhookSource, externalId: string): Promise<BookingRecord | undefined> =>
  (await tx.select().from(bookingRecords).where(and(eq(bookingRecords.userId, userId), eq(bookingRecords.source, source), eq(bookingRecords.externalId, externalId))).for('update'))[0];

/** Attendance moves the visit status forward only: a visit that took place or a cancelled one stays as it is. */
async function applyAttendance(tx: Tx, userId: number, record: BookingRecord, data: RecordData, ctx: EventContext): Promise<BookingRecord> {
  const target = attendanceStatus(data.attendance);
  if (target === 'booked' || target === record.status || record.status === 'arrived' || record.status === 'cancelled') return record;
  return setRecordStatus(tx, userId, record.id, target, ctx);
}

/**
 * Applies one webhook in the caller's transaction: the record found by (source, external id) is created, moved,
 * re-statused or cancelled through the same store calls as the demo booking system, so the same events are raised
 * and the same messages planned. A repeated delivery finds nothing to change and plans nothing.
 */
export async function applyWebhook(tx: Tx, userId: number, source: WebhookSource, body: unknown, ctx: EventContext): Promise<WebhookResult> {
  const envelope = parse(envelopeSchema, body);
  if (envelope.resource !== 'record') return 'ignored'; // clients, finances, goods…: nothing the flows use
  const company = { kind: 'yclientsCompany' as const, source, id: envelope.company_id, name: `${SYSTEM_NAME[source]} ${envelope.company_id}` };
  if (!(await companyAllowed(tx, userId, company, ctx.now))) return 'ignored'; // another company on this owner's URL
  const existing = await findRecord(tx, userId, source, envelope.resource_id);
  const deleted = envelope.status === 'delete' || (envelope.data as { deleted?: unknown } | undefined)?.deleted === true;
  if (deleted) {
    if (!existing || existing.status === 'cancelled' || existing.status === 'arrived') return 'unchanged';
    await setRecordStatus(tx, userId, existing.id, 'cancelled', ctx);
    return 'applied';
  }
  const data = parse(recordSchema, envelope.data, 'data');
  const client = data.client;
  if (!client) return 'ignored';
  const masterId = await upsertMaster(tx, userId, source, data.staff);
  const serviceIds = await upsertServices(tx, userId, source, data.services);
  const startAt = Date.parse(data.datetime);
  if (!existing) {
    const created = await createRecord(tx, userId, { phone: client.phone, name: client.name || undefined, masterId, serviceIds, startAt }, ctx, source);
    const [withId] = await tx.update(bookingRecords).set({ externalId: envelope.resource_id }).where(eq(bookingRecords.id, created.id)).returning();
    await applyAttendance(tx, userId, withId!, data, ctx);
    return 'applied';
  }
  if (client.name) await upsertClient(tx, userId, { phone: phoneDigits(client.phone, 'data.client.phone'), name: client.name }, ctx.now);
  if (existing.status === 'cancelled') return 'unchanged'; // a cancelled record is not reopened by a late update
  const moved = existing.status === 'arrived' ? existing : await moveRecord(tx, userId, existing.id, { startAt, masterId, serviceIds }, ctx);
  const after = await applyAttendance(tx, userId, moved, data, ctx);
  return after.version !== existing.version || after.status !== existing.status ? 'applied' : 'unchanged';
}
