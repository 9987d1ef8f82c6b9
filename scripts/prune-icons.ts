/**
 * Each built page keeps only the icon rules it can show (docs/lighthouse.md "Icon CSS"). UnoCSS writes one stylesheet
 * for the whole build, and Astro inlines it into every page: every Lucide icon any source names (~18 KB raw, ~2.3 KB
 * gzip) rode on every page, the public ones included. A page can show an icon its HTML names or one its scripts
 * render: the `i-lucide-*` names in the page outside its styles, and in every script it loads or may load later
 * (entries, then static and dynamic imports). Every other `.i-lucide-*{…}` rule (self-contained: a mask per class)
 * is dropped from the page's inline style.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const ICON = /\bi-lucide-[a-z0-9-]+/g;
const RULE = /\.(i-lucide-[a-z0-9-]+)\{[^}]*\}/g;
const IMPORT = /(?:\bimport\s*\(?|\bfrom)\s*["'`]([^"'`]+\.m?js)["'`]/g;
const ENTRY = /\b(?:src|href|component-url|renderer-url|before-hydration-url)="(\/[^"]+\.m?js)"/g;

function* htmlFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(path);
    else if (entry.name.endsWith('.html')) yield path;
  }
}

/**
 * Prunes the pages of the brand folders `sites`; scripts are looked up under `root` (the folder holding `_astro/`).
 * Returns the bytes removed.
 */
export function pruneIcons(root: string, sites: string[]): number {
  const scripts = new Map<string, { icons: string[]; imports: string[] }>();
  const script = (file: string) => {
    let known = scripts.get(file);
    if (!known) {
      const code = existsSync(file) ? readFileSync(file, 'utf8') : '';
      const imports = [...code.matchAll(IMPORT)].map(([, spec]) => (spec!.startsWith('/') ? join(root, spec!) : resolve(dirname(file), spec!)));
      known = { icons: code.match(ICON) ?? [], imports };
      scripts.set(file, known);
    }
    return known;
  };
  let removed = 0;
  for (const site of sites) {
    for (const file of htmlFiles(site)) {
      const html = readFileSync(file, 'utf8');
      if (!html.includes('.i-lucide-')) continue;
      const markup = html.replace(/<style\b[^>]*>[\s\S]*?<\/style>/g, '');
      const used = new Set(markup.match(ICON));
      const queue = [...markup.matchAll(ENTRY)].map(([, url]) => join(root, url!));
      const seen = new Set<string>();
      for (let next = queue.pop(); next; next = queue.pop()) {
        if (seen.has(next)) continue;
        seen.add(next);
        const { icons, imports } = script(next);
        for (const icon of icons) used.add(icon);
        queue.push(...imports);
      }
      const pruned = html.replace(/(<style\b[^>]*>)([\s\S]*?)(<\/style>)/g, (_, open: string, css: string, close: string) => open + css.replace(RULE, (rule, name: string) => (used.has(name) ? rule : '')) + close);
      if (pruned.length !== html.length) {
        removed += html.length - pruned.length;
        writeFileSync(file, pruned);
      }
    }
  }
  return removed;
}
