/**
 * Build budget report: time to build every brand sequentially, pages emitted, and the JavaScript a page loads
 * at start (module scripts and island components with their static imports, raw and gzip) for the sign-in
 * page, a cabinet page and the not-found page of each brand.
 *   npm run bench:build            build, then measure
 *   npm run bench:build -- --no-build   measure dist/ as it is
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadBrands } from '../src/brand/load.ts';

const ROOT = resolve(import.meta.dirname, '..');
const DIST = join(ROOT, 'dist');

if (!process.argv.includes('--no-build')) {
  const started = performance.now();
  const result = spawnSync(process.execPath, [join(ROOT, 'scripts/build-brands.ts')], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(1);
  console.log(`\nBuild of all brands: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const countPages = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? countPages(join(dir, e.name)) : e.name.endsWith('.html') ? 1 : 0), 0);

/** Every JS file a page pulls in at start: its module scripts, island components and renderers, and their imports. */
function pageScripts(site: string, htmlFile: string): string[] {
  const html = readFileSync(htmlFile, 'utf8');
  const entries = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<script[^>]+src="([^"]+)"[^>]+type="module"/g),
    ...html.matchAll(/(?:component-url|renderer-url)="([^"]+)"/g),
  ].map((m) => join(site, m[1]!));
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const m of code.matchAll(/(?:import|from)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) visit(resolve(dirname(file), m[1]!));
  };
  entries.forEach(visit);
  return [...seen];
}

function size(files: string[], inlineHtml?: string) {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const body = readFileSync(file);
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  if (inlineHtml) {
    const inline = [...inlineHtml.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/json)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n');
    raw += Buffer.byteLength(inline);
    gzip += gzipSync(inline).length;
  }
  return { raw, gzip };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const rows: string[][] = [];
let pages = 0;
for (const brand of loadBrands()) {
  const site = join(DIST, brand.id);
  if (!existsSync(site)) continue;
  pages += countPages(site);
  const cabinet = ['flows', 'distributions', 'chats', 'conversion'].map((p) => join(site, p, 'index.html')).find(existsSync)!;
  for (const [label, file] of [['sign-in', join(site, 'account/login/index.html')], ['cabinet', cabinet], ['cabinet island', join(site, 'account/profile/index.html')], ['not-found', join(site, '404.html')]] as const) {
    if (!file || !existsSync(file)) continue;
    const s = size(pageScripts(site, file), readFileSync(file, 'utf8'));
    rows.push([brand.id, label, file.slice(site.length), kb(s.raw), kb(s.gzip)]);
  }
}
console.log(`\nPages emitted: ${pages}\n`);
console.log(['brand', 'page', 'path', 'JS raw', 'JS gzip'].join('\t'));
for (const row of rows) console.log(row.join('\t'));
