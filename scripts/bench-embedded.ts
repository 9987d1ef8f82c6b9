// The embedded default's numbers (issue 15 point 4): cold start of a new data directory, idle memory after the start
// and after a load, and reminders for 100 000 records planned, on PGlite and (DATABASE_URL set) PostgreSQL.
// Each server measurement is `npm start` itself (package.json's command, start.mjs, its bundle), its memory read from
// /proc as the kernel counts it.
// Usage: npm run bench:embedded [-- --records 100000 --requests 3000 --engine both|pglite|postgres]
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createApi, DEMO_EMAIL, DEMO_PASSWORD } from '../src/server/index.ts';
import { users } from '../src/server/modules/account/schema.ts';
import { payments } from '../src/server/modules/admin/schema.ts';
import { flows } from '../src/server/modules/flows/schema.ts';
import { defaultFields } from '../src/shared/flows/types.ts';
import { withBenchPglite, withBenchPostgres } from './bench-databases.ts';
import { sweepBench } from './bench-sweep.ts';
import { freePort } from './free-port.ts';

const { values } = parseArgs({
  options: {
    records: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '3000' },
    engine: { type: 'string', default: 'both' },
  },
});
/** The server's resident memory as the kernel counts it (both threads, PGlite's WebAssembly memory, code). */
const statusMb = (pid: number, field: 'VmRSS' | 'VmHWM') => Math.round(Number(/\d+/.exec(readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(field))!)![0]) / 1024);
/** Idle: no requests for a while; V8 collects an idle heap by itself within seconds (nothing forces it here). */
const IDLE_MS = 15_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `npm start` exactly as package.json runs it (its flags, start.mjs), on a new data directory, without building. */
async function runServer(): Promise<{ startMs: number; idleMb: number; loadedMb: number; peakMb: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'cabinet-embedded-'));
  const port = await freePort();
  const [node, ...args] = (JSON.parse(readFileSync(join(import.meta.dirname, '../package.json'), 'utf8')).scripts.start as string).split(' ');
  const started = performance.now();
  const child = spawn(node === 'node' ? process.execPath : node!, [...args, '--no-build'], {
    cwd: join(import.meta.dirname, '..'),
    env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', PORT: String(port), LOG_LEVEL: 'silent', VALIDATE_RESPONSES: 'false' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise<void>((listening, failed) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('The cabinet is running') && listening());
      child.once('exit', (code) => failed(new Error(`the server exited (code ${code})`)));
    });
    const startMs = performance.now() - started;
    await sleep(IDLE_MS);
    const idleMb = statusMb(child.pid!, 'VmRSS');
    const base = `http://127.0.0.1:${port}/api/v1`;
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
    await sleep(IDLE_MS);
    return { startMs, idleMb, loadedMb: statusMb(child.pid!, 'VmRSS'), peakMb: statusMb(child.pid!, 'VmHWM') };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
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

const out: string[] = [];
if (values.engine !== 'postgres') {
  // The first start on a machine makes the template (template.ts) and the bundles (bundle.ts); the starts after it
  // are what a new directory costs.
  const first = await runServer();
  const runs = [await runServer(), await runServer(), await runServer()];
  const med = <K extends keyof typeof first>(k: K) => runs.map((r) => r[k]).sort((a, b) => a - b)[1]!;
  out.push(`PGlite, new data directory, \`npm start\` (median of 3; the first start ${(first.startMs / 1000).toFixed(2)} s)`);
  out.push(`  cold start: ${(med('startMs') / 1000).toFixed(2)} s from the process start to listening`);
  out.push(`  memory (RSS): idle after start ${med('idleMb')} MB, idle after ${values.requests} requests ${med('loadedMb')} MB, peak ${med('peakMb')} MB`);
  const p = await withBenchPglite((env) => planning('pglite', env));
  out.push(`  planning: ${p.reminders} reminders for ${values.records} records in ${p.sweepSec.toFixed(1)} s`);
}
if (process.env.DATABASE_URL && values.engine !== 'pglite') {
  const p = await withBenchPostgres((env) => planning('postgres', env));
  out.push(`PostgreSQL planning: ${p.reminders} reminders for ${values.records} records in ${p.sweepSec.toFixed(1)} s`);
}
console.log(`\n${out.join('\n')}`);
