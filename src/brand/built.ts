import { parseBrand } from './parse.ts';
import type { Brand } from './schema.ts';

/**
 * The brands being built, parsed once at build start: the ids in CABINET_BRANDS (comma-separated, set by
 * scripts/build-brands.ts), or every brand. One Astro run renders them all (docs/shell.md "Build").
 * Vite's glob keeps the JSON inside the build graph.
 */
const files = import.meta.glob<string>('../../brands/*.json', { eager: true, query: '?raw', import: 'default' });

function readBuiltBrands(): Brand[] {
  const all = Object.keys(files)
    .map((key) => /\/([^/]+)\.json$/.exec(key)![1]!)
    .filter((id) => id !== 'brand.schema')
    .sort();
  const ids = process.env.CABINET_BRANDS ? process.env.CABINET_BRANDS.split(',') : all;
  return ids.map((id) => {
    const text = files[`../../brands/${id}.json`];
    if (text === undefined) throw new Error(`CABINET_BRANDS names ${id}: there is no brands/${id}.json`);
    return parseBrand(`brands/${id}.json`, text);
  });
}

export const builtBrands: Brand[] = readBuiltBrands();
