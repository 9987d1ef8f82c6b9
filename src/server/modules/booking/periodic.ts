import { sql } from 'drizzle-orm';
import { flowSource } from '../../../shared/flows/index.ts';
import { fillVariables } from '../../../shared/flows/variables.ts';
import { normalizePhone } from '../../../shared/validation/index.ts';
import { rowsOf } from '../../platform/db/rows.ts';
import { insertPeriodic } from '../../delivery/plan.ts';
import type { PeriodicPlanner } from '../../delivery/source.ts';
import { fromLocal, localDate, localTime } from '../../delivery/time.ts';
import { newClientsBetween } from '../clients/store.ts';
import { DEFAULT_REMINDER_OFFSETS_MIN } from './plan.ts';

const SWEEP_CHUNK = 5000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The daily reminder sweep: reminders for every upcoming booked/confirmed record of the owner (booked before the
 * flow started, or by a source that missed an event), in chunks of records by id; booking events plan them at once.
 */
export const sweepReminders: PeriodicPlanner = async (db, flow, { now, channel }) => {
  // Visit reminders concern booking records; an order flow of this kind has no visit to remind of.
  if (flowSource(flow.settings, flow.type) !== 'booking') return 0;
  const offsets = `{${(flow.settings.delayMinutes > 0 ? [flow.settings.delayMinutes] : DEFAULT_REMINDER_OFFSETS_MIN).join(',')}}`;
  const at = iso(now);
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
};

/** Daily and weekly reports to the owner: yesterday's (daily) or last week's (weekly) numbers in the business zone. */
export const planReport: PeriodicPlanner = async (db, flow, { now, timeZone: zone, ownerPhone, channel }) => {
  const owner = ownerPhone ? normalizePhone(ownerPhone)?.slice(1) : undefined;
  if (!owner) return 0;
  const l = localTime(now, zone);
  const to = fromLocal(zone, l.year, l.month, l.day);
  const from = flow.type === 'weeklyReport' ? fromLocal(zone, l.year, l.month, l.day - 7) : fromLocal(zone, l.year, l.month, l.day - 1);
  const [stats] = await rowsOf<{ records: number; revenue: number }>(
    db,
    sql`SELECT
          (SELECT count(*)::int FROM booking_records WHERE user_id = ${flow.userId} AND status <> 'cancelled'
             AND start_at >= ${iso(from)}::timestamptz AND start_at < ${iso(to)}::timestamptz) AS records,
          (SELECT coalesce(sum(s.price), 0)::float FROM booking_records r
             CROSS JOIN LATERAL jsonb_array_elements_text(r.service_ids) AS sid(id)
             JOIN booking_services s ON s.id = sid.id::int
             WHERE r.user_id = ${flow.userId} AND r.status = 'arrived'
               AND r.start_at >= ${iso(from)}::timestamptz AND r.start_at < ${iso(to)}::timestamptz) AS revenue`,
  );
  const text = fillVariables(flow.content, {
    reportDate: localDate(from, zone),
    recordsCount: String(stats?.records ?? 0),
    revenue: String(stats?.revenue ?? 0),
    newClientsCount: String(await newClientsBetween(db, flow.userId, from, to)),
  });
  return insertPeriodic(db, flow, now, channel, [{ key: `rep:${flow.id}:${localDate(to, zone)}`, recipient: owner, text }]);
};
