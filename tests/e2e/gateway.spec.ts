import { localizedPath } from '../../src/routes/locale-paths.ts';
import { expect, gatewayGet, prepareStorage, tShell, test } from './support.ts';

test('unknown paths answer 404 with the not-found page in the path\'s language', async ({ page, context, brand }) => {
  await prepareStorage(context, { locale: brand.locale.default });
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  const t = tShell(brand.locale.default);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('notFound.title'));
  await expect(page.getByText(t('notFound.subtitle'))).toBeVisible();
  await expect(page.getByRole('link', { name: t('notFound.home') })).toHaveAttribute('href', '/');
  if (!brand.locale.fixed) {
    const other = brand.locale.default === 'en' ? 'uk' : 'en';
    await page.evaluate((l) => localStorage.setItem('locale', l), other);
    const localized = await page.goto(localizedPath(brand, other, '/nothing-here'));
    expect(localized?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', other);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tShell(other)('notFound.title'));
  }
});

test('variant redirects of §2 through the gateway', async ({ page, brand, baseURL }) => {
  const cases: [string, string][] =
    brand.variant === 'distribution' ? [['/', '/distributions']]
    : brand.variant === 'dashboard' ? [['/account/quickstart', '/account/dashboardQuickStart']]
    : brand.variant === 'onboarding' ? [['/account/quickstart', '/account/onboarding']]
    : [];
  test.skip(cases.length === 0, 'no redirects on this variant');
  for (const [from, to] of cases) {
    const response = await gatewayGet(baseURL!, from);
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe(to);
    await page.goto(from);
    await expect(page).toHaveURL(new RegExp(`${to.replace(/\//g, '\\/')}$|/account/login`));
  }
});

test('parameterised routes are served from their one static page', async ({ baseURL, brand }) => {
  const samples: Record<string, string> = {
    default: '/flows/edit/123/texts',
    onboarding: '/flowCopilotBotsHided/77',
    distribution: '/accounts/dialog360/tok/55',
    quality: '/reports/9',
    dashboard: '/account/login',
  };
  const response = await gatewayGet(baseURL!, samples[brand.variant]!);
  expect(response.status).toBe(200);
  expect(response.body).toContain('<h1');
  expect((await gatewayGet(baseURL!, '/api/v1/no-such-call')).status).toBe(404);
});
