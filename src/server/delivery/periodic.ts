import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { flowSource, RUNNING_STATUSES, type FlowKind } from '../../shared/flows/index.ts';
import { fillVariables } from '../../shared/flows/variables.ts';
import { normalizePhone } from '../../shared/validation/index.ts';
import { rowsOf } from '../platform/db/rows.ts';
import type { ChannelName } from './channels/channel.ts';
import type { Db } from '../platform/db/open.ts';
import { flows } from '../modules/flows/schema.ts';
import { messages } from './schema.ts';
import { businessProfiles } from '../modules/account/store.ts';
import { DEFAULT_REMINDER_OFFSETS_MIN, type Flow } from './plan.ts';
import { fromLocal, localDate, localTime } from './time.ts';

/** §9 repeat-visit window and retry. */
export const REPEAT_MIN_DAYS = 30;
export const REPEAT_MAX_DAYS = 5 * 365;
export const REPEAT_RETRY_DAYS = 30;
const DAY = 86_400_000;

// recordReminder is here too: a daily sweep plans reminders for upcoming visits booked before the flow started
// (or by a source that missed an event); booking events plan them at once.
const PERIODIC: FlowKind[] = ['recordReminder', 'birthday', 'repeatVisit', 'dailyReport', 'weeklyReport'];

interface Row {
  client_id: number;
  phone: string;
  n?: number;
}

/**
 * The planner tick: each running periodic flow whose `nextStart` has come plans its messages for the business's
 * current local day and moves `nextStart` to the next local midnight (a weekly report: next Monday). Idempotency
 * keys make a repeated tick (crash, two servers) plan nothing twice.
 */
export async function planPeriodic(db: Db, now: number, channel: ChannelName): Promise<number> {
  const due = await db
    .select()
    .from(flows)
    .where(and(inArray(flows.type, PERIODIC), inArray(flows.status, RUNNING_STATUSES as never[]), or(isNull(flows.nextStart), lte(flows.nextStart, new Date(now)))));
  const owners = await businessProfiles(db, [...new Set(due.map((f) => f.userId))]);
  let planned = 0;
  for (const flow of due) {
    const owner = owners.get(flow.userId);
    if (!owner) continue; // the account went while the tick ran
    const { timeZone, phone: ownerPhone } = owner;
    // No wrapping transaction: every insert is idempotent, so a crash before nextStart moves only repeats no-ops,
    // and a sweep over 100 000 records runs as short chunked statements.
    planned += await planFlow(db, flow, timeZone, ownerPhone, now, channel);
    const l = localTime(now, timeZone);
    const daysToMonday = flow.type === 'weeklyReport' ? (8 - l.weekday) % 7 || 7 : 1;
    await db.update(flows).set({ nextStart: new Date(fromLocal(timeZone, l.year, l.month, l.day + daysToMonday)) }).where(eq(flows.id, flow.id));
  }
  return planned;
}

async function insert(db: Db, flow: Flow, now: number, channel: ChannelName, items: { key: string; recipient: string; clientId?: number; text?: string }[]) {
  if (!items.length) return 0;
  let n = 0;
  for (let i = 0; i < items.length; i += 1000) {
    const chunk = items.slice(i, i + 1000);
    const done = await db
      .insert(messages)
      .values(
        chunk.map((it) => ({
          userId: flow.userId,
          flowId: flow.id,
          kind: flow.type,
          clientId: it.clientId ?? null,
          recipient: it.recipient,
          channel,
          text: it.text ?? '',
          idempotencyKey: it.key,
          plannedAt: new Date(now + flow.settings.delayMinutes * 60_000),
          createdAt: new Date(now),
        })),
      )
      .onConflictDoNothing({ target: messages.idempotencyKey })
      .returning({ id: messages.id });
    n += done.length;
  }
  return n;
}

const SWEEP_CHUNK = 5000;

/** Reminders for every upcoming booked/confirmed record of the owner, in chunks of records by id. */
async function sweepReminders(db: Db, flow: Flow, now: number, channel: ChannelName): Promise<number> {
  const offsets = `{${(flow.settings.delayMinutes > 0 ? [flow.settings.delayMinutes] : DEFAULT_REMINDER_OFFSETS_MIN).join(',')}}`;
  const at = new Date(now).toISOString();
  let after = 0;
  let planned = 0;
  for (;;) {
    const chunk = await rowsOf<{ id: number }>(
      db,
      sql`SELECT id FROM booking_records WHERE user_id = ${flow.userId} AND status IN ('booked', 'confirmed')
          AND start_at > ${at}::timestamptz AND id > ${after} ORDER BY id LIMIT ${SWEEP_CHUNK}`,
    );
    if (!chunk.length) return planned;
    after = chunk.at(-1)!.id;
    const inserted = await rowsOf<{ id: number }>(
      db,
      sql`INSERT INTO messages (user_id, flow_id, kind, record_id, client_id, recipient, channel, idempotency_key, planned_at, created_at)
          SELECT r.user_id, ${flow.id}, 'recordReminder', r.id, r.client_id, c.phone, ${channel},
                 'rem:' || ${flow.id} || ':' || r.id || ':v' || r.version || ':' || o.min,
                 r.start_at - make_interval(mins => o.min), ${at}::timestamptz
          FROM booking_records r JOIN booking_clients c ON c.id = r.client_id
          CROSS JOIN unnest(${offsets}::int[]) AS o(min)
          WHERE r.user_id = ${flow.userId} AND r.id BETWEEN ${chunk[0]!.id} AND ${after} AND r.status IN ('booked', 'confirmed')
            AND r.start_at - make_interval(mins => o.min) > ${at}::timestamptz
          ON CONFLICT (idempotency_key) DO NOTHING
          RETURNING id`,
    );
    planned += inserted.length;
    if (chunk.length < SWEEP_CHUNK) return planned;
  }
}

async function planFlow(db: Db, flow: Flow, zone: string, ownerPhone: string | null, now: number, channel: ChannelName): Promise<number> {
  const l = localTime(now, zone);
  const iso = (ms: number) => new Date(ms).toISOString();
  // Visit reminders concern booking records; an order flow of this kind has no visit to remind of.
  if (flow.type === 'recordReminder') return flowSource(flow.settings, flow.type) === 'booking' ? sweepReminders(db, flow, now, channel) : 0;
  if (flow.type === 'birthday') {
    const rows = await rowsOf<Row>(
      db,
      sql`SELECT id AS client_id, phone FROM booking_clients
          WHERE user_id = ${flow.userId} AND extract(month FROM birthday) = ${l.month} AND extract(day FROM birthday) = ${l.day}`,
    );
    return insert(db, flow, now, channel, rows.map((r) => ({ key: `bday:${flow.id}:${r.client_id}:${l.year}`, recipient: r.phone, clientId: r.client_id })));
  }
  if (flow.type === 'repeatVisit') {
    // Clients whose last visit is 30 days to 5 years back and who have booked nothing since; n = reminders sent
    // by this flow since that visit (0 → first reminder, 1 → the retry 30 days after it, then no more).
    const rows = await rowsOf<Row & { last_visit: string }>(
      db,
      sql`SELECT c.id AS client_id, c.phone, c.last_visit_at AS last_visit,
                 (SELECT count(*)::int FROM messages m WHERE m.flow_id = ${flow.id} AND m.client_id = c.id
                    AND m.created_at >= c.last_visit_at AND m.status NOT IN ('cancelled', 'failed')) AS n,
                 (SELECT max(m.created_at) FROM messages m WHERE m.flow_id = ${flow.id} AND m.client_id = c.id
                    AND m.created_at >= c.last_visit_at AND m.status NOT IN ('cancelled', 'failed')) AS last_sent
          FROM booking_clients c
          WHERE c.user_id = ${flow.userId}
            AND c.last_visit_at BETWEEN ${iso(now - REPEAT_MAX_DAYS * DAY)}::timestamptz AND ${iso(now - REPEAT_MIN_DAYS * DAY)}::timestamptz
            AND NOT EXISTS (SELECT 1 FROM booking_records r WHERE r.client_id = c.id AND r.created_at > c.last_visit_at AND r.status <> 'cancelled')
            AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.client_id = c.id AND o.created_at > c.last_visit_at AND o.status <> 'Cancelled')`,
    );
    const items = rows
      .filter((r) => (r.n ?? 0) === 0 || ((r.n ?? 0) === 1 && new Date((r as { last_sent?: string }).last_sent ?? 0).getTime() <= now - REPEAT_RETRY_DAYS * DAY))
      .map((r) => ({ key: `rv:${flow.id}:${r.client_id}:${new Date(r.last_visit).getTime()}:${r.n ?? 0}`, recipient: r.phone, clientId: r.client_id }));
    return insert(db, flow, now, channel, items);
  }
  // Reports go to the owner: yesterday's (daily) or last week's (weekly) numbers in the business zone.
  const owner = ownerPhone ? normalizePhone(ownerPhone)?.slice(1) : undefined;
  if (!owner) return 0;
  const to = fromLocal(zone, l.year, l.month, l.day);
  const from = flow.type === 'weeklyReport' ? fromLocal(zone, l.year, l.month, l.day - 7) : fromLocal(zone, l.year, l.month, l.day - 1);
  const [stats] = await rowsOf<{ records: number; revenue: number; new_clients: number }>(
    db,
    sql`SELECT
          (SELECT count(*)::int FROM booking_records WHERE user_id = ${flow.userId} AND status <> 'cancelled'
             AND start_at >= ${iso(from)}::timestamptz AND start_at < ${iso(to)}::timestamptz) AS records,
          (SELECT coalesce(sum(s.price), 0)::float FROM booking_records r
             CROSS JOIN LATERAL jsonb_array_elements_text(r.service_ids) AS sid(id)
             JOIN booking_services s ON s.id = sid.id::int
             WHERE r.user_id = ${flow.userId} AND r.status = 'arrived'
               AND r.start_at >= ${iso(from)}::timestamptz AND r.start_at < ${iso(to)}::timestamptz) AS revenue,
          (SELECT count(*)::int FROM booking_clients WHERE user_id = ${flow.userId}
             AND created_at >= ${iso(from)}::timestamptz AND created_at < ${iso(to)}::timestamptz) AS new_clients`,
  );
  const text = fillVariables(flow.content, {
    reportDate: localDate(from, zone),
    recordsCount: String(stats?.records ?? 0),
    revenue: String(stats?.revenue ?? 0),
    newClientsCount: String(stats?.new_clients ?? 0),
  });
  return insert(db, flow, now, channel, [{ key: `rep:${flow.id}:${localDate(to, zone)}`, recipient: owner, text }]);
}
