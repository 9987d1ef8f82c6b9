import type { ServerConfig } from '../../platform/config.ts';
import type { Db } from '../../platform/db/open.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import { localTime, startOfLocalDay } from '../../delivery/time.ts';
import { distributionPlannedSince } from '../../delivery/store-planned.ts';
import { addDistributionMessages, lockDistributionMessages } from '../account/store.ts';
import type { FlowRow } from '../flows/mapping.ts';
import { setStatusFrom } from '../flows/store-due.ts';
import { buildAudience } from './audience.ts';
import { effectiveCap } from './mapping.ts';
import { lockForPlanning, runningStates, runningToPlan, startedUnbuilt, stoppedWithQueued, type Running } from './queries-engine.ts';
import { hasPending, lockUnbuilt, planPicked } from './store-plan.ts';
import { updateDistribution, withdrawQueued } from './store.ts';

// The distributions' engine step (docs/distributions.md "Engine", "Planning and caps"), run by every engine tick on
// PGlite's database thread and on each PostgreSQL worker alike: row locks (SKIP LOCKED) let only one of them build
// or plan a distribution at a time, and each day's allotment is counted under that lock, so caps hold.

/** Recipients planned per statement: one INSERT … SELECT and one UPDATE, short enough to let the dispatcher in. */
export const CHUNK = 5000;

type Status = FlowRow['status'];

/** One engine tick's distributions step; returns the messages it planned. */
export async function distributionTick(db: Db, now: number, config: ServerConfig): Promise<number> {
  await releaseStopped(db);
  await buildStarted(db, now);
  const planned = await planRunning(db, now, config);
  await settleStatuses(db, now);
  return planned;
}

/**
 * A distribution the engine stopped (Error) keeps nothing queued: its queued messages go back to pending, as a pause
 * does, so a resume sends them and none is cancelled for the stop. (Pause, cancel and delete do this themselves.)
 */
async function releaseStopped(db: Db): Promise<void> {
  const stopped = await stoppedWithQueued(db);
  for (const { id } of stopped) await db.transaction((tx) => withdrawQueued(tx, [id]));
}

/** Combat starts (InQueue, audience not built since): the audience is built, then the distribution waits its turn. */
export async function buildStarted(db: Db, now: number): Promise<void> {
  const started = await startedUnbuilt(db);
  for (const { id } of started) {
    await db.transaction(async (tx) => {
      // Another engine thread building it holds the row: skipped here.
      const row = await lockUnbuilt(tx, id);
      if (!row) return;
      await buildAudience(tx, row, new Date(now));
      await updateDistribution(tx, id, { builtAt: new Date(now) });
      // Nobody left to message (all messaged before, or left out): Done at once, saying why.
      const [status, reason] = (await hasPending(tx, id)) ? (['Waiting', null] as const) : (['Done', 'audienceEmpty'] as const);
      await setStatusFrom(tx, id, ['InQueue'], { status, statusReason: reason as FlowRow['statusReason'] });
      if (status === 'Done') await updateDistribution(tx, id, { doneAt: new Date(now) });
    });
  }
}

/** Each running combat distribution whose day it is gets today's allotment, oldest recipients first. */
async function planRunning(db: Db, now: number, config: ServerConfig): Promise<number> {
  const running = await runningToPlan(db);
  let planned = 0;
  for (const d of running) {
    if (d.start_date !== null && new Date(d.start_date).getTime() > now) continue;
    const days = typeof d.days_of_week === 'string' ? (JSON.parse(d.days_of_week) as number[]) : d.days_of_week;
    if (!days.includes(localTime(now, d.time_zone).weekday)) continue;
    const cap = effectiveCap(d.daily_cap, config.distributionDailyMax);
    const dayStart = new Date(startOfLocalDay(now, d.time_zone)).toISOString();
    for (;;) {
      const n = await db.transaction((tx) => planChunk(tx, d, cap, dayStart, now, config.delivery.channel));
      planned += Math.max(0, n);
      if (n < CHUNK) break;
    }
  }
  return planned;
}

/**
 * One chunk of a distribution's day, in one transaction: the distribution locked (another thread planning it is
 * skipped: -1), the day's count and the owner's bought messages read under the lock, then one INSERT … SELECT … ON
 * CONFLICT DO NOTHING with the UPDATE of the recipients (a recipient whose key already exists, from a table
 * imported again, is linked to that message: one message per phone per distribution, ever).
 */
async function planChunk(tx: Tx, d: Running, cap: number, dayStart: string, now: number, channel: string): Promise<number> {
  const status = await lockForPlanning(tx, d.id);
  if (status !== 'Waiting' && status !== 'Working') return -1;
  const today = await distributionPlannedSince(tx, d.id, dayStart);
  const left = await lockDistributionMessages(tx, d.user_id);
  const room = Math.min(CHUNK, cap - today, left);
  if (room <= 0) return -1;
  const done = await planPicked(tx, { id: d.id, userId: d.user_id }, room, new Date(now).toISOString(), channel);
  if (done.fresh) await addDistributionMessages(tx, d.user_id, -done.fresh);
  // A full chunk asks for another; the caller stops at a short one.
  return done.picked === room && room === CHUNK ? CHUNK : done.fresh;
}

/**
 * The statuses the planner sets (docs/distributions.md "Lifecycle and statuses"): Working while messages are due or
 * sending, Waiting while recipients or deferred messages wait (noMessagesLeft when the bought messages ran out),
 * Done (+ done_at) when nothing is left; a test run is Done once its messages (and copies) settled.
 */
export async function settleStatuses(db: Db, now: number): Promise<void> {
  const at = new Date(now).toISOString();
  const rows = await runningStates(db, at);
  for (const r of rows) {
    const next =
      r.mode === 'test'
        ? { status: r.queued ? 'Working' : 'Done', reason: null }
        : r.due
          ? { status: 'Working', reason: null }
          : r.pending || r.queued
            ? { status: 'Waiting', reason: r.pending && !r.queued && Number(r.left) <= 0 ? 'noMessagesLeft' : null }
            : { status: 'Done', reason: null };
    if (next.status === r.status && next.reason === r.status_reason) continue;
    await setStatusFrom(db, r.id, [r.status as Status], { status: next.status as Status, statusReason: next.reason as FlowRow['statusReason'] });
    if (next.status === 'Done') await updateDistribution(db, r.id, { doneAt: new Date(now) });
  }
}
