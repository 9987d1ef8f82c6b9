// API benchmark on loopback: login, CurrentUser and the flows list (GET /Flows, authenticated) with autocannon, on PGlite (fresh data dir) and, when
// DATABASE_URL is set, on a fresh PostgreSQL database. Prints req/s, p99, cold start and server RSS.
// Usage: npm run bench:api [-- --seconds 5 --connections 10]
import { parseArgs } from 'node:util';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { createApi } from '../src/server/index.ts';
import { withBenchPglite, withBenchPostgres } from './bench-databases.ts';

// autocannon ships no types; this is the slice of its API used here.
type Autocannon = (opts: { url: string; connections: number; duration: number; method: string; body?: string; headers?: Record<string, string> }) => Promise<{
  requests: { average: number };
  latency: { p99: number };
  errors: number;
  non2xx: number;
}>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' }, connections: { type: 'string', default: '10' } } });
const duration = Math.min(Number(values.seconds), 30); // bounded: never a long-running job
const connections = Number(values.connections);

async function run(url: string, opts: { method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string> }) {
  const result = await autocannon({ url, connections, duration, method: opts.method ?? 'GET', body: opts.body, headers: opts.headers });
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function bench(engine: string, env: Record<string, string | undefined>) {
  const started = performance.now();
  const api = await createApi({
    // AUTH_STATE_CACHE_MS passes through, to compare with the per-request user-state read (0).
    env: { ...env, LOG_LEVEL: 'silent', VALIDATE_RESPONSES: 'false', RATE_LIMIT_AUTH_MAX: '100000000', AUTH_STATE_CACHE_MS: process.env.AUTH_STATE_CACHE_MS },
  });
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  const coldMs = Math.round(performance.now() - started);
  const base = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}/api/v1`;
  const json = { 'content-type': 'application/json' };
  const credentials = JSON.stringify({ email: 'demo@cabinet.local', password: 'demo123' });
  const { token } = (await (await fetch(`${base}/account/login`, { method: 'POST', headers: json, body: credentials })).json()) as { token: string };

  const login = await run(`${base}/account/login`, { method: 'POST', body: credentials, headers: json });
  const me = await run(`${base}/Account/CurrentUser`, { headers: { authorization: `Bearer ${token}` } });
  const list = await run(`${base}/Flows?pageSize=20`, { headers: { authorization: `Bearer ${token}` } });
  const rssMb = Math.round(process.memoryUsage().rss / 1024 / 1024);
  await api.close();
  return { engine, coldMs, login, me, list, rssMb };
}

const rows = [];
rows.push(await withBenchPglite((env) => bench('pglite', env)));

if (process.env.DATABASE_URL) {
  rows.push(await withBenchPostgres((env) => bench('postgres', env)));
}

console.log(`\n${duration}s per endpoint, ${connections} connections, loopback, response validation off (production setting)\n`);
console.log('engine    cold start  login req/s  login p99  CurrentUser req/s  CurrentUser p99  Flows req/s  Flows p99  errors  RSS');
for (const r of rows) {
  console.log(
    `${r.engine.padEnd(9)} ${`${r.coldMs} ms`.padStart(10)}  ${String(r.login.rps).padStart(11)}  ${`${r.login.p99} ms`.padStart(9)}  ${String(r.me.rps).padStart(17)}  ${`${r.me.p99} ms`.padStart(15)}  ${String(r.list.rps).padStart(11)}  ${`${r.list.p99} ms`.padStart(9)}  ${String(r.login.errors + r.me.errors + r.list.errors).padStart(6)}  ${r.rssMb} MB`,
  );
}
