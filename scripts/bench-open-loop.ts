// API benchmark on loopback, PostgreSQL (a fresh database on DATABASE_URL's server) or with --engine pglite the
// embedded default (a fresh data directory), docs/testing.md "Benchmarks".
// Side by side in one run, each server in its own child process and this process only generating load:
//   hello   bare Fastify hello world
//   bare    bare Fastify + pg running the product's own SQL (scripts/bench-targets.ts PRODUCT_SQL)
//   product createApi with the delivery loop on, then off (DELIVERY_INTERVAL_MS=0)
//   busy    the product while its engine dispatches a backlog (queued notices) in its worker thread, then with the
//           loop in the server's own thread (DELIVERY_WORKERS=0): what a busy engine does to API latency
// PGlite: no bare pair (it needs pg); the engine's thread is PGlite's database thread (platform/db/thread.ts), and the
// in-process rows keep PGlite and the loop in the server's thread (PGLITE_THREAD=0), as before issue 15's thread.
// against GET /Flows (an owner with 100 flows) and GET /Account/CurrentUser, and prints product/bare ratios.
// Usage: npm run bench:open [-- --rate 1000 --seconds 3 --rounds 3 --connections 50]   fixed rate, open loop
//        npm run bench:open -- --peak [--connections 10]                             closed loop, peak req/s
//        npm run bench:open -- --engine pglite [--rate 500]                          the embedded default
import { fork, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/server/platform/db/open.ts';
import { closedLoop, openLoop, type LoadResult } from './bench-load.ts';
import { withBenchPglite, withBenchPostgres } from './bench-databases.ts';
import { PRODUCT_SQL, type BenchPath } from './bench-targets.ts';

const { values } = parseArgs({
  options: {
    peak: { type: 'boolean', default: false },
    rate: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string' },
    warmup: { type: 'string', default: '0.5' },
    engine: { type: 'string', default: 'postgres' },
  },
});
const peak = values.peak;
const rate = Number(values.rate);
const seconds = Math.min(Number(values.seconds), 30); // bounded: never a long-running job
const connections = Number(values.connections ?? (peak ? 10 : 50));
const warmup = Number(values.warmup);
const rounds = Math.min(Number(values.rounds), 10);
const embedded = values.engine === 'pglite';
process.env.DATABASE_URL ||= 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
type Env = { DATABASE_URL: string; DATA_DIR: string };

const API = '/api/v1';
const PATHS = Object.keys(PRODUCT_SQL) as BenchPath[];
const FLOWS = 100;

/** Forks a target server (scripts/bench-targets.ts) and waits for the port it reports. */
async function startTarget(role: string, env: Record<string, string>) {
  const child = fork(new URL('./bench-targets.ts', import.meta.url).pathname, [role], { env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`${role} exited (${code}) before listening`)));
  });
  return { child, port };
}

function stopTarget(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => (clearTimeout(kill), resolve()));
    child.disconnect();
  });
}

async function call(port: number, path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const res = await fetch(`http://127.0.0.1:${port}${API}${path}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

// An owner of the bench's own: the demo account is rebuilt at each start, which would drop the flows set up here.
const OWNER = { email: 'bench-owner@cabinet.local', password: 'bench-pass-1' };
const STAFF = { email: 'bench-staff@cabinet.local', password: 'bench-staff-1' };
const login = async (port: number) => (await call(port, '/account/login', { method: 'POST', body: OWNER })).token as string;

/** The product's statements for one request of `path`, recorded by the product child (bench-targets.ts). */
async function captureSql(child: ChildProcess, port: number, token: string, path: BenchPath) {
  const dumped = new Promise<string[]>((resolve) => child.once('message', (m: { statements: string[] }) => resolve(m.statements)));
  child.send('capture');
  await call(port, path, { token });
  child.send('dump');
  return dumped;
}

/** Migrates the fresh database, gives the bench owner 100 flows, and checks PRODUCT_SQL against the product. */
async function setUp(env: Env) {
  const { child, port } = await startTarget('product', { ...env, DELIVERY_INTERVAL_MS: '0', ADMIN_EMAIL: STAFF.email, ADMIN_PASSWORD: STAFF.password });
  try {
    await call(port, '/account/register', { method: 'POST', body: { ...OWNER, confirmPassword: OWNER.password, phone: '+79161234567' } });
    const token = await login(port);
    const kinds = ['birthday', 'recordReminder'];
    for (let i = 0; i < FLOWS; i++) await call(port, '/Flows', { method: 'POST', token, body: { title: `Flow ${i}`, content: 'Hello {clientName}', type: kinds[i % kinds.length] } });
    const userId = String((await call(port, '/Account/CurrentUser', { token })).id);
    // The busy rows' flow: new-record notices in combat mode, any hour (docs/delivery.md), on the test tariff 2
    // (every flow kind), paid by staff.
    const staff = (await call(port, '/account/login', { method: 'POST', body: STAFF })).token as string;
    const now = Math.floor(Date.now() / 1000);
    await call(port, `/Admin/Users/${userId}/Pays`, { method: 'POST', token: staff, body: { tariff: 2, dateBeginUnixTime: now - 86400, dateEndUnixTime: now + 86400 * 365 } });
    const notice = await call(port, '/Flows', { method: 'POST', token, body: { title: 'Notice', content: 'Hello {clientName}', type: 'newRecord', mode: 'combat', sendingHours: { from: 0, to: 24 } } });
    await call(port, `/Flows/${notice.id}/Resume`, { method: 'POST', token });
    const drift: string[] = [];
    for (const path of embedded ? [] : PATHS) {
      const seen = await captureSql(child, port, token, path);
      if (JSON.stringify(seen) !== JSON.stringify(PRODUCT_SQL[path])) drift.push(`${path}:\n${seen.map((s) => `  '${s}',`).join('\n')}`);
    }
    return { userId, noticeFlowId: Number(notice.id), drift };
  } finally {
    await stopTarget(child);
  }
}

interface Row {
  target: string;
  path: string;
  result: LoadResult;
  /** The whole machine's CPU use during the row, % of all cores: what else ran shows up here. */
  machine: number;
}

/** Busy and total jiffies of all cores (Linux /proc/stat; elsewhere zeros and the column says 0). */
function cpuTimes() {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
    const total = fields.reduce((a, b) => a + b, 0);
    return { busy: total - fields[3]! - fields[4]!, total }; // idle, iowait
  } catch {
    return { busy: 0, total: 0 };
  }
}

let backlogs = 0;
/** `n` due new-record notices (clients, records and queued messages, set-wise) for the engine to dispatch. */
async function queueBacklog(env: Env, userId: string, flowId: number, n: number) {
  const tag = `b${++backlogs}`;
  await withSql(env, async (db) => {
    await db.query(`INSERT INTO booking_clients (user_id, phone, name, created_at)
      SELECT $1, '7918' || $2 || lpad(g::text, 6, '0'), 'Client ' || g, now() FROM generate_series(1, $3::int) g`, [userId, backlogs, n]);
    await db.query(`INSERT INTO booking_records (user_id, client_id, start_at, created_at, updated_at)
      SELECT $1, c.id, now() + interval '3 days', now(), now() FROM booking_clients c WHERE c.user_id = $1 AND c.phone LIKE '7918' || $2 || '%'`, [userId, backlogs]);
    await db.query(`INSERT INTO messages (user_id, flow_id, kind, record_id, client_id, recipient, channel, idempotency_key, planned_at, created_at)
      SELECT r.user_id, $2, 'newRecord', r.id, r.client_id, c.phone, 'sandbox', $3 || ':' || r.id, now() - interval '1 minute', now()
      FROM booking_records r JOIN booking_clients c ON c.id = r.client_id WHERE c.user_id = $1 AND c.phone LIKE '7918' || $4 || '%'`, [userId, flowId, tag, backlogs]);
    await db.query('ANALYZE');
  });
}

/** What a busy row left queued is withdrawn, so the next rows' engines are idle again. */
async function dropBacklog(env: Env) {
  await withSql(env, (db) => db.query(`UPDATE messages SET status = 'cancelled', reason = 'bench' WHERE status IN ('queued', 'sending')`));
}

/** SQL on the bench's database between rows: PostgreSQL's URL, or PGlite's data directory (no server holds it then). */
async function withSql<T>(env: Env, run: (db: { query(text: string, params?: unknown[]): Promise<unknown> }) => Promise<T>): Promise<T> {
  if (env.DATABASE_URL) {
    const db = new pg.Client({ connectionString: env.DATABASE_URL });
    await db.connect();
    return run(db).finally(() => db.end());
  }
  const database = await openDatabase({ dataDir: env.DATA_DIR, migrate: false });
  const client = (database.db as unknown as { $client: { query(text: string, params?: unknown[]): Promise<unknown> } }).$client;
  return run(client).finally(() => database.close());
}

async function measure(target: string, role: string, env: Partial<Env> & Record<string, string>, paths: string[], rows: Row[], backlog?: () => Promise<void>) {
  await backlog?.();
  const { child, port } = await startTarget(role, env);
  try {
    const token = role === 'product' ? await login(port) : undefined;
    for (const path of paths) {
      const t = { port, path: role === 'hello' ? '/' : API + path, headers: token ? { authorization: `Bearer ${token}` } : undefined };
      await closedLoop(t, { seconds: warmup, connections: Math.min(connections, 10) }); // JIT, pools, caches
      const before = cpuTimes();
      const result = peak ? await closedLoop(t, { seconds, connections }) : await openLoop(t, { rate, seconds, connections });
      const after = cpuTimes();
      rows.push({ target, path, result, machine: Math.round(((after.busy - before.busy) / (after.total - before.total || 1)) * 100) });
      console.error(`  ${target} ${path}: ${peak ? `${result.rps} req/s` : `p99 ${result.p99} ms`}`);
    }
  } finally {
    await stopTarget(child);
    if (backlog) await dropBacklog(env as Env);
  }
}

const loadBefore = loadavg();
const { rows, drift } = await (embedded ? withBenchPglite : withBenchPostgres)(async (env: Env) => {
  console.error(`setting up: migrations, ${FLOWS} flows for the bench owner, SQL check`);
  const { userId, noticeFlowId, drift } = await setUp(env);
  const backlog = () => queueBacklog(env, userId, noticeFlowId, 20_000);
  const rows: Row[] = [];
  // Rounds interleave the targets, so a burst of outside load hits one round of each rather than one target.
  for (let round = 1; round <= rounds; round++) {
    console.error(`round ${round} of ${rounds}`);
    await measure('hello', 'hello', {}, ['/'], rows);
    if (!embedded) await measure('bare', 'bare', { ...env, BENCH_USER_ID: userId }, PATHS, rows);
    await measure('product', 'product', env, PATHS, rows);
    await measure('product, no delivery', 'product', { ...env, DELIVERY_INTERVAL_MS: '0' }, PATHS, rows);
    if (embedded) await measure('product, in-process', 'product', { ...env, PGLITE_THREAD: '0' }, PATHS, rows);
    await measure(embedded ? 'busy, db thread' : 'busy, worker', 'product', env, PATHS, rows, backlog);
    await measure('busy, in-process', 'product', { ...env, ...(embedded ? { PGLITE_THREAD: '0' } : { DELIVERY_WORKERS: '0' }) }, PATHS, rows, backlog);
  }
  return { rows, drift };
});

// Per target and path, the median round (by p99 at a fixed rate, by req/s at peak) and the spread over the rounds.
const key = (r: Row) => (peak ? -r.result.rps : r.result.p99);
const summary = new Map<string, Row & { low: number; high: number }>();
for (const r of rows) {
  const id = `${r.target}|${r.path}`;
  if (summary.has(id)) continue;
  const all = rows.filter((o) => o.target === r.target && o.path === r.path).sort((a, b) => key(a) - key(b));
  const values = all.map((o) => Math.abs(key(o)));
  summary.set(id, { ...all[Math.floor((all.length - 1) / 2)]!, low: Math.min(...values), high: Math.max(...values) });
}

const mode = peak ? `closed loop, ${connections} connections (peak)` : `open loop at ${rate} req/s, ≤ ${connections} keep-alive sockets`;
console.log(`\n${mode}, ${seconds} s per row after ${warmup} s warm-up, median of ${rounds} rounds; loopback, ${embedded ? 'PGlite' : 'PostgreSQL'}, response validation off`);
console.log(`machine: ${cpus().length} cores, load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')} before, ${loadavg().map((l) => l.toFixed(2)).join(' ')} after\n`);
console.log(`target                path                    req/s    p50    p90    p99    max  errors  gen lag p99  gen CPU  machine  ${peak ? 'req/s' : 'p99'} over rounds`);
for (const { target, path, result: r, machine, low, high } of summary.values()) {
  const ms = (v: number) => `${v}`.padStart(6);
  const lag = r.sendLagP99 === undefined ? '-' : `${r.sendLagP99} ms${r.behind ? ' BEHIND' : ''}`;
  console.log(
    `${target.padEnd(21)} ${path.padEnd(21)} ${String(r.rps).padStart(7)} ${ms(r.p50)} ${ms(r.p90)} ${ms(r.p99)} ${ms(r.max)} ${String(r.errors).padStart(7)} ${lag.padStart(12)} ${`${r.cpu} %`.padStart(8)} ${`${machine} %`.padStart(8)}  ${low}–${high}`,
  );
}

if (embedded) process.exit(0); // no bare pair to compare with
// Issue 15 point 1: fixed 1,000 req/s with p99 ≤ 25 ms; peak ≥ 2/3 of bare Fastify + pg; CurrentUser within 1.5x.
const find = (target: string, path: string) => summary.get(`${target}|${path}`)!.result;
console.log(`\nratios product/bare (${peak ? 'peak req/s: target ≥ 0.67' : 'p99: CurrentUser target ≤ 1.5'})`);
for (const target of ['product', 'product, no delivery', 'busy, worker', 'busy, in-process']) {
  for (const path of PATHS) {
    const [p, b] = [find(target, path), find('bare', path)];
    const ratio = peak ? p.rps / b.rps : p.p99 / b.p99;
    const extra = peak ? '' : `   product p99 ${p.p99} ms ${p.p99 <= 25 ? '≤' : '>'} 25 ms`;
    console.log(`  ${target.padEnd(21)} ${path.padEnd(21)} ${ratio.toFixed(2)}${extra}`);
  }
}
const hello = find('hello', '/');
console.log(`  bare/hello ${PATHS.map((p) => `${p} ${(peak ? find('bare', p).rps / hello.rps : find('bare', p).p99 / hello.p99).toFixed(2)}`).join(', ')}`);
if ([...summary.values()].some((r) => r.result.behind)) {
  console.log('\nBEHIND: the generator issued requests over 5 ms late (p99), starved of CPU; their latencies include that lateness.');
}
if (drift.length) console.log(`\nSQL DRIFT: the product now runs other statements; the bare pair is stale. Paste into PRODUCT_SQL (scripts/bench-targets.ts):\n${drift.join('\n')}`);
