/**
 * Lighthouse in mobile mode (its defaults: a mid-range phone, simulated slow 4G) over every screen of a built
 * brand, signed in as the demo owner (staff for admin screens): performance score, layout shift (CLS), largest
 * paint, blocking time. Targets (issue 16 point 10): cabinet screens ≥ 95, public screens 100, CLS < 0.05.
 * Scores move with the machine's load: run it on a quiet machine and compare runs side by side.
 *   npm run bench:lighthouse                                   main-ru, every screen
 *   npm run bench:lighthouse -- --brand main-intl --only flows,home --json
 *   npm run bench:lighthouse -- --only flows --runs 3          the median of three runs per screen
 *   npm run bench:lighthouse -- --only flows --details         also what costs: unused JS, script time per file
 * Needs the brand built (`npm run build -- --brand main-ru`) and Debian's chromium (CHROMIUM_PATH overrides).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright';
import { loadBrand } from '../src/brand/load.ts';
import { ROUTES } from '../src/routes/registry.ts';
import { routesForBrand } from '../src/routes/select.ts';
import type { RouteDef } from '../src/routes/types.ts';
import { freePort } from './free-port.ts';

const ROOT = resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { brand: { type: 'string', default: 'main-ru' }, only: { type: 'string' }, runs: { type: 'string', default: '1' }, details: { type: 'boolean', default: false }, json: { type: 'boolean', default: false } } });
/** Runs per screen: the row is the run with the median score (load on a shared machine moves single runs). */
const RUNS = Math.max(1, Number(values.runs) || 1);
const brand = loadBrand(values.brand!);
if (!existsSync(join(ROOT, 'dist', brand.id))) {
  console.error(`dist/${brand.id} is missing: npm run build -- --brand ${brand.id}`);
  process.exit(1);
}
const executablePath = [process.env.CHROMIUM_PATH, '/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p) => p && existsSync(p));
const STAFF = { email: 'staff@cabinet.local', password: 'staff-lighthouse-1' };

/** `npm start` on a fresh data directory (the demo account seeded), serving what dist/ holds. */
async function startCabinet(port: number, dataDir: string) {
  const child = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs'), '--no-build'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', ADMIN_EMAIL: STAFF.email, ADMIN_PASSWORD: STAFF.password },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the cabinet exited (${child.exitCode})`);
    const up = await fetch(`http://127.0.0.1:${port}/api/v1/Account/CurrentUser`).then(() => true, () => false);
    if (up) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the cabinet did not start within 60 s');
}

async function tokensOf(origin: string, account: { email: string; password: string }) {
  const res = await fetch(`${origin}/api/v1/account/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });
  if (!res.ok) throw new Error(`sign-in of ${account.email} failed: ${res.status}`);
  return (await res.json()) as { token: string; refreshToken: string };
}

const samplePath = (route: RouteDef) => route.path.replace(/:(\w+)\??/g, (_, name: string) => `sample-${name}`);
const only = values.only?.split(',').map((s) => s.trim());
// Sign-in and sign-up pages (guest only) are measured signed out; the demo screen signs in and leaves.
const routes = routesForBrand(brand).filter((r) => ROUTES.includes(r) && r.name !== 'demo' && (!only || only.includes(r.name)));

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'cabinet-lighthouse-'));
const cabinet = await startCabinet(port, dataDir);
const origin = `http://${brand.id}.localhost:${port}`; // chromium resolves *.localhost to loopback
const api = `http://127.0.0.1:${port}`; // node's resolver does not
const debugPort = await freePort();
const profile = mkdtempSync(join(tmpdir(), 'cabinet-lighthouse-profile-'));
// A persistent profile: Lighthouse opens its tabs in the default context, where the tokens are stored.
const browser = await chromium.launchPersistentContext(profile, { executablePath, headless: true, args: [`--remote-debugging-port=${debugPort}`] });

type Audits = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']['audits'];
/** What a screen's time and bytes go to: unused JS per file, script evaluation per file, main-thread work by kind. */
function printDetails(name: string, audits: Audits) {
  type Item = Record<string, unknown>;
  const items = (id: string) => ((audits[id]?.details as { items?: Item[] } | undefined)?.items ?? []);
  const short = (url: unknown) => String(url).replace(/^https?:\/\/[^/]+/, '');
  console.error(`\n${name}:`);
  for (const i of items('unused-javascript')) console.error(`  unused JS ${short(i.url)}: ${Math.round(Number(i.wastedBytes) / 1024)} of ${Math.round(Number(i.totalBytes) / 1024)} KB`);
  for (const i of items('bootup-time')) console.error(`  script ${short(i.url)}: ${Math.round(Number(i.scripting))} ms evaluating, ${Math.round(Number(i.scriptParseCompile))} ms parsing`);
  for (const i of items('mainthread-work-breakdown')) console.error(`  main thread ${i.groupLabel}: ${Math.round(Number(i.duration))} ms`);
}

interface Row {
  route: string;
  path: string;
  audience: 'cabinet' | 'public';
  score: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
  target: number;
}
const rows: Row[] = [];
try {
  const [owner, staff] = [await tokensOf(api, { email: 'demo@cabinet.local', password: 'demo123' }), await tokensOf(api, STAFF)];
  const page = browser.pages()[0] ?? (await browser.newPage());
  await page.goto(`${origin}/404`);
  const signIn = (tokens: { token: string; refreshToken: string } | null) =>
    page.evaluate(
      ({ t, locale }) => {
        localStorage.clear();
        localStorage.setItem('locale', locale); // else the page follows the headless browser's en-US
        if (t) localStorage.setItem('token', t.token), localStorage.setItem('refreshToken', t.refreshToken);
      },
      { t: tokens, locale: brand.locale.default },
    );
  for (const route of routes) {
    await signIn(!route.requireAuth ? null : route.role ? staff : owner);
    const path = samplePath(route);
    const audience = route.requireAuth ? 'cabinet' : 'public';
    const runs: Row[] = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(`${origin}${path}`, { port: debugPort, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true });
      const audits = result?.lhr.audits;
      // A redirect (another language, signed out) or a load cut short measures another page: say so.
      for (const warning of result?.lhr.runWarnings ?? []) console.error(`\n${route.name}: ${warning}`);
      if (values.details && audits) printDetails(route.name, audits);
      runs.push({
        route: route.name,
        path,
        audience,
        score: Math.round((result?.lhr.categories.performance?.score ?? 0) * 100),
        cls: Number((audits?.['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
        lcpMs: Math.round(audits?.['largest-contentful-paint']?.numericValue ?? 0),
        tbtMs: Math.round(audits?.['total-blocking-time']?.numericValue ?? 0),
        target: audience === 'public' ? 100 : 95,
      });
    }
    rows.push(runs.sort((a, b) => a.score - b.score)[Math.floor(RUNS / 2)]!);
    if (!values.json) process.stderr.write('.');
  }
} finally {
  await browser.close();
  cabinet.kill('SIGTERM');
  await new Promise((r) => cabinet.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(profile, { recursive: true, force: true });
}

if (values.json) {
  console.log(JSON.stringify({ brand: brand.id, rows }, null, 2));
} else {
  const miss = (r: Row) => r.score < r.target || r.cls >= 0.05;
  console.log(`\nLighthouse, mobile, ${brand.id}: ${rows.length} screens (targets: cabinet ≥ 95, public 100, CLS < 0.05)\n`);
  console.log(`${'screen'.padEnd(26)} ${'path'.padEnd(44)} ${'score'.padStart(5)} ${'CLS'.padStart(6)} ${'LCP ms'.padStart(7)} ${'TBT ms'.padStart(7)}`);
  for (const r of rows) console.log(`${r.route.padEnd(26)} ${r.path.slice(0, 44).padEnd(44)} ${String(r.score).padStart(5)} ${r.cls.toFixed(3).padStart(6)} ${String(r.lcpMs).padStart(7)} ${String(r.tbtMs).padStart(7)}${miss(r) ? '  below target' : ''}`);
  const below = rows.filter(miss);
  console.log(`\n${below.length ? `${below.length} below target: ${below.map((r) => r.route).join(', ')}` : 'every screen on target'}`);
}
