/**
 * The accessibility sweep, once per distinct rendering. Many brands render a screen with the same markup (same
 * variant, language and flags); axe would find the same things on each. Before the sweep, the page's rendering is
 * reduced to what axe reads — the DOM and its styles, without scripts, island props and the brand's own name — and
 * hashed. The first test to claim a hash (an exclusive file create, safe across workers) runs axe; a later test with
 * the same hash records which sweep covered it and skips axe. A page that differs in any other byte is swept again.
 * `E2E_AXE_EVERY_PAGE=1` sweeps every page; `NO_AXE=1` sweeps none (local speed runs).
 */
import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { loadBrand } from '../../src/brand/load.ts';
import { E2E_PORT } from './ports.ts';

/** Hashes of this run's sweeps, each file holding the label of the test that ran it. */
export const AXE_SEEN_DIR = join(tmpdir(), `cabinet-e2e-axe-${E2E_PORT}`);

export function resetAxeSweeps() {
  rmSync(AXE_SEEN_DIR, { recursive: true, force: true });
  mkdirSync(AXE_SEEN_DIR, { recursive: true });
}

/** What axe sees on the page, as text: DOM and styles, viewport; scripts, island wiring and brand names removed. */
export async function renderingOf(page: Page, brandNames: string[]): Promise<string> {
  const markup = await page.evaluate(() => {
    const root = document.documentElement.cloneNode(true) as HTMLElement;
    root.querySelectorAll('script, link[rel="modulepreload"]').forEach((el) => el.remove());
    root.querySelectorAll('astro-island').forEach((island) => {
      for (const name of island.getAttributeNames()) island.removeAttribute(name);
    });
    return `${innerWidth}x${innerHeight}\n${root.outerHTML}`;
  });
  // Longest first, so a name that contains another is replaced whole.
  return [...brandNames].sort((a, b) => b.length - a.length).reduce((text, name) => text.split(name).join('{brand}'), markup);
}

/**
 * Claims a rendering for this test; returns the label of the earlier sweep when another test holds it. The claim
 * names its test, so a retry of the test that swept (or a second call in it) sweeps again rather than trusting itself.
 */
function claim(hash: string, label: string): string | undefined {
  mkdirSync(AXE_SEEN_DIR, { recursive: true });
  const file = join(AXE_SEEN_DIR, hash);
  const me = test.info().testId;
  try {
    const fd = openSync(file, 'wx');
    writeSync(fd, `${me}\n${label}`);
    closeSync(fd);
    return undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const [owner, earlier] = readFileSync(file, 'utf8').split('\n');
    return owner === me ? undefined : earlier || '(a sweep in progress)';
  }
}

export async function expectNoSeriousA11yViolations(page: Page, label: string) {
  if (process.env.NO_AXE) return;
  if (!process.env.E2E_AXE_EVERY_PAGE) {
    const brand = loadBrand(test.info().project.name);
    const rendering = await renderingOf(page, [brand.productName, ...brand.hosts, brand.id]);
    const hash = createHash('sha256').update(rendering).digest('hex').slice(0, 16);
    if (process.env.E2E_AXE_DUMP) writeFileSync(join(process.env.E2E_AXE_DUMP, `${label.replace(/\W+/g, '_')}.html`), rendering);
    const earlier = claim(hash, label);
    if (earlier) {
      test.info().annotations.push({ type: 'axe', description: `${label}: same rendering ${hash} as ${earlier}, swept there` });
      return;
    }
    test.info().annotations.push({ type: 'axe', description: `${label}: swept rendering ${hash}` });
  }
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`),
    label,
  ).toEqual([]);
}
