// Admin user list and search at scale: seeds N customers (default 100,000, scripts/seed-admin-data.ts), then
// measures GET /Admin/Users (first page, deep page by offset and by cursor, sort by email, prefix searches) with autocannon, plus
// 200 sequential searches with varied prefixes. PGlite always; PostgreSQL too when DATABASE_URL is set.
// Usage: npm run bench:admin [-- --users 100000 --seconds 5 --connections 10 --pglite-dir ./.bench-admin]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import pg from 'pg';
import { createApi } from '../src/server/index.ts';
import { createUser } from '../src/server/modules/account/tasks.ts';
import { seedAdminData } from './seed-admin-data.ts';

type Autocannon = (opts: { url: string; connections: number; duration: number; headers?: Record<string, string> }) => Promise<{
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  non2xx: number;
}>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    'pglite-dir': { type: 'string' },
  },
});
const duration = Math.min(Number(values.seconds), 30);
const connections = Number(values.connections);
const userCount = Number(values.users);

const CASES: [string, string][] = [
  ['list, page 1', '/Admin/Users?page=1&pageSize=20'],
  ['list, page 2500', '/Admin/Users?page=2500&pageSize=20'],
  ['sort by email, page 100', '/Admin/Users?sort=email&order=asc&page=100'],
  ['search email prefix', '/Admin/Users?query=seed-4242'],
  ['search name prefix', '/Admin/Users?query=anna%20iv'],
  ['search phone digits', '/Admin/Users?query=79000001'],
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function bench(engine: string, env: Record<string, string | undefined>) {
  const api = await createApi({ env: { ...env, LOG_LEVEL: 'silent', VALIDATE_RESPONSES: 'false', RATE_LIMIT_AUTH_MAX: '100000000' } });
  try {
    const seedStart = performance.now();
    const added = await seedAdminData(api.db, { users: userCount, now: api.config.now(), log: (s) => console.log(`[${engine}]${s}`) });
    const seedSeconds = ((performance.now() - seedStart) / 1000).toFixed(0);
    await createUser(api.db, { email: 'bench-admin@example.com', password: 'secret1', role: 'admin', now: api.config.now() });
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}/api/v1`;
    const login = await fetch(`${base}/account/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'bench-admin@example.com', password: 'secret1' }) });
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };

    // The keyset cursor the screen would hold after walking to page 2500: read once by offset, then measured.
    const deep = (await (await fetch(`${base}/Admin/Users?page=2500&pageSize=20`, { headers })).json()) as { next: string };
    const cases: [string, string][] = [...CASES, ['list, page 2501 by cursor', `/Admin/Users?page=2501&pageSize=20&after=${deep.next}`]];
    // Warm-up, not measured: the first requests pay for JIT, catalog caches and cold pages.
    await autocannon({ url: base + CASES[0]![1], connections, duration: 2, headers });
    const results = [];
    for (const [name, path] of cases) {
      const r = await autocannon({ url: base + path, connections, duration, headers });
      results.push({ name, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx });
    }
    // Varied prefixes one at a time: what a single admin typing into the search box sees.
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const text = i % 3 === 0 ? `seed-${(i * 7919) % userCount}` : i % 3 === 1 ? ['anna', 'ivan', 'olga s', 'petr', 'lucas si'][i % 5]! : `7900${String(i * 131).padStart(4, '0')}`;
      const t0 = performance.now();
      const res = await fetch(`${base}/Admin/Users?query=${encodeURIComponent(text)}`, { headers });
      await res.arrayBuffer();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    results.push({ name: 'search, 200 varied, sequential', rps: 0, p50: Math.round(percentile(times, 50)), p99: Math.round(percentile(times, 99)), errors: 0 });
    return { engine, added, seedSeconds, results };
  } finally {
    await api.close();
  }
}

const reports = [];
const pgliteDir = values['pglite-dir'] ? resolve(values['pglite-dir']) : mkdtempSync(join(tmpdir(), 'cabinet-bench-admin-'));
try {
  reports.push(await bench('pglite', { DATA_DIR: pgliteDir, DATABASE_URL: undefined }));
} finally {
  if (!values['pglite-dir']) rmSync(pgliteDir, { recursive: true, force: true });
}
if (process.env.DATABASE_URL) {
  const name = `cabinet_bench_admin_${Date.now()}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  const dir = mkdtempSync(join(tmpdir(), 'cabinet-bench-admin-'));
  try {
    reports.push(await bench('postgres', { DATA_DIR: dir, DATABASE_URL: url.toString() }));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(`\n${userCount} customers; ${duration}s per case, ${connections} connections (autocannon in the same process), response validation off\n`);
for (const r of reports) {
  console.log(`${r.engine}: seeded ${r.added} new customers in ${r.seedSeconds} s`);
  console.log('  case                              req/s    p50      p99   errors');
  for (const c of r.results) {
    console.log(`  ${c.name.padEnd(32)} ${String(c.rps || '-').padStart(6)} ${`${c.p50} ms`.padStart(7)} ${`${c.p99} ms`.padStart(8)} ${String(c.errors).padStart(7)}`);
  }
}
