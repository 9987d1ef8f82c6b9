// Every page of the brand at phone widths, signed in as an owner and as staff (issue 16 points 5 and 8): nothing
// wider than the viewport, and not one console error or page error (a hydration mismatch is one: React #418).
import type { Page } from '@playwright/test';
import { routesForBrand } from '../../src/routes/select.ts';
import { adminTokens, demoTokens, expect, hydrated, prepareStorage, samplePath, test, type Tokens } from './support.ts';

const WIDTHS = [360, 414];

/** Collects console errors and uncaught page errors from here on. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => void (m.type() === 'error' && errors.push(`console: ${m.text()} (${m.location().url})`)));
  page.on('pageerror', (e) => void errors.push(`page error: ${e.message}`));
  return errors;
}

/** The page's width beyond the viewport, naming the widest offenders; '' when it fits. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const inner = window.innerWidth;
    const scroll = document.documentElement.scrollWidth;
    if (scroll <= inner) return '';
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > inner + 1 && !el.closest('[data-open="false"]'))
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join('.')} (${Math.round(el.getBoundingClientRect().right)} px)`);
    return `${scroll} px wide in ${inner} px: ${wide.join(', ')}`;
  });

// One load per page and session: console errors are read during the load at the narrowest width, then the page is
// measured at each width (the layout answers to the viewport alone).
for (const who of ['owner', 'staff'] as const) {
  test(`every page at ${WIDTHS.join(' and ')} px as ${who}: no horizontal overflow, no console error`, async ({ page, context, brand, baseURL }) => {
    test.setTimeout(300_000);
    const tokens: Tokens = who === 'owner' ? await demoTokens(baseURL!) : await adminTokens(baseURL!);
    await prepareStorage(context, { tokens, locale: brand.locale.default });
    // Third parties (the support chat widget) are not reachable here: an empty script stands in for them.
    await context.route(/^https?:\/\/(?![^/]*localhost[:/]|127\.0\.0\.1[:/])/, (r) => r.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
    // The demo screen signs in and leaves: hold its call, as routes.spec does.
    await page.route('**/api/v1/Account/DemoLogin*', () => undefined);
    // The WABA connect callback posts its sample token on load, which the server refuses (409, a console error):
    // hold it too, so the page is measured in its progress state.
    await page.route('**/api/v1/Accounts/Waba/Callback', () => undefined);
    const failures: string[] = [];
    for (const route of routesForBrand(brand)) {
      // Owners are sent away from staff screens before anything renders: those are staff's to sweep.
      if (route.role && who === 'owner') continue;
      // Staff's pages are the admin ones; elsewhere staff differ from an owner only by the sidebar's staff section,
      // which Home shows as well as any page (one sweep of every page per brand keeps the run short).
      if (who === 'staff' && !route.role && route.name !== 'home') continue;
      const errors = watchErrors(page);
      const path = samplePath(route);
      await page.setViewportSize({ width: WIDTHS[0]!, height: 800 });
      await page.goto(path);
      // Islands hydrated (a mismatch shows then), their first data in: a quiet moment, not network idle (the
      // bell and the support chat keep connections open).
      await hydrated(page);
      await page.waitForTimeout(400);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        const wide = await overflow(page);
        if (wide) failures.push(`${path} at ${width} px: ${wide}`);
      }
      page.removeAllListeners('console');
      page.removeAllListeners('pageerror');
      failures.push(...errors.map((e) => `${path}: ${e}`));
    }
    expect(failures).toEqual([]);
  });
}
