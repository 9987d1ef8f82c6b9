import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bundledEntry } from '../../../src/server/platform/bundle.ts';
import { threadExecArgv } from '../../../src/server/platform/threads.ts';

const dir = mkdtempSync(join(tmpdir(), 'cabinet-bundle-'));
const cacheDir = join(dir, 'cache');
const entry = pathToFileURL(join(dir, 'entry.ts'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs a bundle in a Node of its own and returns what it printed. */
const run = (url: URL) => JSON.parse(execFileSync(process.execPath, [url.pathname], { encoding: 'utf8' })) as { value: string; dirname: string; url: string };

writeFileSync(join(dir, 'entry.ts'), "import { value, where } from './lib/dep.ts';\nconst typed: string = value;\nconsole.log(JSON.stringify({ value: typed, ...where }));\n");

describe('bundledEntry', () => {
  it('bundles an entry with its imports, each module keeping its own import.meta paths', async () => {
    mkdirSync(join(dir, 'lib'));
    writeFileSync(join(dir, 'lib/dep.ts'), "export const value = 'first';\nexport const where = { dirname: import.meta.dirname, url: import.meta.url };\n");
    const url = await bundledEntry(entry, { cacheDir });
    expect(url.href).not.toBe(entry.href);
    expect(url.pathname.startsWith(cacheDir)).toBe(true);
    expect(run(url)).toEqual({ value: 'first', dirname: join(dir, 'lib'), url: pathToFileURL(join(dir, 'lib/dep.ts')).href });
  });

  it('keeps a fresh bundle and makes it again when an input changed', async () => {
    const url = await bundledEntry(entry, { cacheDir });
    const made = statSync(url).mtimeMs;
    expect((await bundledEntry(entry, { cacheDir })).href).toBe(url.href);
    expect(statSync(url).mtimeMs).toBe(made);

    writeFileSync(join(dir, 'lib/dep.ts'), "export const value = 'second, edited';\nexport const where = { dirname: import.meta.dirname, url: import.meta.url };\n");
    const again = await bundledEntry(entry, { cacheDir });
    expect(run(again).value).toBe('second, edited');
  });

  it('falls back to the entry itself, saying why, when it cannot be bundled', async () => {
    const broken = pathToFileURL(join(dir, 'broken.ts'));
    writeFileSync(broken, "import { missing } from './nowhere.ts';\nconsole.log(missing);\n");
    const warnings: string[] = [];
    const url = await bundledEntry(broken, { cacheDir, warn: (m) => warnings.push(m) });
    expect(url.href).toBe(broken.href);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/broken\.ts runs from its sources \(no bundle: .+\)/);
    expect(readFileSync(join(dir, 'broken.ts'), 'utf8')).toContain('nowhere'); // the source is left as it was
  });
});

describe('threadExecArgv', () => {
  const argv = ['--input-type=module', '-e', 'await start()', '--import=./hooks.ts', '--import', './other-hooks.ts', '--import=./plain.mjs', '--enable-source-maps'];

  it('leaves out an inline script and its input type', () => {
    expect(threadExecArgv(argv, false)).toEqual(['--import=./hooks.ts', '--import', './other-hooks.ts', '--import=./plain.mjs', '--enable-source-maps']);
  });

  it('leaves out TypeScript hooks for a thread that runs from its bundle', () => {
    expect(threadExecArgv(argv, true)).toEqual(['--import=./plain.mjs', '--enable-source-maps']);
  });
});
