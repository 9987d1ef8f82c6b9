import { routesForBrand } from '../../src/routes/select.ts';
import { sidebarLinks } from '../../src/routes/sidebar.ts';
import { isEnabled } from '../../src/brand/flags.ts';
import { loadBrand } from '../../src/brand/load.ts';
import { ROUTES } from '../../src/routes/registry.ts';
import { adminTokens, demoTokens, expect, gatewayGet, expectNoSeriousA11yViolations, prepareStorage, samplePath, tRoutes, tShell, test, type Tokens } from './support.ts';

let tokens: Tokens;
let staff: Tokens;
test.beforeAll(async ({}, testInfo) => {
  tokens = await demoTokens(testInfo.project.use.baseURL!);
  staff = await adminTokens(testInfo.project.use.baseURL!);
});

// Every route of every brand, in the brand's default language, signed in: title, layout, sidebar, a11y (the axe
// sweep once per distinct rendering: see a11y.ts). A route the brand does not serve is skipped before a browser
// context is opened.
for (const route of ROUTES) {
  test.describe(() => {
    test.skip(({ brand }) => !routesForBrand(brand).includes(route), 'not a route of this brand');
    test(`${route.name} (${route.path})`, async ({ page, context, brand }) => {
      const locale = brand.locale.default;
      await prepareStorage(context, { tokens: route.guestOnly ? undefined : route.role ? staff : tokens, locale });
      // The demo screen signs in and leaves at once: hold its call so the page can be inspected.
      if (route.name === 'demo') await page.route('**/api/v1/Account/DemoLogin*', () => undefined);
      const response = await page.goto(samplePath(route));
      const notFound = route.name === 'notFound' || route.name === 'widgetNotFound';
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(`${tRoutes(locale)(route.name)} | ${brand.productName}`);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toHaveText(notFound ? tShell(locale)('notFound.title') : tRoutes(locale)(route.name));

      const nav = page.getByRole('navigation', { name: tShell(locale)('mainNavigation') });
      if (route.layout === 'shared') {
        const expected = sidebarLinks(brand).filter((l) => !l.mobileOnly).map((l) => tShell(locale)(`sidebar.${l.item}`));
        const shown = await nav.locator('[data-sidebar-item]:visible > a').allTextContents();
        expect(shown.map((s) => s.trim())).toEqual(expected);
        await expect(page.getByRole('contentinfo')).toHaveCount(isEnabled(brand, 'footer') ? 1 : 0);
        if (isEnabled(brand, 'footer')) await expect(page.getByRole('contentinfo')).toContainText('v2.0');
        const floating = isEnabled(brand, 'floatingHelp') && !route.hideFloating && Object.keys(brand.floatingButtons).length > 0;
        await expect(page.locator('[data-floating]')).toHaveCount(floating ? 1 : 0);
        await expect(page.locator('[data-scroll-top]')).toHaveCount(route.scrollTop ? 1 : 0);
      } else {
        await expect(nav).toHaveCount(0);
        await expect(page.locator('[data-floating]')).toHaveCount(0);
      }
      if (!notFound && !route.domain) await expect(page.getByRole('status')).toContainText(tShell(locale)('notBuilt'));
      await expectNoSeriousA11yViolations(page, `${brand.id} ${route.path}`);
    });
  });
}

test('a distribution brand holds no flows page, no other brand name and no other tariff', async ({ brand, baseURL }) => {
  test.skip(brand.variant !== 'distribution');
  expect((await gatewayGet(baseURL!, '/flows')).status).toBe(404);
  const { readFileSync, readdirSync } = await import('node:fs');
  const { join } = await import('node:path');
  const root = join(import.meta.dirname, '../../dist', brand.id);
  const files = (readdirSync(root, { recursive: true }) as string[]).filter((f) => /\.(html|js|json)$/.test(f));
  const text = files.map((f) => readFileSync(join(root, f), 'utf8')).join('\n');
  for (const other of ['main-ru', 'ai-app', 'ai-dashboard', 'clinic', 'quality'].map((id) => loadBrand(id))) {
    expect(text, other.productName).not.toContain(other.productName);
  }
  // No page, route list or redirect of the host leads to a flow. (Island chunks of every domain are still emitted
  // into _astro/ by the shared screen dispatcher; no page of this host loads them.)
  const pages = files.filter((f) => !f.startsWith('_astro')).map((f) => readFileSync(join(root, f), 'utf8')).join('\n');
  expect(pages).not.toMatch(/\/flows\/edit/);
  // Every page names this host's tariffs and no other.
  const offered = [...text.matchAll(/"tariffs":(\[[\d,]*\])/g)].map((m) => m[1]);
  expect(offered.length).toBeGreaterThan(10);
  expect(new Set(offered)).toEqual(new Set([JSON.stringify(brand.tariffs)]));
});
