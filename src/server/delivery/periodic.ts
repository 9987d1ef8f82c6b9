import type { SQL } from 'drizzle-orm';
import type { ChannelName } from './channels/channel.ts';
import type { Db } from '../platform/db/open.ts';
import { beginTurn, runningFlowsDue, setNextStart } from '../modules/flows/store-due.ts';
import { businessProfiles } from '../modules/account/store.ts';
import { TURN_KINDS } from './flow-status.ts';
import { messageSources, periodicPlanners } from './sources.ts';
import { fromLocal, localTime } from './time.ts';
import { sqlStateOf } from '../platform/db/errors.ts';

// The kinds the planner tick plans, from the sources' `periodic` planners: recordReminder is among them (the
// booking source's daily sweep plans reminders for upcoming visits booked before the flow started, or by a source
// that missed an event; booking events plan them at once), with birthdays, repeat visits and reports.
const PERIODIC = [...periodicPlanners.keys()];

/** Every source's "the client came back after `since`" condition, for the repeat-visit planner. */
const laterActivity = (clientId: SQL, since: SQL) => messageSources.flatMap((s) => (s.laterActivity ? [s.laterActivity(clientId, since)] : []));

/**
 * The planner tick: each running periodic flow whose `nextStart` has come plans its messages for the business's
 * current local day and moves `nextStart` to the next local midnight (a weekly report: next Monday). Idempotency
 * keys make a repeated tick (crash, two servers) plan nothing twice.
 */
export async function planPeriodic(db: Db, now: number, channel: ChannelName): Promise<number> {
  const due = await runningFlowsDue(db, PERIODIC, new Date(now));
  const owners = await businessProfiles(db, [...new Set(due.map((f) => f.userId))]);
  let planned = 0;
  for (const flow of due) {
    const owner = owners.get(flow.userId);
    if (!owner) continue; // the account went while the tick ran
    const { timeZone, phone: ownerPhone } = owner;
    // A turn kind is InQueue while its recipients are prepared (Done once its messages left: flow-status.ts);
    // a flow paused or stopped since it was read is left alone.
    if (TURN_KINDS.includes(flow.type) && !(await beginTurn(db, flow.id))) continue;
    // No wrapping transaction: every insert is idempotent, so a crash before nextStart moves only repeats no-ops,
    // and a sweep over 100 000 records runs as short chunked statements.
    try {
      planned += await periodicPlanners.get(flow.type)!(db, flow, { now, timeZone, ownerPhone, channel, laterActivity });
    } catch (error) {
      // The flow, a client or the account was deleted while its chunks were written (a foreign-key clash): the
      // rest of the tick (other flows, dispatch) goes on; a flow that still exists is planned again next tick, and
      // its idempotency keys make the chunks already written no-ops.
      if (sqlStateOf(error) !== '23503') throw error;
      console.warn(`delivery: flow ${flow.id} skipped this tick, rows it plans for were deleted meanwhile`);
      continue;
    }
    const l = localTime(now, timeZone);
    const daysToMonday = flow.type === 'weeklyReport' ? (8 - l.weekday) % 7 || 7 : 1;
    await setNextStart(db, flow.id, new Date(fromLocal(timeZone, l.year, l.month, l.day + daysToMonday)));
  }
  return planned;
}
