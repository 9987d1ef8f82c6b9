import type { FlowFilters } from '../../shared/flows/index.ts';
import { normalizePhone } from '../../shared/validation/index.ts';
import type { bookingClients } from '../modules/clients/schema.ts';
import type { bookingRecords } from '../modules/booking/schema.ts';
import type { flows } from '../modules/flows/schema.ts';
import type { orders } from '../modules/orders/schema.ts';
import { localTime, nextInWindow } from './time.ts';

/** §8 warning texts for the monthly allowance. */
export const ALLOWANCE_LOW = 'You have fewer than 100 messages left';
export const ALLOWANCE_REACHED = 'You have reached your message limit';
/** A send that may have reached the provider (timeout, cut connection): never resent, so never twice. */
export const OUTCOME_UNKNOWN = 'outcome unknown';
/** §9: retry-range (repeat-visit) notifications, at most 200 per day. */
export const REPEAT_VISIT_DAILY_CAP = 200;

export type Decision =
  | { action: 'send'; to: string }
  | { action: 'defer'; until: number; reason: string }
  | { action: 'cancel'; reason: string }
  | { action: 'fail'; reason: string };

export interface SendFacts {
  now: number;
  timeZone: string;
  ownerPhone: string | null;
  flow: typeof flows.$inferSelect | undefined;
  record: typeof bookingRecords.$inferSelect | undefined;
  /** The order of an order message, as it is now. */
  order?: typeof orders.$inferSelect;
  client: typeof bookingClients.$inferSelect | undefined;
  masterName: string | null;
  serviceTitles: string[];
  recipient: string;
  kind: string;
}

const digits = (phone: string) => normalizePhone(phone)?.slice(1);

/** Where the message goes: the client in combat mode; in test mode the first test number, else the owner (§4). */
export function destination(f: SendFacts): string | undefined {
  if (f.flow?.mode === 'combat' || f.kind === 'dailyReport' || f.kind === 'weeklyReport') return f.recipient;
  const test = f.flow?.testPhones.split(',').map((p) => p.trim()).find(Boolean);
  return test ? digits(test) : f.ownerPhone ? digits(f.ownerPhone) : undefined;
}

const inRange = (value: number, r: { from: number; to: number }) => (r.from === -1 && r.to === -1) || (value >= r.from && value < r.to);

/** §3 flow filters against the record and client as they are now (empty list = no restriction). */
export function passesFilters(filters: FlowFilters, f: SendFacts): boolean {
  const { record, client } = f;
  if (record) {
    if (filters.masters.length && !(filters.masters.includes(String(record.masterId)) || (f.masterName && filters.masters.includes(f.masterName)))) return false;
    if (filters.services.length && !record.serviceIds.some((id, i) => filters.services.includes(String(id)) || filters.services.includes(f.serviceTitles[i] ?? ''))) return false;
    if (filters.statuses.length && !filters.statuses.includes(record.status)) return false;
    if (!inRange(localTime(record.startAt.getTime(), f.timeZone).hour, filters.time)) return false;
  }
  // An order has no master, services or visit hour; the status filter matches its §3 order status.
  if (f.order && filters.statuses.length && !filters.statuses.includes(f.order.status)) return false;
  if (client) {
    if (!inRange(client.visitCount, filters.visitCount)) return false;
    if (!inRange(client.spend, filters.spend)) return false;
  }
  return true;
}

/**
 * The checks that do not need counting (docs/delivery.md "Send-time rules"), in order: the flow still exists and
 * runs, its end date has not passed, the record or order still stands, the filters match, the hour is inside the window.
 */
export function decideStatic(f: SendFacts): Decision {
  const { flow } = f;
  if (!flow) return { action: 'cancel', reason: 'flow removed' };
  if (flow.status === 'Pause' || flow.status === 'Error' || flow.status === 'Canceled') return { action: 'cancel', reason: `flow stopped (${flow.status})` };
  if (flow.endDate && f.now > flow.endDate.getTime()) return { action: 'cancel', reason: 'flow ended' };
  if (f.record?.status === 'cancelled' && flow.type !== 'cancelledRecord') return { action: 'cancel', reason: 'record cancelled' };
  if (f.order) {
    // An abandoned cart is a reminder only while the order is still unconfirmed.
    if (flow.type === 'abandonedCart' && f.order.status !== 'Unconfirmed') return { action: 'cancel', reason: f.order.status === 'Cancelled' ? 'order cancelled' : 'order confirmed' };
    if (f.order.status === 'Cancelled' && flow.type !== 'cancelledRecord') return { action: 'cancel', reason: 'order cancelled' };
  }
  if (!passesFilters(flow.settings.filters, f)) return { action: 'cancel', reason: 'filtered out' };
  const hours = flow.settings.sendingHours;
  const next = nextInWindow(f.now, f.timeZone, hours.from, hours.to);
  if (next > f.now) return { action: 'defer', until: next, reason: 'outside sending hours' };
  const to = destination(f);
  if (!to) return { action: 'fail', reason: 'no test number' };
  return { action: 'send', to };
}
