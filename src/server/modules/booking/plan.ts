import type { FlowKind } from '../../../shared/flows/index.ts';
import type { ChannelName } from '../../delivery/channels/channel.ts';
import { afterDelay, insertPlanned, runningFlows, withdrawQueued, type Flow, type PlannedMessage } from '../../delivery/plan.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import type { bookingRecords } from './schema.ts';

/** §9: reminders 24, 2 and 1 hours before a visit when the flow sets no offset of its own. */
export const DEFAULT_REMINDER_OFFSETS_MIN = [24 * 60, 2 * 60, 60];

export type Record = typeof bookingRecords.$inferSelect;

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

/** One reminder per offset (the flow's delay in minutes when set, else 24/2/1 h); past moments are skipped. */
export function reminderPlan(flow: Flow, record: Record, now: number): PlannedMessage[] {
  const offsets = flow.settings.delayMinutes > 0 ? [flow.settings.delayMinutes] : DEFAULT_REMINDER_OFFSETS_MIN;
  const start = record.startAt.getTime();
  return offsets
    .map((min) => ({ flow, key: `rem:${flow.id}:${record.id}:v${record.version}:${min}`, at: start - min * 60_000 }))
    .filter((p) => p.at > now);
}

/** Which messages a booking event plans, flow by flow (docs/delivery.md "Planning"). */
export function planFor(event: BookingEvent, record: Record, running: Flow[], now: number): PlannedMessage[] {
  const out: PlannedMessage[] = [];
  for (const flow of running) {
    switch (flow.type) {
      case 'recordReminder':
        if (event.type === 'created' || (event.type === 'moved' && event.startChanged)) out.push(...reminderPlan(flow, record, now));
        break;
      case 'newRecord':
        if (event.type === 'created') out.push({ flow, key: `new:${flow.id}:${record.id}`, at: afterDelay(flow, now) });
        break;
      case 'changedRecord':
        if (event.type === 'moved') {
          const sw = flow.settings.changeConsideration;
          const counts = (event.changes.date && sw.date) || (event.changes.time && sw.time) || (event.changes.master && sw.master) || (event.changes.services && sw.services);
          if (counts) out.push({ flow, key: `chg:${flow.id}:${record.id}:v${record.version}`, at: afterDelay(flow, now) });
        }
        break;
      case 'cancelledRecord':
        if (event.type === 'cancelled') out.push({ flow, key: `cnl:${flow.id}:${record.id}`, at: afterDelay(flow, now) });
        break;
      case 'reviewRequest':
      case 'crossSell':
        if (event.type === 'arrived') out.push({ flow, key: `${flow.type}:${flow.id}:${record.id}`, at: afterDelay(flow, now) });
        break;
      default:
        break; // periodic kinds are planned by the planner tick (source.ts, delivery/periodic.ts)
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
  if (event.type === 'cancelled') {
    await withdrawQueued(tx, 'recordId', record.id, 'record cancelled', now);
  } else if ((event.type === 'moved' && event.startChanged) || event.type === 'arrived' || event.type === 'noShow') {
    const reason = event.type === 'moved' ? 'record moved' : event.type === 'arrived' ? 'client arrived' : 'client did not come';
    await withdrawQueued(tx, 'recordId', record.id, reason, now, ['recordReminder']);
  }
  if (event.type === 'moved') {
    // An unsent notice about an earlier change is superseded by this one.
    await withdrawQueued(tx, 'recordId', record.id, 'superseded by a later change', now, ['changedRecord']);
  }
  const running = await runningFlows(tx, record.userId, EVENT_KINDS, 'booking');
  const planned = planFor(event, record, running, now);
  return insertPlanned(tx, planned, { userId: record.userId, recordId: record.id, clientId: record.clientId }, now, channel);
}
