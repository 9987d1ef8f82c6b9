/**
 * Build budget report: wall time to build every brand (one Astro run, its phases printed by the build script; the
 * budget is 15 s, docs/shell.md "Build"), pages emitted, and the JavaScript a page loads at start (counted by
 * scripts/bench-bytes.ts, raw and gzip) for the sign-in page, a cabinet page and the not-found page of each brand.
 * `npm run bench:bytes` reports every page against the budgets.
 *   npm run bench:build            build, then measure
 *   npm run bench:build -- --no-build   measure dist/ as it is
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { loadBrands } from '../src/brand/load.ts';
import { htmlFiles, pageBytes } from './bench-bytes.ts';

const ROOT = resolve(import.meta.dirname, '..');
const DIST = join(ROOT, 'dist');

if (!process.argv.includes('--no-build')) {
  const started = performance.now();
  const result = spawnSync(process.execPath, [join(ROOT, 'scripts/build-brands.ts')], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(1);
  const load = loadavg()[0]!.toFixed(1);
  // Other work on the machine stretches the wall time: the load says how much (the CPU time above does not change).
  console.log(`\nBuild of all brands: ${((performance.now() - started) / 1000).toFixed(1)} s (load average ${load} at the end)`);
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const rows: string[][] = [];
let pages = 0;
for (const brand of loadBrands()) {
  const site = join(DIST, brand.id);
  if (!existsSync(site)) continue;
  pages += htmlFiles(site).length;
  const cabinet = ['flows', 'distributions', 'chats', 'conversion'].map((p) => join(site, p, 'index.html')).find(existsSync)!;
  for (const [label, file] of [['sign-in', join(site, 'account/login/index.html')], ['cabinet', cabinet], ['cabinet island', join(site, 'account/profile/index.html')], ['not-found', join(site, '404.html')]] as const) {
    if (!file || !existsSync(file)) continue;
    const s = pageBytes(site, file);
    rows.push([brand.id, label, file.slice(site.length), kb(s.raw), kb(s.gzip)]);
  }
}
console.log(`\nPages emitted: ${pages}\n`);
console.log(['brand', 'page', 'path', 'JS raw', 'JS gzip'].join('\t'));
for (const row of rows) console.log(row.join('\t'));
