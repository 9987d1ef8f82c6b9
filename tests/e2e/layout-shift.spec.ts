// Nothing jumps (issue 16 point 10): every screen of the brand, on a phone as Lighthouse's mobile mode sees it, adds
// up less than 0.05 of layout shift from the first paint until its islands are hydrated and their data is in.
// Layout shift is a geometry figure, not a timing one: the API answers are held back a little so that every loading
// state is painted before its data (the slow-network case Lighthouse measures), which makes the figure the same on a
// busy machine as on a quiet one. docs/lighthouse.md says what keeps the figure low.
import type { BrowserContext, Page } from '@playwright/test';
import { routesForBrand } from '../../src/routes/select.ts';
import { adminTokens, demoTokens, expect, hydrated, prepareStorage, samplePath, test } from './support.ts';

const LIMIT = 0.05;
/** Lighthouse's mobile screen (Moto G Power). */
const PHONE = { width: 412, height: 823 };
/** The desktop of the issue's report, for the screens an owner opens most. */
const DESKTOP = { width: 1366, height: 768 };
const MAIN_SCREENS = ['home', 'flows', 'templates', 'messageLogs', 'subscribers', 'blacklist', 'profile', 'quickstart', 'payments'];
/** How long each API answer is held: the loading state gets painted first, as on a slow network. */
const API_DELAY_MS = 250;

declare global {
  interface Window {
    __shifts?: { value: number; sources: string[] }[];
  }
}

/** Records every layout shift without recent input from the first paint on, with what moved. */
const recordShifts = () => {
  window.__shifts = [];
  const describe = (node: Node | null) => {
    if (!(node instanceof Element)) return node?.nodeName ?? '?';
    const id = node.id ? `#${node.id}` : '';
    const cls = [...node.classList].slice(0, 3).map((c) => `.${c}`).join('');
    const data = [...node.attributes].find((a) => a.name.startsWith('data-'))?.name ?? '';
    return `${node.tagName.toLowerCase()}${id}${cls}${data ? `[${data}]` : ''}`;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] })[]) {
      if (entry.hadRecentInput) continue;
      window.__shifts!.push({
        value: entry.value,
        sources: (entry.sources ?? []).map((s) => `${describe(s.node)} y ${Math.round(s.previousRect.y)}→${Math.round(s.currentRect.y)} h ${Math.round(s.previousRect.height)}→${Math.round(s.currentRect.height)}`),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
};

/** Until no API call has been open or answered for 600 ms (the islands' data is in), at most 8 s. */
async function dataSettled(page: Page, pending: Set<unknown>, last: { at: number }) {
  const end = Date.now() + 8000;
  while (Date.now() < end && (pending.size > 0 || Date.now() - last.at < 600)) await page.waitForTimeout(100);
}

/**
 * Prepares the context (session, shift recorder, API answers held back, third parties stubbed) and returns a
 * measurement of one path: '' when it shifts less than the limit, else the sum and what moved.
 */
async function shiftMeter(page: Page, context: BrowserContext, storage: Parameters<typeof prepareStorage>[1]) {
  await prepareStorage(context, storage);
  await context.route(/^https?:\/\/(?![^/]*localhost[:/]|127\.0\.0\.1[:/])/, (r) => r.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
  await context.addInitScript(recordShifts);
  const pending = new Set<unknown>();
  const last = { at: 0 };
  await context.route('**/api/**', async (r) => {
    await new Promise((done) => setTimeout(done, API_DELAY_MS));
    await r.fallback().catch(() => undefined); // the page may have moved on meanwhile
  });
  page.on('request', (r) => void (r.url().includes('/api/') && (pending.add(r), (last.at = Date.now()))));
  const settle = (r: unknown) => void (pending.delete(r) && (last.at = Date.now()));
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  return async (path: string) => {
    await page.goto(path);
    await hydrated(page);
    await dataSettled(page, pending, last);
    const shifts = await page.evaluate(() => window.__shifts ?? []);
    const sum = shifts.reduce((s, e) => s + e.value, 0);
    return sum < LIMIT ? '' : `${path}: ${sum.toFixed(3)} — ${shifts.map((e) => `${e.value.toFixed(3)} [${e.sources.join('; ')}]`).join(' | ')}`;
  };
}

for (const who of ['owner', 'staff'] as const) {
  test(`every screen as ${who} shifts less than ${LIMIT} on a phone`, async ({ page, context, brand, baseURL }) => {
    test.setTimeout(400_000);
    // Signed-in visitors of a sign-in page are sent Home: those screens are measured signed out below.
    const routes = routesForBrand(brand).filter((r) => (who === 'staff' ? r.role : !r.role) && r.name !== 'demo' && !r.guestOnly);
    test.skip(!routes.length, 'no such screens on this host');
    const measure = await shiftMeter(page, context, { tokens: who === 'owner' ? await demoTokens(baseURL!) : await adminTokens(baseURL!), locale: brand.locale.default });
    await page.setViewportSize(PHONE);
    const failures: string[] = [];
    for (const route of routes) failures.push(await measure(samplePath(route)));
    expect(failures.filter(Boolean)).toEqual([]);
  });
}

test(`sign-in and sign-up screens shift less than ${LIMIT} on a phone`, async ({ page, context, brand }) => {
  const measure = await shiftMeter(page, context, { locale: brand.locale.default });
  await page.setViewportSize(PHONE);
  const failures: string[] = [];
  for (const route of routesForBrand(brand).filter((r) => r.guestOnly)) failures.push(await measure(samplePath(route)));
  expect(failures.filter(Boolean)).toEqual([]);
});

test(`the owner's main screens shift less than ${LIMIT} on a desktop`, async ({ page, context, brand, baseURL }) => {
  test.setTimeout(120_000);
  const measure = await shiftMeter(page, context, { tokens: await demoTokens(baseURL!), locale: brand.locale.default });
  await page.setViewportSize(DESKTOP);
  const failures: string[] = [];
  for (const route of routesForBrand(brand).filter((r) => MAIN_SCREENS.includes(r.name))) failures.push(await measure(samplePath(route)));
  expect(failures.filter(Boolean)).toEqual([]);
});
