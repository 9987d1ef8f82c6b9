// API benchmark on loopback, PostgreSQL (a fresh database on DATABASE_URL's server), docs/testing.md "Benchmarks".
// Side by side in one run, each server in its own child process and this process only generating load:
//   hello   bare Fastify hello world
//   bare    bare Fastify + pg running the product's own SQL (scripts/bench-targets.ts PRODUCT_SQL)
//   product createApi with the delivery loop on, then off (DELIVERY_INTERVAL_MS=0)
// against GET /Flows (an owner with 100 flows) and GET /Account/CurrentUser, and prints product/bare ratios.
// Usage: npm run bench:open [-- --rate 1000 --seconds 8 --connections 50]      fixed rate, open loop
//        npm run bench:open -- --peak [--connections 10 --seconds 8]            closed loop, peak req/s
import { fork, type ChildProcess } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { closedLoop, openLoop, type LoadResult } from './bench-load.ts';
import { withBenchPostgres } from './bench-postgres.ts';
import { PRODUCT_SQL, type BenchPath } from './bench-targets.ts';

const { values } = parseArgs({
  options: {
    peak: { type: 'boolean', default: false },
    rate: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '8' },
    connections: { type: 'string' },
    warmup: { type: 'string', default: '1' },
  },
});
const peak = values.peak;
const rate = Number(values.rate);
const seconds = Math.min(Number(values.seconds), 30); // bounded: never a long-running job
const connections = Number(values.connections ?? (peak ? 10 : 50));
const warmup = Number(values.warmup);
process.env.DATABASE_URL ||= 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

const API = '/api/v1';
const PATHS = Object.keys(PRODUCT_SQL) as BenchPath[];
const FLOWS = 100;

/** Forks a target server and waits for its port; `messages` gets its later IPC messages. */
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

const login = async (port: number) =>
  (await call(port, '/account/login', { method: 'POST', body: { email: 'demo@cabinet.local', password: 'demo123' } })).token as string;

/** The product's statements for one request of `path`, recorded by the product child (bench-targets.ts). */
async function captureSql(child: ChildProcess, port: number, token: string, path: BenchPath) {
  const dumped = new Promise<string[]>((resolve) => child.once('message', (m: { statements: string[] }) => resolve(m.statements)));
  child.send('capture');
  await call(port, path, { token });
  child.send('dump');
  return dumped;
}

/** Migrates the fresh database, gives the demo owner 100 flows, and checks PRODUCT_SQL against the product. */
async function setUp(env: Record<string, string>) {
  const { child, port } = await startTarget('product', { ...env, DELIVERY_INTERVAL_MS: '0' });
  try {
    const token = await login(port);
    const kinds = ['birthday', 'recordReminder'];
    for (let i = 0; i < FLOWS; i++) await call(port, '/Flows', { method: 'POST', token, body: { title: `Flow ${i}`, content: 'Hello {clientName}', type: kinds[i % kinds.length] } });
    const userId = String((await call(port, '/Account/CurrentUser', { token })).id);
    const drift: string[] = [];
    for (const path of PATHS) {
      const seen = await captureSql(child, port, token, path);
      if (JSON.stringify(seen) !== JSON.stringify(PRODUCT_SQL[path])) drift.push(`${path}:\n${seen.map((s) => `  '${s}',`).join('\n')}`);
    }
    return { userId, drift };
  } finally {
    await stopTarget(child);
  }
}

interface Row {
  target: string;
  path: string;
  result: LoadResult;
}

async function measure(target: string, role: string, env: Record<string, string>, paths: string[], rows: Row[]) {
  const { child, port } = await startTarget(role, env);
  try {
    const token = role === 'product' ? await login(port) : undefined;
    for (const path of paths) {
      const t = { port, path: role === 'hello' ? '/' : API + path, headers: token ? { authorization: `Bearer ${token}` } : undefined };
      await closedLoop(t, { seconds: warmup, connections: Math.min(connections, 10) }); // JIT, pools, caches
      const result = peak ? await closedLoop(t, { seconds, connections }) : await openLoop(t, { rate, seconds, connections });
      rows.push({ target, path, result });
      console.error(`  ${target} ${path}: done`);
    }
  } finally {
    await stopTarget(child);
  }
}

const loadBefore = loadavg();
const { rows, drift } = await withBenchPostgres(async ({ DATABASE_URL, DATA_DIR }) => {
  const env = { DATABASE_URL, DATA_DIR };
  console.error(`setting up: migrations, ${FLOWS} flows for the demo owner, SQL check`);
  const { userId, drift } = await setUp(env);
  const rows: Row[] = [];
  await measure('hello', 'hello', {}, ['/'], rows);
  await measure('bare', 'bare', { ...env, BENCH_USER_ID: userId }, PATHS, rows);
  await measure('product', 'product', env, PATHS, rows);
  await measure('product, no delivery', 'product', { ...env, DELIVERY_INTERVAL_MS: '0' }, PATHS, rows);
  return { rows, drift };
});

const mode = peak ? `closed loop, ${connections} connections (peak)` : `open loop at ${rate} req/s, ≤ ${connections} keep-alive sockets`;
console.log(`\n${mode}, ${seconds} s per row after ${warmup} s warm-up; loopback, PostgreSQL, response validation off`);
console.log(`machine: ${cpus().length} cores, load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')} before, ${loadavg().map((l) => l.toFixed(2)).join(' ')} after\n`);
console.log('target                path                    req/s    p50    p90    p99    max  errors  gen lag p99  gen CPU');
for (const { target, path, result: r } of rows) {
  const ms = (v: number) => `${v}`.padStart(6);
  console.log(
    `${target.padEnd(21)} ${path.padEnd(21)} ${String(r.rps).padStart(7)} ${ms(r.p50)} ${ms(r.p90)} ${ms(r.p99)} ${ms(r.max)} ${String(r.errors).padStart(7)} ${(r.sendLagP99 === undefined ? '-' : `${r.sendLagP99} ms${r.behind ? ' BEHIND' : ''}`).padStart(12)} ${`${r.cpu} %`.padStart(8)}`,
  );
}

// Issue 15 point 1: fixed 1,000 req/s with p99 ≤ 25 ms; peak ≥ 2/3 of bare Fastify + pg; CurrentUser within 1.5x.
const find = (target: string, path: string) => rows.find((r) => r.target === target && r.path === path)!.result;
console.log(`\nratios product/bare (${peak ? 'peak req/s: target ≥ 0.67' : 'p99: CurrentUser target ≤ 1.5'})`);
for (const target of ['product', 'product, no delivery']) {
  for (const path of PATHS) {
    const [p, b] = [find(target, path), find('bare', path)];
    const ratio = peak ? p.rps / b.rps : p.p99 / b.p99;
    const extra = peak ? '' : `   product p99 ${p.p99} ms ${p.p99 <= 25 ? '≤' : '>'} 25 ms`;
    console.log(`  ${target.padEnd(21)} ${path.padEnd(21)} ${ratio.toFixed(2)}${extra}`);
  }
}
const hello = find('hello', '/');
console.log(`  bare/hello ${PATHS.map((p) => `${p} ${(peak ? find('bare', p).rps / hello.rps : find('bare', p).p99 / hello.p99).toFixed(2)}`).join(', ')}`);
if (rows.some((r) => r.result.behind)) console.log('\nBEHIND: the generator issued requests over 5 ms late (p99); those rows measure this machine, not the server.');
if (drift.length) console.log(`\nSQL DRIFT: the product now runs other statements; the bare pair is stale. Paste into PRODUCT_SQL (scripts/bench-targets.ts):\n${drift.join('\n')}`);
