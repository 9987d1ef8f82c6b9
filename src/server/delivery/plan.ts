import { and, eq, inArray } from 'drizzle-orm';
import { flowSource, RUNNING_STATUSES, type FlowKind, type FlowSource } from '../../shared/flows/index.ts';
import type { ChannelName } from './channels/channel.ts';
import { clientById } from '../modules/clients/store.ts';
import { bookingRecords } from '../modules/booking/schema.ts';
import { flows } from '../modules/flows/schema.ts';
import { messages } from './schema.ts';
import type { Tx } from '../platform/db/transactions.ts';

/** §9: reminders 24, 2 and 1 hours before a visit when the flow sets no offset of its own. */
export const DEFAULT_REMINDER_OFFSETS_MIN = [24 * 60, 2 * 60, 60];

export type Record = typeof bookingRecords.$inferSelect;
export type Flow = typeof flows.$inferSelect;

export interface RecordChanges {
  date: boolean;
  time: boolean;
  master: boolean;
  services: boolean;
}

export type BookingEvent =
  | { type: 'created' }
  | { type: 'moved'; changes: RecordChanges; startChanged: boolean }
  | { type: 'cancelled' }
  | { type: 'arrived' }
  | { type: 'noShow' }
  | { type: 'confirmed' };

export interface PlannedMessage {
  flow: Flow;
  key: string;
  at: number;
}

/** Running flows of these kinds that react to `source` events (the shared `flowSource` rule; a business has few flows). */
export async function runningFlows(tx: Tx, userId: number, kinds: FlowKind[], source: FlowSource): Promise<Flow[]> {
  const running = await tx
    .select()
    .from(flows)
    .where(and(eq(flows.userId, userId), inArray(flows.type, kinds), inArray(flows.status, RUNNING_STATUSES as never[])));
  return running.filter((flow) => flowSource(flow.settings, flow.type) === source);
}

/** One reminder per offset (the flow's delay in minutes when set, else 24/2/1 h); past moments are skipped. */
export function reminderPlan(flow: Flow, record: Record, now: number): PlannedMessage[] {
  const offsets = flow.settings.delayMinutes > 0 ? [flow.settings.delayMinutes] : DEFAULT_REMINDER_OFFSETS_MIN;
  const start = record.startAt.getTime();
  return offsets
    .map((min) => ({ flow, key: `rem:${flow.id}:${record.id}:v${record.version}:${min}`, at: start - min * 60_000 }))
    .filter((p) => p.at > now);
}

const after = (flow: Flow, now: number) => now + flow.settings.delayMinutes * 60_000;

/** Which messages a booking event plans, flow by flow (docs/delivery.md "Planning"). */
export function planFor(event: BookingEvent, record: Record, running: Flow[], now: number): PlannedMessage[] {
  const out: PlannedMessage[] = [];
  for (const flow of running) {
    switch (flow.type) {
      case 'recordReminder':
        if (event.type === 'created' || (event.type === 'moved' && event.startChanged)) out.push(...reminderPlan(flow, record, now));
        break;
      case 'newRecord':
        if (event.type === 'created') out.push({ flow, key: `new:${flow.id}:${record.id}`, at: after(flow, now) });
        break;
      case 'changedRecord':
        if (event.type === 'moved') {
          const sw = flow.settings.changeConsideration;
          const counts = (event.changes.date && sw.date) || (event.changes.time && sw.time) || (event.changes.master && sw.master) || (event.changes.services && sw.services);
          if (counts) out.push({ flow, key: `chg:${flow.id}:${record.id}:v${record.version}`, at: after(flow, now) });
        }
        break;
      case 'cancelledRecord':
        if (event.type === 'cancelled') out.push({ flow, key: `cnl:${flow.id}:${record.id}`, at: after(flow, now) });
        break;
      case 'reviewRequest':
      case 'crossSell':
        if (event.type === 'arrived') out.push({ flow, key: `${flow.type}:${flow.id}:${record.id}`, at: after(flow, now) });
        break;
      default:
        break; // periodic kinds are planned by the planner tick (periodic.ts)
    }
  }
  return out;
}

const EVENT_KINDS: FlowKind[] = ['recordReminder', 'newRecord', 'changedRecord', 'cancelledRecord', 'reviewRequest', 'crossSell'];

/**
 * Plans the messages of one booking event inside the event's own transaction, and withdraws the ones the event
 * made pointless (a move cancels the old reminders, a cancellation everything still queued for the record).
 */
export async function planBookingEvent(tx: Tx, record: Record, event: BookingEvent, now: number, channel: ChannelName): Promise<number> {
  const at = new Date(now);
  const queuedOfRecord = and(eq(messages.recordId, record.id), eq(messages.status, 'queued'));
  if (event.type === 'cancelled') {
    await tx.update(messages).set({ status: 'cancelled', reason: 'record cancelled', failedAt: at }).where(queuedOfRecord);
  } else if ((event.type === 'moved' && event.startChanged) || event.type === 'arrived' || event.type === 'noShow') {
    const reason = event.type === 'moved' ? 'record moved' : event.type === 'arrived' ? 'client arrived' : 'client did not come';
    await tx
      .update(messages)
      .set({ status: 'cancelled', reason, failedAt: at })
      .where(and(queuedOfRecord, eq(messages.kind, 'recordReminder')));
  }
  if (event.type === 'moved') {
    // An unsent notice about an earlier change is superseded by this one.
    await tx
      .update(messages)
      .set({ status: 'cancelled', reason: 'superseded by a later change', failedAt: at })
      .where(and(queuedOfRecord, eq(messages.kind, 'changedRecord')));
  }
  const running = await runningFlows(tx, record.userId, EVENT_KINDS, 'booking');
  const planned = planFor(event, record, running, now);
  return insertPlanned(tx, planned, { userId: record.userId, recordId: record.id, clientId: record.clientId }, now, channel);
}

/** Writes planned messages for one record or order to the outbox; a key already there (a repeat) inserts nothing. */
export async function insertPlanned(
  tx: Tx,
  planned: PlannedMessage[],
  about: { userId: number; clientId: number; recordId?: number; orderId?: number },
  now: number,
  channel: ChannelName,
): Promise<number> {
  if (!planned.length) return 0;
  const client = await clientById(tx, about.clientId);
  const inserted = await tx
    .insert(messages)
    .values(
      planned.map((p) => ({
        ...about,
        flowId: p.flow.id,
        kind: p.flow.type,
        recipient: client!.phone,
        channel,
        idempotencyKey: p.key,
        plannedAt: new Date(p.at),
        createdAt: new Date(now),
      })),
    )
    .onConflictDoNothing({ target: messages.idempotencyKey })
    .returning({ id: messages.id });
  return inserted.length;
}
