// The reminder sweep over N upcoming records, shared by bench:delivery and bench:embedded: N clients and one record
// each are inserted set-wise, then the owner's reminder flow runs its planner tick (3 reminders per record).
import { eq, sql } from 'drizzle-orm';
import type { Api } from '../src/server/index.ts';
import { rowsOf } from '../src/server/platform/db/rows.ts';
import { flows } from '../src/server/modules/flows/schema.ts';
import { planPeriodic } from '../src/server/delivery/periodic.ts';

/** Inserts `records` upcoming records of `ownerId` and times the planner tick; the reminder flow must wait (nextStart set). */
export async function sweepBench(api: Api, label: string, ownerId: number, records: number): Promise<{ reminders: number; sweepSec: number }> {
  const { db } = api;
  const now = api.config.now();
  let t = performance.now();
  for (let from = 1; from <= records; from += 10_000) {
    const to = Math.min(records, from + 9_999);
    await db.execute(sql`INSERT INTO booking_clients (user_id, phone, name, created_at)
      SELECT ${ownerId}, '7917' || lpad(g::text, 7, '0'), 'Client ' || g, now() FROM generate_series(${from}::int, ${to}::int) g`);
  }
  console.error(`${label}: ${records} clients inserted (${((performance.now() - t) / 1000).toFixed(1)} s)`);
  // As the server's PGlite maintenance would between batches of an import (no autovacuum in single-user mode).
  await api.maintainDatabase();
  const [{ first }] = (await rowsOf<{ first: number }>(db, sql`SELECT min(id)::int AS first FROM booking_clients WHERE phone LIKE '7917%'`)) as [{ first: number }];
  for (let off = 0; off < records; off += 10_000) {
    await db.execute(sql`INSERT INTO booking_records (user_id, client_id, start_at, created_at, updated_at)
      SELECT ${ownerId}, c.id, ${new Date(now).toISOString()}::timestamptz + make_interval(hours => 26 + (c.id % 500)), now(), now()
      FROM booking_clients c WHERE c.id >= ${first + off} AND c.id < ${first + off + 10_000} AND c.phone LIKE '7917%'`);
  }
  console.error(`${label}: ${records} records inserted (${((performance.now() - t) / 1000).toFixed(1)} s)`);
  await db.execute(sql`ANALYZE`);
  await db.update(flows).set({ nextStart: null }).where(eq(flows.type, 'recordReminder'));
  t = performance.now();
  const reminders = await planPeriodic(db, now, 'sandbox');
  return { reminders, sweepSec: (performance.now() - t) / 1000 };
}
