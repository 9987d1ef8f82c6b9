// The embedded default's numbers (issue 15 point 4): cold start of a new data directory, idle memory after the start
// and after a load, and reminders for 100 000 records planned, on PGlite and (DATABASE_URL set) PostgreSQL.
// Each server measurement runs in a child process of its own, so its memory and start-up are its own.
// Usage: npm run bench:embedded [-- --records 100000 --requests 3000 --engine both|pglite|postgres]
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { AddressInfo } from 'node:net';
import { createApi, DEMO_EMAIL, DEMO_PASSWORD } from '../src/server/index.ts';
import { users } from '../src/server/modules/account/schema.ts';
import { payments } from '../src/server/modules/admin/schema.ts';
import { flows } from '../src/server/modules/flows/schema.ts';
import { defaultFields } from '../src/shared/flows/types.ts';
import { withBenchPglite, withBenchPostgres } from './bench-databases.ts';
import { sweepBench } from './bench-sweep.ts';

const { values } = parseArgs({
  options: {
    records: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '3000' },
    engine: { type: 'string', default: 'both' },
    child: { type: 'string' },
  },
});
const MB = (bytes: number) => Math.round(bytes / 1e6);
const rss = () => MB(process.memoryUsage().rss);
/** Idle: a few seconds without requests (a collection first, as an idle server's would come by itself). */
const settle = async () => {
  global.gc?.();
  await new Promise((r) => setTimeout(r, 5000));
};

/** Child: start a server on a new data directory, then load it; prints one JSON line. */
async function serverChild(dir: string) {
  const t = performance.now();
  const api = await createApi({ env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'silent', VALIDATE_RESPONSES: 'false' } });
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  const createMs = performance.now() - t;
  const sinceProcessStartMs = performance.now(); // the clock starts with the process: module loading included
  await settle();
  const idleMb = rss();
  const base = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}/api/v1`;
  const login = await fetch(`${base}/account/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }) });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  let next = 0;
  const requests = Number(values.requests);
  const worker = async () => {
    while (next++ < requests) {
      const path = next % 3 === 0 ? '/Account/CurrentUser' : next % 3 === 1 ? '/Flows?page=1&pageSize=20' : '/Messages?page=1&pageSize=50';
      const res = await fetch(base + path, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
  await settle();
  const loadedMb = rss();
  await api.close();
  console.log(JSON.stringify({ createMs, sinceProcessStartMs, idleMb, loadedMb, peakMb: MB(process.resourceUsage().maxRSS * 1024) }));
}

/** The Node flags `npm start` runs the server with (package.json), so the child's memory is what `npm start` holds. */
const START_FLAGS = (JSON.parse(readFileSync(join(import.meta.dirname, '../package.json'), 'utf8')).scripts.start as string).split(' ').filter((a) => a.startsWith('--'));

function runChild(): { createMs: number; sinceProcessStartMs: number; idleMb: number; loadedMb: number; peakMb: number } {
  const dir = mkdtempSync(join(tmpdir(), 'cabinet-embedded-'));
  try {
    const out = execFileSync(process.execPath, ['--expose-gc', ...START_FLAGS, import.meta.filename, '--child', dir, '--requests', values.requests!], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    return JSON.parse(out.trim().split('\n').at(-1)!);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function planning(engine: string, env: Record<string, string | undefined>) {
  const api = await createApi({ env: { ...env, LOG_LEVEL: 'silent', SEED_DEMO: 'false', DELIVERY_INTERVAL_MS: '0' } });
  const now = api.config.now();
  const [owner] = await api.db.insert(users).values({ guid: randomUUID(), email: `bench-${Date.now()}@example.com`, phone: '+79991112233', createdAt: new Date(now) }).returning();
  await api.db.insert(payments).values({ publicId: randomUUID(), userId: owner!.id, tariff: 2, dateBegin: Math.floor(now / 1000) - 86400, dateEnd: Math.floor(now / 1000) + 86400 * 365, createdAt: new Date(now) });
  await api.db.insert(flows).values({
    userId: owner!.id,
    title: 'reminders',
    content: 'Hello {clientName}, {recordDate} {recordTime}',
    type: 'recordReminder',
    mode: 'combat',
    status: 'Working',
    settings: { ...defaultFields('recordReminder'), sendingHours: { from: 0, to: 24 } },
    nextStart: new Date(now + 86_400_000), // the sweep runs only when measured
    createdAt: new Date(now),
    editedAt: new Date(now),
  });
  try {
    return await sweepBench(api, engine, owner!.id, Number(values.records));
  } finally {
    await api.close();
  }
}

if (values.child) {
  await serverChild(values.child);
} else {
  const out: string[] = [];
  if (values.engine !== 'postgres') {
    // The first start on a machine makes the template (template.ts); the starts after it are what a new directory costs.
    const first = runChild();
    const runs = [runChild(), runChild(), runChild()];
    const med = <K extends keyof (typeof runs)[0]>(k: K) => runs.map((r) => r[k]).sort((a, b) => a - b)[1]!;
    out.push(`PGlite, new data directory (median of 3; the first start ${(first.createMs / 1000).toFixed(2)} s)`);
    out.push(`  cold start: ${(med('createMs') / 1000).toFixed(2)} s to listening (${(med('sinceProcessStartMs') / 1000).toFixed(2)} s from process start)`);
    out.push(`  memory (RSS): idle after start ${med('idleMb')} MB, idle after ${values.requests} requests ${med('loadedMb')} MB, peak ${med('peakMb')} MB`);
    const p = await withBenchPglite((env) => planning('pglite', env));
    out.push(`  planning: ${p.reminders} reminders for ${values.records} records in ${p.sweepSec.toFixed(1)} s`);
  }
  if (process.env.DATABASE_URL && values.engine !== 'pglite') {
    const p = await withBenchPostgres((env) => planning('postgres', env));
    out.push(`PostgreSQL planning: ${p.reminders} reminders for ${values.records} records in ${p.sweepSec.toFixed(1)} s`);
  }
  console.log(`\n${out.join('\n')}`);
}
