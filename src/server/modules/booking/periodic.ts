import { flowSource } from '../../../shared/flows/index.ts';
import { fillVariables } from '../../../shared/flows/variables.ts';
import { normalizePhone } from '../../../shared/validation/index.ts';
import { insertPeriodic } from '../../delivery/plan.ts';
import type { PeriodicPlanner } from '../../delivery/source.ts';
import { fromLocal, localDate, localTime } from '../../delivery/time.ts';
import { clientPhone, newClientsBetween } from '../clients/store.ts';
import { insertMessagesFrom } from '../delivery/store.ts';
import { DEFAULT_REMINDER_OFFSETS_MIN } from './plan.ts';
import { reminderRows, reportStats, upcomingRecordIds } from './store.ts';

const SWEEP_CHUNK = 5000;

/**
 * The daily reminder sweep: reminders for every upcoming booked/confirmed record of the owner (booked before the
 * flow started, or by a source that missed an event), in chunks of records by id; booking events plan them at once.
 */
export const sweepReminders: PeriodicPlanner = async (db, flow, { now, channel }) => {
  // Visit reminders concern booking records; an order flow of this kind has no visit to remind of.
  if (flowSource(flow.settings, flow.type) !== 'booking') return 0;
  const offsets = flow.settings.delayMinutes > 0 ? [flow.settings.delayMinutes] : DEFAULT_REMINDER_OFFSETS_MIN;
  let after = 0;
  let planned = 0;
  for (;;) {
    const chunk = await upcomingRecordIds(db, flow.userId, now, after, SWEEP_CHUNK);
    if (!chunk.length) return planned;
    const firstId = chunk[0]!;
    after = chunk.at(-1)!;
    const rows = reminderRows({ flowId: flow.id, userId: flow.userId, channel, now, offsets, firstId, lastId: after }, clientPhone);
    planned += await insertMessagesFrom(db, rows, flow.id);
    if (chunk.length < SWEEP_CHUNK) return planned;
  }
};

/** Daily and weekly reports to the owner: yesterday's (daily) or last week's (weekly) numbers in the business zone. */
export const planReport: PeriodicPlanner = async (db, flow, { now, timeZone: zone, ownerPhone, channel }) => {
  const owner = ownerPhone ? normalizePhone(ownerPhone)?.slice(1) : undefined;
  if (!owner) return 0;
  const l = localTime(now, zone);
  const to = fromLocal(zone, l.year, l.month, l.day);
  const from = flow.type === 'weeklyReport' ? fromLocal(zone, l.year, l.month, l.day - 7) : fromLocal(zone, l.year, l.month, l.day - 1);
  const stats = await reportStats(db, flow.userId, from, to);
  const text = fillVariables(flow.content, {
    reportDate: localDate(from, zone),
    recordsCount: String(stats.records),
    revenue: String(stats.revenue),
    newClientsCount: String(await newClientsBetween(db, flow.userId, from, to)),
  });
  return insertPeriodic(db, flow, now, channel, [{ key: `rep:${flow.id}:${localDate(to, zone)}`, recipient: owner, text }]);
};
