import { sql, type SQL } from 'drizzle-orm';
import { insertPeriodic } from '../../delivery/plan.ts';
import type { PeriodicPlanner } from '../../delivery/source.ts';
import { localTime } from '../../delivery/time.ts';
import { flowSendsSince } from '../delivery/store.ts';
import { clientsBornOn, lastVisitedBetween } from './store.ts';

/** §9 repeat-visit window and retry. */
export const REPEAT_MIN_DAYS = 30;
export const REPEAT_MAX_DAYS = 5 * 365;
export const REPEAT_RETRY_DAYS = 30;
const DAY = 86_400_000;

/** Clients whose birthday (month and day) is today in the business zone; one greeting a year. */
export const planBirthdays: PeriodicPlanner = async (db, flow, ctx) => {
  const l = localTime(ctx.now, ctx.timeZone);
  const rows = await clientsBornOn(db, flow.userId, l.month, l.day);
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
  const sent = (clientId: SQL, since: SQL) => flowSendsSince(flow.id, clientId, since);
  const rows = await lastVisitedBetween(db, flow.userId, now - REPEAT_MAX_DAYS * DAY, now - REPEAT_MIN_DAYS * DAY, cameBack, sent);
  const items = rows
    .filter((r) => (r.n ?? 0) === 0 || ((r.n ?? 0) === 1 && new Date(r.last_sent ?? 0).getTime() <= now - REPEAT_RETRY_DAYS * DAY))
    .map((r) => ({ key: `rv:${flow.id}:${r.client_id}:${new Date(r.last_visit).getTime()}:${r.n ?? 0}`, recipient: r.phone, clientId: r.client_id }));
  return insertPeriodic(db, flow, now, ctx.channel, items);
};
