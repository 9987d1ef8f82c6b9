import { parseBrand } from './parse.ts';
import type { Brand } from './schema.ts';

/**
 * The brand being built, parsed once at build start from BRAND (set by scripts/build-brands.ts) and handed
 * to every page through this module. Vite's glob keeps the JSON inside the build graph.
 */
const files = import.meta.glob<string>('../../brands/*.json', { eager: true, query: '?raw', import: 'default' });

function readCurrentBrand(): Brand {
  const id = process.env.BRAND ?? 'main-ru';
  const text = files[`../../brands/${id}.json`];
  if (text === undefined) throw new Error(`BRAND=${id}: there is no brands/${id}.json`);
  return parseBrand(`brands/${id}.json`, text);
}

export const brand: Brand = readCurrentBrand();
