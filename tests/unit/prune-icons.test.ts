// Pages keep only the icon rules they can show (scripts/prune-icons.ts, docs/lighthouse.md "Icon CSS").
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { pruneIcons } from '../../scripts/prune-icons.ts';

const root = mkdtempSync(join(tmpdir(), 'prune-icons-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const rule = (name: string) => `.i-lucide-${name}{--un-icon:url("data:image/svg+xml;utf8,%3Csvg%3E%3C/svg%3E");width:1em;height:1em}`;
const css = `.p-4{padding:1rem}${['bell', 'inbox', 'users', 'x', 'star'].map(rule).join('')}.sr-only{position:absolute}`;

test('a page keeps the icons its markup and its scripts (static and dynamic imports) name, and drops the rest', () => {
  mkdirSync(join(root, '_astro'));
  mkdirSync(join(root, 'site/flows'), { recursive: true });
  writeFileSync(join(root, '_astro/List.js'), 'import{a}from"./kit.js";const d=()=>import("./Dialog.js");');
  writeFileSync(join(root, '_astro/kit.js'), 'export const a="i-lucide-inbox";');
  writeFileSync(join(root, '_astro/Dialog.js'), 'export const b="i-lucide-users";');
  const page = (island: string) =>
    `<html><head><style>${css}</style></head><body><span class="i-lucide-bell"></span>${island}</body></html>`;
  writeFileSync(join(root, 'site/flows/index.html'), page('<astro-island component-url="/_astro/List.js" renderer-url="/_astro/missing.js"></astro-island>'));
  writeFileSync(join(root, 'site/index.html'), page(''));

  expect(pruneIcons(root, [join(root, 'site')])).toBeGreaterThan(0);

  const flows = readFileSync(join(root, 'site/flows/index.html'), 'utf8');
  expect(flows).toContain(rule('bell'));
  expect(flows).toContain(rule('inbox'));
  expect(flows).toContain(rule('users'));
  expect(flows).not.toContain('.i-lucide-x{');
  expect(flows).not.toContain('.i-lucide-star{');
  expect(flows).toContain('.p-4{padding:1rem}');
  expect(flows).toContain('.sr-only{position:absolute}');
  const home = readFileSync(join(root, 'site/index.html'), 'utf8');
  expect(home).toContain(rule('bell'));
  expect(home).not.toContain('.i-lucide-inbox{');
});
