import { runningStatus } from '../../shared/flows/index.ts';
import type { Db } from '../platform/db/open.ts';
import { applyPlannedStart, pausedDueToStart } from '../modules/flows/store-due.ts';
import { availabilityFor } from '../modules/flows/tariffs.ts';

/**
 * Planned starts (quick start, `nextStart` on a paused flow): when the moment has come the flow starts as
 * POST /Flows/{id}/Resume would start it (runningStatus of its kind, lastStart = now). A kind outside the owner's
 * tariffs at that moment stays paused and its planned start is dropped, as Resume would refuse it.
 * `nextStart` is cleared either way, so a periodic flow's first planner tick runs in the same engine tick.
 */
export async function startPlanned(db: Db, now: number): Promise<number> {
  const at = new Date(now);
  const due = await pausedDueToStart(db, at);
  let started = 0;
  for (const f of due) {
    const available = await availabilityFor(db, f.userId, now);
    const set = available(f.type) ? { status: runningStatus(f.type), lastStart: at, nextStart: null } : { nextStart: null };
    // Guarded by status and nextStart: a pause or edit made meanwhile wins.
    const status = await applyPlannedStart(db, f.id, at, set);
    if (status && status !== 'Pause') started++;
  }
  return started;
}
