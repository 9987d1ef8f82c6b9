import { sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/db/rows.ts';
import { insertPeriodic } from '../../delivery/plan.ts';
import type { PeriodicPlanner } from '../../delivery/source.ts';
import { localTime } from '../../delivery/time.ts';

/** §9 repeat-visit window and retry. */
export const REPEAT_MIN_DAYS = 30;
export const REPEAT_MAX_DAYS = 5 * 365;
export const REPEAT_RETRY_DAYS = 30;
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

interface Row {
  client_id: number;
  phone: string;
  n?: number;
}

/** Clients whose birthday (month and day) is today in the business zone; one greeting a year. */
export const planBirthdays: PeriodicPlanner = async (db, flow, ctx) => {
  const l = localTime(ctx.now, ctx.timeZone);
  const rows = await rowsOf<Row>(
    db,
    sql`SELECT id AS client_id, phone FROM booking_clients
        WHERE user_id = ${flow.userId} AND extract(month FROM birthday) = ${l.month} AND extract(day FROM birthday) = ${l.day}`,
  );
  return insertPeriodic(db, flow, ctx.now, ctx.channel, rows.map((r) => ({ key: `bday:${flow.id}:${r.client_id}:${l.year}`, recipient: r.phone, clientId: r.client_id })));
};

/**
 * Clients whose last visit is 30 days to 5 years back and who came back through no source since (no booking, no
 * order: every source's `laterActivity`); n = reminders sent by this flow since that visit (0 → first reminder,
 * 1 → the retry 30 days after it, then no more).
 */
export const planRepeatVisits: PeriodicPlanner = async (db, flow, ctx) => {
  const { now } = ctx;
  const cameBack = ctx.laterActivity(sql`c.id`, sql`c.last_visit_at`);
  const notSince = cameBack.length ? sql.join(cameBack.map((exists) => sql`AND NOT ${exists}`), sql` `) : sql``;
  const rows = await rowsOf<Row & { last_visit: string; last_sent?: string }>(
    db,
    sql`SELECT c.id AS client_id, c.phone, c.last_visit_at AS last_visit,
               (SELECT count(*)::int FROM messages m WHERE m.flow_id = ${flow.id} AND m.client_id = c.id
                  AND m.created_at >= c.last_visit_at AND m.status NOT IN ('cancelled', 'failed')) AS n,
               (SELECT max(m.created_at) FROM messages m WHERE m.flow_id = ${flow.id} AND m.client_id = c.id
                  AND m.created_at >= c.last_visit_at AND m.status NOT IN ('cancelled', 'failed')) AS last_sent
        FROM booking_clients c
        WHERE c.user_id = ${flow.userId}
          AND c.last_visit_at BETWEEN ${iso(now - REPEAT_MAX_DAYS * DAY)}::timestamptz AND ${iso(now - REPEAT_MIN_DAYS * DAY)}::timestamptz
          ${notSince}`,
  );
  const items = rows
    .filter((r) => (r.n ?? 0) === 0 || ((r.n ?? 0) === 1 && new Date(r.last_sent ?? 0).getTime() <= now - REPEAT_RETRY_DAYS * DAY))
    .map((r) => ({ key: `rv:${flow.id}:${r.client_id}:${new Date(r.last_visit).getTime()}:${r.n ?? 0}`, recipient: r.phone, clientId: r.client_id }));
  return insertPeriodic(db, flow, now, ctx.channel, items);
};
