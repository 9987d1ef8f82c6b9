// Delivery engine benchmark: booking events per second (each plans its messages in the same transaction),
// messages dispatched per second through the sandbox channel, and the time to plan reminders for 100 000 records.
// On PGlite (fresh data dir) and, when DATABASE_URL is set, on a fresh PostgreSQL database.
// Usage: npm run bench:delivery [-- --events 2000 --records 100000 --batch 50 --engine both|pglite|postgres]
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { createRecord } from '../src/server/modules/booking/store.ts';
import { flows } from '../src/server/modules/flows/schema.ts';
import { messages } from '../src/server/delivery/schema.ts';
import { payments } from '../src/server/modules/admin/schema.ts';
import { users } from '../src/server/modules/account/schema.ts';
import { dispatchDue } from '../src/server/delivery/dispatcher.ts';
import { defaultFields } from '../src/shared/flows/types.ts';
import { createApi } from '../src/server/index.ts';
import { withBenchPglite, withBenchPostgres } from './bench-databases.ts';
import { sweepBench } from './bench-sweep.ts';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { ProxyClient } from '../src/server/platform/db/thread.ts';

/**
 * Database round trips: every statement sent, BEGIN and COMMIT included (PostgreSQL: each query of a `pg` client;
 * PGlite: each query or exec, in or out of a transaction, plus its BEGIN and COMMIT).
 */
let roundTrips = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  roundTrips++;
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;
type Counted = { query: (...a: unknown[]) => Promise<unknown>; exec: (...a: unknown[]) => Promise<unknown> };
const counted = <T extends Counted>(target: T): T => {
  const { query: q, exec: e } = target;
  target.query = (...a) => (roundTrips++, q.apply(target, a));
  target.exec = (...a) => (roundTrips++, e.apply(target, a));
  return target;
};
// PGlite in this thread (PGLITE_THREAD=0) or the server's proxy to PGlite's database thread (the default).
for (const proto of [PGlite.prototype, ProxyClient.prototype]) {
  const lite = proto as unknown as Counted & { transaction: (fn: (tx: Counted) => Promise<unknown>) => Promise<unknown> };
  for (const name of ['query', 'exec'] as const) {
    const original = lite[name];
    lite[name] = function (this: unknown, ...a: unknown[]) {
      roundTrips++;
      return original.apply(this, a);
    };
  }
  const transaction = lite.transaction;
  lite.transaction = function (this: unknown, fn) {
    roundTrips += 2;
    // A proxy's transaction is a ProxyClient, already counted by its prototype.
    return transaction.call(this, (tx) => fn(proto === PGlite.prototype ? counted(tx) : tx));
  };
}

const { values } = parseArgs({
  options: { events: { type: 'string', default: '2000' }, batch: { type: 'string', default: '50' }, records: { type: 'string', default: '100000' }, engine: { type: 'string', default: 'both' } },
});
const EVENTS = Math.min(Number(values.events), 20_000);
const RECORDS = Math.min(Number(values.records), 200_000);
const BATCH = Math.max(1, Math.min(Number(values.batch), 1000));

async function bench(engine: string, env: Record<string, string | undefined>) {
  const api = await createApi({ env: { ...env, LOG_LEVEL: 'silent', SEED_DEMO: 'false', DELIVERY_INTERVAL_MS: '0', DELIVERY_BATCH_SIZE: String(BATCH) } });
  const { db, config } = api;
  const now = config.now();
  const [owner] = await db.insert(users).values({ guid: randomUUID(), email: `bench-${Date.now()}@example.com`, phone: '+79991112233', createdAt: new Date(now) }).returning();
  await db.insert(payments).values({ publicId: randomUUID(), userId: owner!.id, tariff: 2, dateBegin: Math.floor(now / 1000) - 86400, dateEnd: Math.floor(now / 1000) + 86400 * 365, createdAt: new Date(now) });
  const newFlow = (type: 'newRecord' | 'recordReminder') => ({
    userId: owner!.id,
    title: type,
    content: 'Hello {clientName}, {recordDate} {recordTime}',
    type,
    mode: 'combat' as const,
    status: 'Working' as const,
    settings: { ...defaultFields(type), sendingHours: { from: 0, to: 24 } },
    nextStart: new Date(now + 86_400_000), // the sweep runs only when measured
    createdAt: new Date(now),
    editedAt: new Date(now),
  });
  await db.insert(flows).values([newFlow('newRecord'), newFlow('recordReminder')]);
  const ctx = { now, channel: 'sandbox' as const, timeZone: 'Europe/Moscow' };

  // 1. Booking events: one transaction each, planning a notice and three reminders.
  let t = performance.now();
  for (let i = 0; i < EVENTS; i++) {
    await db.transaction((tx) => createRecord(tx, owner!.id, { phone: `+7916${1000000 + i}`, startAt: now + 3 * 86_400_000 }, ctx));
  }
  const eventsSec = (performance.now() - t) / 1000;
  console.error(`${engine}: ${EVENTS} events in ${eventsSec.toFixed(1)} s`);
  const [{ n: planned }] = (await db.select({ n: sql<number>`count(*)::int` }).from(messages)) as [{ n: number }];

  // 2. Dispatch: the due notices through the sandbox channel.
  t = performance.now();
  const tripsBefore = roundTrips;
  const stats = await dispatchDue({ db, config, channel: api.delivery.channel }, 100_000);
  const dispatchSec = (performance.now() - t) / 1000;
  const tripsPerMessage = stats.sent ? (roundTrips - tripsBefore) / stats.sent : 0;
  console.error(`${engine}: ${stats.sent} dispatched in ${dispatchSec.toFixed(1)} s`);

  // 3. Reminder sweep over RECORDS upcoming records (inserted set-wise, then planned by the reminder flow's tick).
  const { reminders, sweepSec } = await sweepBench(api, engine, owner!.id, RECORDS);
  await api.close();
  return {
    engine,
    eventsPerSec: Math.round(EVENTS / eventsSec),
    plannedPerSec: Math.round(planned / eventsSec),
    dispatchedPerSec: Math.round(stats.sent / dispatchSec),
    tripsPerMessage: tripsPerMessage.toFixed(2),
    sent: stats.sent,
    reminders,
    sweepSec: sweepSec.toFixed(1),
  };
}

const rows = [];
if (values.engine !== 'postgres') {
  rows.push(await withBenchPglite((env) => bench('pglite', env)));
}
if (process.env.DATABASE_URL && values.engine !== 'pglite') {
  rows.push(await withBenchPostgres((env) => bench('postgres', env)));
}

console.log(`\n${EVENTS} booking events (each: 1 new-record notice + 3 reminders planned), sandbox channel, batch ${BATCH}\n`);
console.log('engine    events/s  planned msgs/s  dispatched msgs/s  round trips/msg  reminder sweep');
for (const r of rows) {
  console.log(
    `${r.engine.padEnd(9)} ${String(r.eventsPerSec).padStart(8)}  ${String(r.plannedPerSec).padStart(14)}  ${String(r.dispatchedPerSec).padStart(17)}  ${r.tripsPerMessage.padStart(15)}  ${r.reminders} reminders for ${RECORDS} records in ${r.sweepSec} s`,
  );
}
