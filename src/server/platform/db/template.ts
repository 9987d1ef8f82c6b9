import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/**
 * A new PGlite data directory starts as a copy of a template: the cluster initdb made, migrated and analysed
 * (docs/architecture.md "Running it"). initdb is most of a cold start (1–3 s idle, 8 s on a loaded machine) and is
 * the same for every new directory, so it runs once per schema: the template is kept in node_modules/.cache/cabinet
 * under a hash of the migrations, the PGlite version and the start settings, and made again when any of them
 * changes. Copying its ~40 MB of files takes a fraction of a second.
 */
const ROOT = resolve(import.meta.dirname, '../../../..');
const MIGRATIONS = resolve(import.meta.dirname, 'migrations');
const CACHE = join(ROOT, 'node_modules/.cache/cabinet');

function templateKey(startParams: string[]): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(join(ROOT, 'node_modules/@electric-sql/pglite/package.json')));
  hash.update(startParams.join(' '));
  const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
  for (const file of files(MIGRATIONS).sort()) hash.update(file.slice(MIGRATIONS.length)).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Fills the new data directory `dir` from the template for `startParams`, making the template first when missing
 * (`create` opens PGlite on a directory; `prepare` migrates it). False when no template could be kept (a read-only
 * node_modules): the caller then creates the directory itself.
 */
export async function copyPgliteTemplate(
  dir: string,
  startParams: string[],
  create: (dir: string) => Promise<PGlite>,
  prepare: (client: PGlite) => Promise<void>,
): Promise<boolean> {
  const template = join(CACHE, `pglite-${templateKey(startParams)}`);
  if (!existsSync(template)) {
    try {
      mkdirSync(CACHE, { recursive: true });
    } catch {
      return false;
    }
    // Several servers may make it at once (parallel test files): each builds its own, the rename is atomic.
    const building = mkdtempSync(`${template}.building-`);
    try {
      const client = await create(building);
      await prepare(client);
      // PGlite has no autovacuum: without statistics the planner ignores the search indexes.
      await client.exec('ANALYZE');
      await client.close();
      renameSync(building, template);
    } catch (error) {
      if (!existsSync(template)) throw error;
    } finally {
      rmSync(building, { recursive: true, force: true });
    }
  }
  cpSync(template, dir, { recursive: true });
  return true;
}
