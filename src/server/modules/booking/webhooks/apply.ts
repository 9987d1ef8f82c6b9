import type { Tx } from '../../../platform/db/transactions.ts';
import type { Record as BookingRecord } from '../plan.ts';
import { createRecord, lockExternalRecord, moveRecord, setRecordExternalId, setRecordStatus, upsertExternalMaster, upsertExternalService } from '../store.ts';
import { phoneDigits, upsertClient } from '../../clients/store.ts';
import type { EventContext } from '../../../delivery/event-context.ts';
import type { WebhookResult } from '../../integrations/payload.ts';
import { companyAllowed } from '../../integrations/company.ts';
import { attendanceStatus, envelopeSchema, parse, recordSchema, type RecordData } from './payload.ts';

export type WebhookSource = 'yclients' | 'altegio';
const SYSTEM_NAME: Record<WebhookSource, string> = { yclients: 'YCLIENTS', altegio: 'Altegio' };

async function upsertMaster(tx: Tx, userId: number, source: WebhookSource, staff: RecordData['staff']): Promise<number | null> {
  if (!staff || staff.id === '0') return null; // YCLIENTS reports "any master" as staff 0
  return upsertExternalMaster(tx, userId, `${source}:${staff.id}`, staff.name, `#${staff.id}`);
}

async function upsertServices(tx: Tx, userId: number, source: WebhookSource, services: RecordData['services']): Promise<number[]> {
  const ids: number[] = [];
  for (const s of services) ids.push(await upsertExternalService(tx, userId, `${source}:${s.id}`, s.title, `#${s.id}`, s.cost));
  return ids;
}

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
  const existing = await lockExternalRecord(tx, userId, source, envelope.resource_id);
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
    const withId = await setRecordExternalId(tx, created.id, envelope.resource_id);
    await applyAttendance(tx, userId, withId, data, ctx);
    return 'applied';
  }
  if (client.name) await upsertClient(tx, userId, { phone: phoneDigits(client.phone, 'data.client.phone'), name: client.name }, ctx.now);
  if (existing.status === 'cancelled') return 'unchanged'; // a cancelled record is not reopened by a late update
  const moved = existing.status === 'arrived' ? existing : await moveRecord(tx, userId, existing.id, { startAt, masterId, serviceIds }, ctx);
  const after = await applyAttendance(tx, userId, moved, data, ctx);
  return after.version !== existing.version || after.status !== existing.status ? 'applied' : 'unchanged';
}
