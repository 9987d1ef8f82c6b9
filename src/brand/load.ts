import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Brand } from './schema.ts';
import { BrandConfigError, parseBrand } from './parse.ts';

export type { Brand } from './schema.ts';
export { BrandConfigError, parseBrand } from './parse.ts';

export const BRANDS_DIR = resolve(import.meta.dirname, '../../brands');

const cache = new Map<string, Brand[]>();

/** Every brand in brands/*.json, parsed once per directory. Throws BrandConfigError on the first bad file. */
export function loadBrands(dir = BRANDS_DIR): Brand[] {
  const cached = cache.get(dir);
  if (cached) return cached;
  const files = readdirSync(dir).filter((name) => name.endsWith('.json') && !name.endsWith('.schema.json')).sort();
  const brands = files.map((name) => parseBrand(join('brands', name), readFileSync(join(dir, name), 'utf8')));
  const seenHosts = new Map<string, string>();
  for (const brand of brands) {
    for (const host of brand.hosts) {
      const other = seenHosts.get(host);
      if (other) throw new BrandConfigError(`Host ${host} is listed by both brands/${other}.json and brands/${brand.id}.json`);
      seenHosts.set(host, brand.id);
    }
  }
  cache.set(dir, brands);
  return brands;
}

export function loadBrand(id: string, dir = BRANDS_DIR): Brand {
  const brand = loadBrands(dir).find((b) => b.id === id);
  if (!brand) {
    const known = loadBrands(dir).map((b) => b.id).join(', ');
    throw new BrandConfigError(`Unknown brand "${id}". Known brands: ${known}`);
  }
  return brand;
}

/** The brand whose production host (or local gateway host `<id>.localhost`) serves this host name. */
export function findBrandByHost(hostHeader: string, dir = BRANDS_DIR): Brand | undefined {
  const host = hostHeader.toLowerCase().replace(/:\d+$/, '');
  const brands = loadBrands(dir);
  return (
    brands.find((b) => b.hosts.includes(host)) ??
    brands.find((b) => host === `${b.id}.localhost` || host.startsWith(`${b.id}.localhost`))
  );
}

export const DEFAULT_BRAND_ID = 'main-ru';
