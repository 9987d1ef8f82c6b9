/**
 * Builds the brands with one Astro run: the shared browser code is bundled once and every brand's pages render against
 * it into dist/.all/<brand>/; each brand then moves to dist/<brand>/ with its route manifests, a copy of the shared
 * files (_astro/) and precompressed variants (docs/shell.md "Build").
 *   npm run build                      all brands
 *   npm run build -- --brand main-ru   one brand (repeat --brand for several)
 *   npm run build -- --if-stale        skip brands whose inputs did not change since their last build
 *   ASTRO_LOG=info npm run build       Astro's own log (each page it renders)
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { z } from 'zod';
import { BrandConfigError, loadBrands, type Brand } from '../src/brand/load.ts';
import { brandSchema } from '../src/brand/schema.ts';
import { nginxSnippet, redirectsFile, routeManifest } from '../src/routes/manifest.ts';
import { compressibleFiles, precompressFiles } from '../src/gateway/precompress.ts';
import { pruneIcons } from './prune-icons.ts';

const ROOT = resolve(import.meta.dirname, '..');
const DIST = join(ROOT, 'dist');
/** Astro's outDir (astro.config.mjs). */
const STAGING = join(DIST, '.all');
const { values } = parseArgs({ options: { brand: { type: 'string', multiple: true }, 'if-stale': { type: 'boolean' } } });

function fail(message: string): never {
  console.error(`\n${message}\n`);
  process.exit(1);
}

let brands: Brand[];
try {
  brands = loadBrands();
} catch (error) {
  if (error instanceof BrandConfigError) fail(error.message);
  throw error;
}
const unknown = (values.brand ?? []).filter((id) => !brands.some((b) => b.id === id));
if (unknown.length) fail(`Unknown brand ${unknown.join(', ')}. Known brands: ${brands.map((b) => b.id).join(', ')}`);
const selected = values.brand ? brands.filter((b) => values.brand!.includes(b.id)) : brands;

// Editors validate brand files against this schema through their "$schema" key.
writeFileSync(join(ROOT, 'brands/brand.schema.json'), JSON.stringify(z.toJSONSchema(brandSchema, { io: 'input' }), null, 2) + '\n');

/** Hash of everything the output depends on but a brand's own JSON: shared sources, configs, the lock file. */
function sharedInputsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (!path.startsWith(join(ROOT, 'src/server'))) hash.update(path).update(readFileSync(path));
    }
  };
  walk(join(ROOT, 'src'));
  for (const file of ['astro.config.mjs', 'uno.config.ts', 'package-lock.json']) {
    const path = join(ROOT, file);
    if (existsSync(path)) hash.update(file).update(readFileSync(path));
  }
  return hash.digest('hex');
}
const shared = sharedInputsHash();
const stampOf = (brand: Brand) => createHash('sha256').update(shared).update(readFileSync(join(ROOT, `brands/${brand.id}.json`))).digest('hex');
const stampFile = (brand: Brand) => join(DIST, brand.id, '.build-stamp');

const stale = selected.filter((brand) => {
  const fresh = values['if-stale'] && existsSync(stampFile(brand)) && readFileSync(stampFile(brand), 'utf8') === stampOf(brand);
  if (fresh) console.log(`${brand.id}: up to date`);
  return !fresh;
});
if (!stale.length) process.exit(0);

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const cpuMs = () => {
  const { user, system } = process.cpuUsage(); // this process's threads: the main one, Vite's and zlib's pool
  return (user + system) / 1000;
};
/** Wall and CPU time of each step: on a shared machine the wall time stretches, the CPU time much less. */
const phases: { name: string; wall: number; cpu: number }[] = [];
let mark = { wall: 0, cpu: 0 }; // the process's start
const phase = (name: string) => {
  const now = { wall: performance.now(), cpu: cpuMs() };
  phases.push({ name, wall: now.wall - mark.wall, cpu: now.cpu - mark.cpu });
  mark = now;
};
phase('start-up (node, build script, brand files)');

// The previous output of these brands is moved aside and deleted (disk work) while Astro builds (CPU work).
const OLD = join(DIST, '.old');
rmSync(OLD, { recursive: true, force: true }); // what a failed run left (rarely anything)
mkdirSync(OLD, { recursive: true });
for (const brand of stale) if (existsSync(join(DIST, brand.id))) renameSync(join(DIST, brand.id), join(OLD, brand.id));
const oldRemoved = rm(OLD, { recursive: true, force: true });

// Astro reads these when the build starts: the brands its pages render (src/brand/built.ts) and where its own
// per-phase timer writes.
process.env.CABINET_BRANDS = stale.map((b) => b.id).join(',');
process.env.ASTRO_TELEMETRY_DISABLED = '1';
const timerFile = join(tmpdir(), `cabinet-astro-timer-${process.pid}.json`);
process.env.ASTRO_TIMER_PATH = timerFile;
const { build } = await import('astro');
try {
  await build({ root: ROOT, logLevel: process.env.ASTRO_LOG === 'info' ? 'info' : 'warn' });
} catch (error) {
  fail(`Build failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
}
const timer = JSON.parse(readFileSync(timerFile, 'utf8')) as Record<string, { elapsedTime: number }>;
rmSync(timerFile, { force: true });
const timed = (name: string) => timer[name]?.elapsedTime ?? 0;
const bundled = timed('Prerender build') + timed('SSR build') + timed('Client build');
phase(`astro: bundling once ${seconds(bundled)}, rendering ${stale.length} brand(s) ${seconds(timed('Static generate'))}, the rest start-up`);

for (const brand of stale) {
  const site = join(STAGING, brand.id);
  renameSync(join(site, '404/index.html'), join(site, '404.html'));
  rmSync(join(site, '404'), { recursive: true });
  const manifest = routeManifest(brand);
  writeFileSync(join(site, 'routes.json'), JSON.stringify(manifest, null, 2) + '\n');
  writeFileSync(join(site, '_redirects'), redirectsFile(manifest));
  writeFileSync(join(site, 'nginx.conf'), nginxSnippet(manifest));
}
phase('route manifests');

// Each page keeps only the icon rules it can show (the one inlined stylesheet names every icon of the build).
const iconBytes = pruneIcons(STAGING, stale.map((b) => join(STAGING, b.id)));
phase(`icon rules pages cannot show dropped (${Math.round(iconBytes / 1024)} KB)`);

// Compressed once here, never per request (docs/shell.md "Serving"); the shared files once for all brands. Half
// the files go to a second thread: the machine has two cores and compression is most of this step.
const toCompress = compressibleFiles(STAGING);
const helper = new Worker(join(ROOT, 'scripts/precompress-worker.ts'), { workerData: toCompress.filter((_, i) => i % 2) });
const helperDone = new Promise<number>((resolve) => helper.on('exit', resolve)); // its exception would end this process
precompressFiles(toCompress.filter((_, i) => i % 2 === 0));
if ((await helperDone) !== 0) fail('Precompression failed (see the error above).');
phase('precompress');

const sharedEntries = readdirSync(STAGING).filter((name) => !stale.some((b) => b.id === name));
for (const brand of stale) {
  const out = join(DIST, brand.id);
  renameSync(join(STAGING, brand.id), out);
  for (const name of sharedEntries) cpSync(join(STAGING, name), join(out, name), { recursive: true });
  writeFileSync(stampFile(brand), stampOf(brand));
  console.log(`${brand.id} → dist/${brand.id}/`);
}
rmSync(STAGING, { recursive: true, force: true });
await oldRemoved;
phase(`split into dist/<brand>/ (shared ${sharedEntries.join(', ')} copied to each)`);

console.log(`\n${stale.length} brand(s) built in ${seconds(performance.now())} (CPU ${seconds(cpuMs())}):`);
console.log('     wall      CPU');
for (const { name, wall, cpu } of phases) console.log(`  ${seconds(wall).padStart(7)}  ${seconds(cpu).padStart(7)}  ${name}`);
// Astro's build leaves handles open (its Vite environments); nothing else is pending here.
process.exit(0);
