/**
 * Build step: writes `<file>.br` and `<file>.gz` beside every text file of a brand's output, so the gateway (and nginx
 * with gzip_static / brotli_static) sends compressed bytes without compressing per request. The nine brands share
 * most of their scripts byte for byte, so each distinct content is compressed once per build run.
 */
import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCb } from 'node:zlib';

export const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.webmanifest', '.xml']);
/** Below this a compressed answer saves less than its headers cost. */
const MIN_BYTES = 1024;

const done = new Map<string, Promise<{ br: Buffer; gz: Buffer }>>();
const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCb);

/**
 * Hashed assets (shared by the brands, cached for a year) get brotli's best; the many pages, each different, a
 * quality that compresses them ~20x faster for a few per cent more bytes. Compression runs on libuv's thread pool
 * (several files at once, each in one chunk), so it uses every core.
 */
function compressed(bytes: Buffer, asset: boolean) {
  const key = createHash('sha256').update(bytes).digest('hex');
  let found = done.get(key);
  if (!found) {
    const quality = asset ? 11 : 6;
    const chunkSize = Math.max(bytes.length, 16384);
    const params = { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length };
    found = Promise.all([brotli(bytes, { chunkSize, params }), gzip(bytes, { level: asset ? 9 : 6, chunkSize })]).then(([br, gz]) => ({ br, gz }));
    done.set(key, found);
  }
  return found;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
}

/** Files compressed at once: enough to keep every core busy, few enough to hold little memory. */
const IN_FLIGHT = 4;

/** Resolves to how many files got compressed variants; a variant that would not be smaller is not written. */
export async function precompress(dir: string): Promise<number> {
  const files = filesUnder(dir).filter((file) => COMPRESSIBLE.has(extname(file)) && statSync(file).size >= MIN_BYTES);
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
      const bytes = await readFile(file);
      const { br, gz } = await compressed(bytes, file.includes(`${sep}_astro${sep}`));
      if (br.length < bytes.length) await writeFile(`${file}.br`, br);
      if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return files.length;
}
