import { sql } from 'drizzle-orm';
import type { ServerConfig } from '../../platform/config.ts';
import type { Db } from '../../platform/db/open.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import { rowsOf } from '../../platform/db/rows.ts';
import { localTime, startOfLocalDay } from '../../delivery/time.ts';
import { buildAudience } from './audience.ts';
import { effectiveCap } from './mapping.ts';
import { withdrawQueued, type DistributionRow } from './store.ts';
import { distributions } from './schema.ts';

// The distributions' engine step (docs/distributions.md "Engine", "Planning and caps"), run by every engine tick on
// PGlite's database thread and on each PostgreSQL worker alike: row locks (SKIP LOCKED) let only one of them build
// or plan a distribution at a time, and each day's allotment is counted under that lock, so caps hold.

/** Recipients planned per statement: one INSERT … SELECT and one UPDATE, short enough to let the dispatcher in. */
export const CHUNK = 5000;

const q = <T>(db: Db | Tx, query: ReturnType<typeof sql>) => rowsOf<T>(db as Db, query);

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
  const stopped = await q<{ id: number }>(
    db,
    sql`SELECT f.id FROM flows f WHERE f.type = 'distribution' AND f.status IN ('Pause', 'Error', 'Canceled')
      AND EXISTS (SELECT 1 FROM messages m WHERE m.flow_id = f.id AND m.status = 'queued')`,
  );
  for (const { id } of stopped) await db.transaction((tx) => withdrawQueued(tx, [id]));
}

/** Combat starts (InQueue, audience not built since): the audience is built, then the distribution waits its turn. */
export async function buildStarted(db: Db, now: number): Promise<void> {
  const started = await q<{ id: number }>(
    db,
    sql`SELECT d.flow_id AS id FROM distributions d JOIN flows f ON f.id = d.flow_id
      WHERE f.type = 'distribution' AND f.status = 'InQueue' AND f.mode = 'combat' AND d.built_at IS NULL`,
  );
  for (const { id } of started) {
    await db.transaction(async (tx) => {
      // Another engine thread building it holds the row: skipped here.
      const [row] = await tx.select().from(distributions).where(sql`${distributions.flowId} = ${id} AND ${distributions.builtAt} IS NULL`).for('update', { skipLocked: true });
      if (!row) return;
      await buildAudience(tx, row as DistributionRow, new Date(now));
      await tx.execute(sql`UPDATE distributions SET built_at = ${new Date(now).toISOString()} WHERE flow_id = ${id}`);
      // Nobody left to message (all messaged before, or left out): Done at once, saying why.
      const [left] = await q<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM distribution_recipients WHERE distribution_id = ${id} AND state = 'pending') AS any`);
      const [status, reason] = left?.any ? ['Waiting', null] : ['Done', 'audienceEmpty'];
      await tx.execute(sql`UPDATE flows SET status = ${status}, status_reason = ${reason} WHERE id = ${id} AND status = 'InQueue'`);
      if (status === 'Done') await tx.execute(sql`UPDATE distributions SET done_at = ${new Date(now).toISOString()} WHERE flow_id = ${id}`);
    });
  }
}

interface Running {
  id: number;
  user_id: number;
  time_zone: string;
  days_of_week: number[];
  start_date: string | null;
  daily_cap: number;
}

/** Each running combat distribution whose day it is gets today's allotment, oldest recipients first. */
async function planRunning(db: Db, now: number, config: ServerConfig): Promise<number> {
  const running = await q<Running>(
    db,
    sql`SELECT d.flow_id AS id, d.user_id, u.time_zone, d.days_of_week, d.start_date, d.daily_cap
      FROM distributions d JOIN flows f ON f.id = d.flow_id JOIN users u ON u.id = d.user_id
      WHERE f.type = 'distribution' AND f.status IN ('Waiting', 'Working') AND f.mode = 'combat' AND d.built_at IS NOT NULL
        AND EXISTS (SELECT 1 FROM distribution_recipients r WHERE r.distribution_id = d.flow_id AND r.state = 'pending')`,
  );
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
  const [locked] = await q<{ status: string }>(
    tx,
    sql`SELECT f.status FROM distributions d JOIN flows f ON f.id = d.flow_id WHERE d.flow_id = ${d.id}
      FOR UPDATE OF d FOR SHARE OF f SKIP LOCKED`,
  );
  if (!locked || (locked.status !== 'Waiting' && locked.status !== 'Working')) return -1;
  const [today] = await q<{ n: string }>(
    tx,
    sql`SELECT count(*) AS n FROM messages WHERE flow_id = ${d.id} AND kind = 'distribution' AND created_at >= ${dayStart}
      AND idempotency_key NOT LIKE ${`dist:${d.id}:test:%`}`,
  );
  const [owner] = await q<{ left: number }>(tx, sql`SELECT distribution_messages AS left FROM users WHERE id = ${d.user_id} FOR UPDATE`);
  const room = Math.min(CHUNK, cap - Number(today?.n ?? 0), owner?.left ?? 0);
  if (room <= 0) return -1;
  const at = new Date(now).toISOString();
  const [done] = await q<{ picked: string; fresh: string }>(
    tx,
    sql`WITH picked AS (
        SELECT id, phone, client_id FROM distribution_recipients
        WHERE distribution_id = ${d.id} AND state = 'pending' ORDER BY id LIMIT ${room}
      ), ins AS (
        INSERT INTO messages (user_id, flow_id, kind, client_id, recipient, channel, idempotency_key, planned_at, created_at, distribution_recipient_id)
        SELECT ${d.user_id}, ${d.id}, 'distribution', client_id, phone, ${channel}, 'dist:' || ${d.id}::int || ':' || phone, ${at}, ${at}, id
        FROM picked ORDER BY id
        ON CONFLICT (idempotency_key) DO NOTHING
        RETURNING id, distribution_recipient_id
      ), upd AS (
        UPDATE distribution_recipients r SET state = 'planned',
          message_id = COALESCE(ins.id, (SELECT m.id FROM messages m WHERE m.idempotency_key = 'dist:' || ${d.id}::int || ':' || r.phone))
        FROM picked LEFT JOIN ins ON ins.distribution_recipient_id = picked.id
        WHERE r.id = picked.id
        RETURNING ins.id AS fresh
      )
      SELECT count(*) AS picked, count(fresh) AS fresh FROM upd`,
  );
  const fresh = Number(done?.fresh ?? 0);
  if (fresh) await tx.execute(sql`UPDATE users SET distribution_messages = distribution_messages - ${fresh} WHERE id = ${d.user_id}`);
  // A full chunk asks for another; the caller stops at a short one.
  return Number(done?.picked ?? 0) === room && room === CHUNK ? CHUNK : fresh;
}

interface State {
  id: number;
  mode: string;
  status: string;
  status_reason: string | null;
  pending: boolean;
  due: boolean;
  queued: boolean;
  left: number;
}

/**
 * The statuses the planner sets (docs/distributions.md "Lifecycle and statuses"): Working while messages are due or
 * sending, Waiting while recipients or deferred messages wait (noMessagesLeft when the bought messages ran out),
 * Done (+ done_at) when nothing is left; a test run is Done once its messages (and copies) settled.
 */
export async function settleStatuses(db: Db, now: number): Promise<void> {
  const at = new Date(now).toISOString();
  const rows = await q<State>(
    db,
    sql`SELECT f.id, f.mode, f.status, f.status_reason, u.distribution_messages AS left,
        EXISTS (SELECT 1 FROM distribution_recipients r WHERE r.distribution_id = f.id AND r.state = 'pending') AS pending,
        EXISTS (SELECT 1 FROM messages m WHERE m.flow_id = f.id AND (m.status = 'sending' OR (m.status = 'queued' AND m.planned_at <= ${at}))) AS due,
        EXISTS (SELECT 1 FROM messages m WHERE m.flow_id = f.id AND m.status IN ('queued', 'sending')) AS queued
      FROM flows f JOIN users u ON u.id = f.user_id
      WHERE f.type = 'distribution' AND f.status IN ('Waiting', 'Working')`,
  );
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
    await db.execute(sql`UPDATE flows SET status = ${next.status}, status_reason = ${next.reason} WHERE id = ${r.id} AND status = ${r.status}`);
    if (next.status === 'Done') await db.execute(sql`UPDATE distributions SET done_at = ${at} WHERE flow_id = ${r.id}`);
  }
}
