/**
 * Builds each brand into dist/<brand>/ with one Astro run per brand, then writes its route manifests.
 *   npm run build                      all brands, sequentially
 *   npm run build -- --brand main-ru   one brand (repeat --brand for several)
 *   npm run build -- --if-stale        skip brands whose inputs did not change since their last build
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { BrandConfigError, loadBrands, type Brand } from '../src/brand/load.ts';
import { brandSchema } from '../src/brand/schema.ts';
import { nginxSnippet, redirectsFile, routeManifest } from '../src/routes/manifest.ts';
import { precompress } from '../src/gateway/precompress.ts';

const ROOT = resolve(import.meta.dirname, '..');
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

/** Hash of everything a brand's output depends on: shared sources, configs, the lock file and its own JSON. */
function inputsHash(brand: Brand): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (!path.startsWith(join(ROOT, 'src/server'))) hash.update(path).update(readFileSync(path));
    }
  };
  walk(join(ROOT, 'src'));
  for (const file of ['astro.config.mjs', 'uno.config.ts', 'package-lock.json', `brands/${brand.id}.json`]) {
    const path = join(ROOT, file);
    if (existsSync(path)) hash.update(file).update(readFileSync(path));
  }
  return hash.digest('hex');
}

const started = performance.now();
let built = 0;
for (const brand of selected) {
  const out = join(ROOT, 'dist', brand.id);
  const stampFile = join(out, '.build-stamp');
  const stamp = inputsHash(brand);
  if (values['if-stale'] && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) {
    console.log(`${brand.id}: up to date`);
    continue;
  }
  const t0 = performance.now();
  const result = spawnSync(process.execPath, [join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build', '--silent'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, BRAND: brand.id, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) fail(`Build of brand ${brand.id} failed (astro exited ${result.status}).`);
  const manifest = routeManifest(brand);
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'routes.json'), JSON.stringify(manifest, null, 2) + '\n');
  writeFileSync(join(out, '_redirects'), redirectsFile(manifest));
  writeFileSync(join(out, 'nginx.conf'), nginxSnippet(manifest));
  // Compressed once here, never per request (docs/shell.md "Serving").
  precompress(out);
  writeFileSync(stampFile, stamp);
  built++;
  console.log(`${brand.id}: built in ${((performance.now() - t0) / 1000).toFixed(1)} s → dist/${brand.id}/`);
}
console.log(`${built} brand(s) built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
