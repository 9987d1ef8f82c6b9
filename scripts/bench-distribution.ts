// Distribution benchmark (issue 20, docs/distributions.md "Numbers"): a combat distribution on a client base of
// 100 000, caps off (DISTRIBUTION_DAILY_MAX=0, the day's cap at its highest, enough bought messages), the sandbox
// channel without pacing. Measures the audience build, messages dispatched per second through the engine's tick
// (planning included) and the process's peak RSS. On PGlite (fresh data dir) and, with DATABASE_URL, PostgreSQL.
// Usage: npm run bench:distribution [-- --clients 100000 --batch 500 --engine both|pglite|postgres]
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { createApi } from '../src/server/index.ts';
import { users } from '../src/server/modules/account/schema.ts';
import { payments } from '../src/server/modules/admin/schema.ts';
import { flows } from '../src/server/modules/flows/schema.ts';
import { defaultFields } from '../src/shared/flows/types.ts';
import { distributions } from '../src/server/modules/distributions/schema.ts';
import { loadOwn } from '../src/server/modules/distributions/store.ts';
import { start } from '../src/server/modules/distributions/lifecycle.ts';
import { buildStarted } from '../src/server/modules/distributions/planner.ts';
import { rowsOf } from '../src/server/platform/db/rows.ts';
import { withBenchPglite, withBenchPostgres } from './bench-databases.ts';

const { values } = parseArgs({ options: { clients: { type: 'string', default: '100000' }, batch: { type: 'string', default: '500' }, engine: { type: 'string', default: 'both' } } });
const CLIENTS = Math.min(Number(values.clients), 100_000);
const BATCH = Math.max(1, Math.min(Number(values.batch), 1000));

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);

async function bench(engine: string, env: Record<string, string | undefined>) {
  peakRss = process.memoryUsage().rss;
  const api = await createApi({
    env: { ...env, LOG_LEVEL: 'silent', SEED_DEMO: 'false', DELIVERY_INTERVAL_MS: '0', DELIVERY_WORKERS: '0', DELIVERY_BATCH_SIZE: String(BATCH), DISTRIBUTION_DAILY_MAX: '0' },
  });
  const { db, config } = api;
  const now = config.now();
  const [owner] = await db.insert(users).values({ guid: randomUUID(), email: `bench-${Date.now()}@example.com`, phone: '+79991112233', distributionMessages: CLIENTS, createdAt: new Date(now) }).returning();
  const userId = owner!.id;
  await db.insert(payments).values({ publicId: randomUUID(), userId, tariff: 13, dateBegin: Math.floor(now / 1000) - 86400, dateEnd: Math.floor(now / 1000) + 86400 * 365, createdAt: new Date(now) });
  // The client base, set-wise.
  await db.execute(sql`INSERT INTO booking_clients (user_id, phone, name, visit_count, spend, created_at)
    SELECT ${userId}, '7916' || lpad(g::text, 7, '0'), 'Client ' || g, g % 10, (g % 50) * 100, ${new Date(now).toISOString()} FROM generate_series(1, ${CLIENTS}) g`);
  const [flow] = await db
    .insert(flows)
    .values({ userId, title: 'Bench', content: 'Hello {clientName}', type: 'distribution', mode: 'combat', status: 'Pause', settings: { ...defaultFields('distribution'), sendingHours: { from: 0, to: 24 } }, createdAt: new Date(now), editedAt: new Date(now) })
    .returning();
  await db.insert(distributions).values({ flowId: flow!.id, userId, source: 'clients', dailyCap: CLIENTS });
  await start(db, await loadOwn(db, userId, flow!.id), now, null, 'sandbox');

  // 1. The audience build (the planner's step for an InQueue start).
  let t = performance.now();
  await buildStarted(db, now);
  let buildSec = (performance.now() - t) / 1000;
  const count = async () => (await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM distribution_recipients WHERE distribution_id = ${flow!.id}`))[0]!.n;
  let note = '';
  if ((await count()) === 0) {
    // buildAudience is still the skeleton on this branch: the same set-based insert stands in for it.
    t = performance.now();
    await db.execute(sql`INSERT INTO distribution_recipients (distribution_id, phone, name, client_id)
      SELECT ${flow!.id}, phone, name, id FROM booking_clients WHERE user_id = ${userId} ORDER BY id ON CONFLICT DO NOTHING`);
    buildSec = (performance.now() - t) / 1000;
    await db.update(flows).set({ status: 'Waiting', statusReason: null }).where(eq(flows.id, flow!.id));
    note = ' (stand-in insert: buildAudience is a skeleton here)';
  }
  const recipients = await count();
  console.error(`${engine}: audience of ${recipients} in ${buildSec.toFixed(1)} s${note}`);

  // 2. Dispatch through the engine's tick (planning in chunks + claim/send batches) until every recipient is sent.
  t = performance.now();
  let sent = 0;
  for (let i = 0; i < 1000 && sent < recipients; i++) sent += (await api.delivery.tick()).sent;
  const dispatchSec = (performance.now() - t) / 1000;
  const [left] = await db.select({ n: users.distributionMessages }).from(users).where(eq(users.id, userId));
  console.error(`${engine}: ${sent} sent in ${dispatchSec.toFixed(1)} s (bought messages left: ${left!.n})`);
  await api.close();
  return { engine, recipients, buildSec: buildSec.toFixed(1) + (note ? '*' : ''), perSec: Math.round(sent / dispatchSec), sent, rssMb: Math.round(peakRss / 1048576) };
}

const rows = [];
if (values.engine !== 'postgres') rows.push(await withBenchPglite((env) => bench('pglite', env)));
if (process.env.DATABASE_URL && values.engine !== 'pglite') rows.push(await withBenchPostgres((env) => bench('postgres', env)));
clearInterval(sampler);

console.log(`\nDistribution to ${CLIENTS} clients, caps off, sandbox channel, batch ${BATCH}\n`);
console.log('engine    audience build  sent      msgs/s (tick, planning incl.)  peak RSS');
console.log(rows.some((r) => r.buildSec.endsWith('*')) ? '* stand-in insert: buildAudience is a skeleton on this branch\n' : '');
for (const r of rows) console.log(`${r.engine.padEnd(9)} ${`${r.buildSec} s`.padEnd(15)} ${String(r.sent).padEnd(9)} ${String(r.perSec).padEnd(30)} ${r.rssMb} MB`);
