/**
 * Initial JavaScript of every built page of every brand: what a browser loads before any interaction, gzip.
 * Counted per page, each file once: inline scripts, `<script src>`, `<link rel="modulepreload">`, and for each
 * `<astro-island>` its component-url, renderer-url and before-hydration-url, plus every chunk they import
 * statically (`import … from "./x.js"`, `import "./x.js"`, `export … from "./x.js"`), recursively. Dynamic
 * `import()` is what loads later, so it is not followed.
 *
 * Budgets (DESIGN.md "Budgets", issue 13 point 11): the public pages clients open from a message <= 15 KB; every
 * other page (cabinet screens, sign-in, registration, 404) <= 80 KB.
 *   npm run bench:bytes                 table, largest pages, verdict (exit 0)
 *   npm run bench:bytes -- --json       the same as JSON
 *   npm run bench:bytes -- --check      exit 1 when a page is over its budget (a step of `npm test`, after the build)
 * Builds every brand first when dist/ is missing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadBrands, type Brand } from '../src/brand/load.ts';
import { localesForBrand, localizedPath } from '../src/routes/locale-paths.ts';
import { ROUTES } from '../src/routes/registry.ts';
import { routesForBrand, staticPathOf } from '../src/routes/select.ts';

const ROOT = resolve(import.meta.dirname, '..');
const DIST = join(ROOT, 'dist');
const KB = 1024;

/** The public pages that clients open from a message (the spec's public routes without a sidebar link). */
export const MESSAGE_PAGE_ROUTES = [
  'ratingWidget', 'visitNotifyWidget', 'ignorePhone', 'shortLinkRedirect',
  'bookingWidget', 'iikoBookingWidget', 'qrCodeWidgetView', 'publicAiChat', 'publicPayments',
] as const;
export const BUDGET = { cabinet: 80 * KB, message: 15 * KB } as const;

const unknownRoutes = MESSAGE_PAGE_ROUTES.filter((name) => !ROUTES.some((r) => r.name === name));
if (unknownRoutes.length) throw new Error(`bench-bytes: no route named ${unknownRoutes.join(', ')} in src/routes/registry.ts`);

const gzipSize = (body: string | Buffer) => gzipSync(body, { level: 9 }).length;
const attr = (tag: string, name: string) => tag.match(new RegExp(`\\b${name}="([^"]*)"`))?.[1];

/** Script bodies a page runs inline; JSON and other data blocks are not code. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attrs]) => !/\bsrc=/.test(attrs!) && (!/\btype=/.test(attrs!) || /\btype="(module|text\/javascript)"/.test(attrs!)))
    .map(([, , body]) => body!)
    .filter((body) => body.trim());
}

/** URLs the page itself names as code to load at start. */
function entryUrls(html: string): string[] {
  const urls: Array<string | undefined> = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*\bsrc="[^"]*"[^>]*>/g)) urls.push(attr(tag, 'src'));
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) if (attr(tag, 'rel') === 'modulepreload') urls.push(attr(tag, 'href'));
  for (const [tag] of html.matchAll(/<astro-island\b[^>]*>/g)) {
    for (const name of ['component-url', 'renderer-url', 'before-hydration-url']) urls.push(attr(tag, name));
  }
  return urls.filter((u): u is string => !!u && !/^(https?:)?\/\//.test(u));
}

/** A chunk's static imports and re-exports; `import(` (dynamic) has a parenthesis and does not match. */
const STATIC_IMPORT = /(?:\bimport|\bfrom)\s*["']([^"']+\.m?js)["']/g;

export interface PageBytes {
  /** JS files loaded at start, relative to the brand folder. */
  files: string[];
  inlineGzip: number;
  raw: number;
  gzip: number;
}

/** The initial JavaScript of one built HTML page of the site folder `site`. */
export function pageBytes(site: string, htmlFile: string): PageBytes {
  const html = readFileSync(htmlFile, 'utf8');
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (spec!.startsWith('.')) visit(resolve(dirname(file), spec!));
      else if (spec!.startsWith('/')) visit(join(site, spec!));
    }
  };
  for (const url of entryUrls(html)) visit(join(site, url.split(/[?#]/)[0]!));
  const inline = inlineScripts(html).join('\n');
  let raw = Buffer.byteLength(inline);
  const inlineGzip = inline ? gzipSize(inline) : 0;
  let gzip = inlineGzip;
  for (const file of seen) {
    const body = readFileSync(file);
    raw += body.length;
    gzip += gzipSize(body);
  }
  return { files: [...seen].map((f) => relative(site, f)).sort(), inlineGzip, raw, gzip };
}

type Budget = keyof typeof BUDGET;
interface PageRow extends PageBytes {
  brand: string;
  path: string;
  route: string;
  budget?: Budget;
}

export const htmlFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? htmlFiles(join(dir, e.name)) : e.name.endsWith('.html') ? [join(dir, e.name)] : [],
  );

/** Built page path ('/flows/') → the registry route it renders, for one brand. */
function routesByPage(brand: Brand): Map<string, { name: string; budget: Budget }> {
  const map = new Map<string, { name: string; budget: Budget }>();
  for (const locale of localesForBrand(brand)) {
    for (const route of routesForBrand(brand)) {
      const path = localizedPath(brand, locale, staticPathOf(route));
      // Every other page (the cabinet's screens, and its sign-in and registration pages) gets the cabinet's budget.
      const budget: Budget = (MESSAGE_PAGE_ROUTES as readonly string[]).includes(route.name) ? 'message' : 'cabinet';
      map.set(path.endsWith('/') ? path : `${path}/`, { name: route.name, budget });
    }
  }
  return map;
}

export function measureAll(): PageRow[] {
  const rows: PageRow[] = [];
  for (const brand of loadBrands()) {
    const site = join(DIST, brand.id);
    if (!existsSync(site)) continue;
    const routes = routesByPage(brand);
    for (const file of htmlFiles(site)) {
      const rel = '/' + relative(site, file).replace(/\\/g, '/');
      const path = rel === '/404.html' ? '/404.html' : rel.replace(/index\.html$/, '');
      const route = routes.get(path) ?? { name: path === '/404.html' ? 'notFound' : 'redirect', budget: 'cabinet' as const };
      rows.push({ brand: brand.id, path, route: route.name, budget: route.budget, ...pageBytes(site, file) });
    }
  }
  return rows;
}

const kb = (n: number) => (n / KB).toFixed(1);
const overBudget = (rows: PageRow[]) => rows.filter((r) => r.budget && r.gzip > BUDGET[r.budget]);

function printReport(rows: PageRow[]) {
  // Group identical results: a brand's locale pages of a route count at their largest; routes whose size and
  // brands are the same share one line.
  const perRouteBrand = new Map<string, { route: string; brand: string; gzip: number; budget?: Budget; pages: number }>();
  for (const r of rows) {
    const key = `${r.route}|${r.brand}`;
    const e = perRouteBrand.get(key) ?? { route: r.route, brand: r.brand, gzip: 0, budget: r.budget, pages: 0 };
    e.gzip = Math.max(e.gzip, r.gzip);
    e.pages++;
    perRouteBrand.set(key, e);
  }
  const perRouteSize = new Map<string, { route: string; gzip: number; budget?: Budget; brands: string[]; pages: number }>();
  for (const e of perRouteBrand.values()) {
    const key = `${e.route}|${kb(e.gzip)}`;
    const g = perRouteSize.get(key) ?? { route: e.route, gzip: e.gzip, budget: e.budget, brands: [], pages: 0 };
    g.brands.push(e.brand);
    g.pages += e.pages;
    perRouteSize.set(key, g);
  }
  const lines = new Map<string, { gzip: number; budget?: Budget; routes: string[]; brands: string; pages: number }>();
  for (const g of perRouteSize.values()) {
    const brands = g.brands.sort().join(', ');
    const key = `${kb(g.gzip)}|${g.budget}|${brands}`;
    const line = lines.get(key) ?? { gzip: g.gzip, budget: g.budget, routes: [], brands, pages: 0 };
    line.routes.push(g.route);
    line.pages += g.pages;
    lines.set(key, line);
  }
  console.log(`Initial JS, KB gzip (largest locale): ${rows.length} pages of ${new Set(rows.map((r) => r.brand)).size} brands\n`);
  console.log(['KB', 'budget', 'pages', 'routes', 'brands'].join('\t'));
  for (const line of [...lines.values()].sort((a, b) => b.gzip - a.gzip || a.routes[0]!.localeCompare(b.routes[0]!))) {
    const budget = line.budget ? `${line.budget} ${kb(BUDGET[line.budget])}` : '-';
    console.log([kb(line.gzip).padStart(5), budget, String(line.pages).padStart(4), line.routes.sort().join(' '), line.brands].join('\t'));
  }
  console.log('\nLargest pages (one per route):');
  const largest = new Map<string, PageRow>();
  for (const r of rows) if (!largest.has(r.route) || largest.get(r.route)!.gzip < r.gzip) largest.set(r.route, r);
  for (const r of [...largest.values()].sort((a, b) => b.gzip - a.gzip).slice(0, 10)) {
    console.log(`  ${kb(r.gzip).padStart(5)} KB  ${r.brand}${r.path}  (${r.route}, ${r.files.length} files, inline ${kb(r.inlineGzip)} KB)`);
  }
  const over = overBudget(rows);
  const overRoutes = new Map<string, number>();
  for (const r of over) {
    const label = `${r.route} (${r.budget} <= ${kb(BUDGET[r.budget!])} KB)`;
    overRoutes.set(label, Math.max(overRoutes.get(label) ?? 0, r.gzip));
  }
  console.log(`\nBudget: cabinet pages <= ${kb(BUDGET.cabinet)} KB, pages opened from a message <= ${kb(BUDGET.message)} KB`);
  if (!over.length) console.log('verdict: every page within budget');
  else {
    console.log(`verdict: ${over.length} pages over budget, ${overRoutes.size} routes (largest size shown):`);
    for (const [route, gzip] of [...overRoutes].sort((a, b) => b[1] - a[1])) console.log(`  ${kb(gzip).padStart(5)} KB  ${route}`);
  }
}

function main() {
  if (!existsSync(DIST)) {
    const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build-brands.ts')], { stdio: 'inherit' });
    if (build.status !== 0) process.exit(1);
  }
  const rows = measureAll();
  if (process.argv.includes('--json')) {
    const budget = { cabinetBytes: BUDGET.cabinet, messageBytes: BUDGET.message, messagePageRoutes: MESSAGE_PAGE_ROUTES };
    console.log(JSON.stringify({ budget, pages: rows, over: overBudget(rows).map(({ brand, path, route, gzip }) => ({ brand, path, route, gzip })) }, null, 2));
  } else printReport(rows);
  if (process.argv.includes('--check') && overBudget(rows).length) process.exit(1);
}

if (import.meta.main) main();
