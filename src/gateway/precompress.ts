/**
 * Build step: writes `<file>.br` and `<file>.gz` beside every text file of a brand's output, so the gateway (and nginx
 * with gzip_static / brotli_static) sends compressed bytes without compressing per request. The nine brands share
 * most of their scripts byte for byte, so each distinct content is compressed once per build run.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.webmanifest', '.xml']);
/** Below this a compressed answer saves less than its headers cost. */
const MIN_BYTES = 1024;

const done = new Map<string, { br: Buffer; gz: Buffer }>();

/**
 * Hashed assets (shared by the brands, cached for a year) get brotli's best; the many pages, each different, a
 * quality that compresses them ~20x faster for a few per cent more bytes.
 */
function compressed(bytes: Buffer, asset: boolean) {
  const key = createHash('sha256').update(bytes).digest('hex');
  let found = done.get(key);
  if (!found) {
    const quality = asset ? 11 : 6;
    found = {
      br: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
      gz: gzipSync(bytes, { level: asset ? 9 : 6 }),
    };
    done.set(key, found);
  }
  return found;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
}

/** The files of a folder that get compressed variants. */
export function compressibleFiles(dir: string): string[] {
  return filesUnder(dir).filter((file) => COMPRESSIBLE.has(extname(file)) && statSync(file).size >= MIN_BYTES);
}

/** Writes the variants of these files; a variant that would not be smaller is not written. */
export function precompressFiles(files: string[]): void {
  for (const file of files) {
    const bytes = readFileSync(file);
    const { br, gz } = compressed(bytes, file.includes(`${sep}_astro${sep}`));
    if (br.length < bytes.length) writeFileSync(`${file}.br`, br);
    if (gz.length < bytes.length) writeFileSync(`${file}.gz`, gz);
  }
}

/** Returns how many files got compressed variants. */
export function precompress(dir: string): number {
  const files = compressibleFiles(dir);
  precompressFiles(files);
  return files.length;
}
