// The islands are written against React's API and run on preact/compat (astro.config.mjs; docs/architecture.md
// "Browser runtime"). Types come from @types/react, so tsc would accept a React-only API that compat lacks: this
// test is the net for that.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as compat from 'preact/compat';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../../src');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.(tsx?|astro)$/.test(e.name) ? [join(dir, e.name)] : [],
  );

/** Value imports from react/react-dom: `import { a, type B } from 'react'` gives a; `import type` gives nothing. */
function valueImports(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of sources(SRC)) {
    for (const [, clause] of readFileSync(file, 'utf8').matchAll(/import\s+(?!type\b)([^;]*?)\s+from\s+['"]react(?:-dom)?(?:\/[\w-]+)?['"]/g)) {
      const named = clause!.match(/\{([^}]*)\}/)?.[1] ?? '';
      const names = named.split(',').map((n) => n.trim()).filter((n) => n && !n.startsWith('type '));
      for (const name of names) found.set(name.split(/\s+as\s+/)[0]!, [...(found.get(name) ?? []), file.slice(SRC.length + 1)]);
    }
  }
  return found;
}

describe('islands use only the React API that preact/compat provides', () => {
  it('finds the islands\' imports', () => {
    expect(valueImports().has('useState')).toBe(true);
  });

  it('every value imported from react exists in preact/compat', () => {
    const missing = [...valueImports()].filter(([name]) => !(name in compat)).map(([name, files]) => `${name} (${files.join(', ')})`);
    expect(missing).toEqual([]);
  });
});
