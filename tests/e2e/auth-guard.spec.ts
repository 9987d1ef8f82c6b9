import { routesForBrand } from '../../src/routes/select.ts';
import { localizedPath } from '../../src/routes/locale-paths.ts';
import { demoTokens, expect, prepareStorage, samplePath, tRoutes, test } from './support.ts';

test('a protected route without a token goes to sign-in before anything is painted', async ({ page, context, brand }) => {
  const locale = brand.locale.default;
  await prepareStorage(context, { locale });
  const protectedRoute = routesForBrand(brand).find((r) => r.requireAuth && r.path.includes(':')) ?? routesForBrand(brand).find((r) => r.requireAuth)!;
  const painted: string[] = [];
  await page.exposeFunction('reportPaint', (route: string) => painted.push(route));
  await page.addInitScript(() => {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') (window as any).reportPaint(document.documentElement.dataset.route);
    }).observe({ type: 'paint', buffered: true });
  });
  const path = samplePath(protectedRoute);
  await page.goto(path);
  await expect(page).toHaveURL((url) => url.pathname === localizedPath(brand, locale, '/account/login'));
  expect(new URL(page.url()).searchParams.get('returnUrl')).toBe(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tRoutes(locale)('login'));
  await page.waitForTimeout(200);
  expect(painted).not.toContain(protectedRoute.name);
});

test('sign-in, registration and password pages send a signed-in user home', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  await prepareStorage(context, { tokens: await demoTokens(baseURL!), locale });
  const home = routesForBrand(brand).find((r) => r.path === '/')?.name ?? 'distributions';
  for (const path of ['/account/login', '/account/register', '/account/forgot-password', '/account/reset-password']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tRoutes(locale)(home));
  }
});

test('public routes open without a token', async ({ page, context, brand }) => {
  const locale = brand.locale.default;
  await prepareStorage(context, { locale });
  // Demo and Google callback act on open (they sign in and leave), so they are left out here.
  for (const route of routesForBrand(brand).filter((r) => !r.requireAuth && !r.guestOnly && r.name !== 'demo' && r.name !== 'googleCallback').slice(0, 6)) {
    await page.goto(samplePath(route));
    await expect(page.locator('html')).toHaveAttribute('data-route', route.name);
  }
});

test('admin screens send a customer home; an admin may open them, super-admin screens need super-admin', async ({ page, context, brand, baseURL }) => {
  const admin = routesForBrand(brand).find((r) => r.role === 'admin');
  test.skip(!admin, 'no admin area on this host');
  const locale = brand.locale.default;
  await prepareStorage(context, { tokens: await demoTokens(baseURL!), locale });
  await page.goto(admin!.path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tRoutes(locale)('home'));
  await page.goto('/admin/promocodes/create');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tRoutes(locale)('home'));
});
