import { routesForBrand } from '../../src/routes/select.ts';
import { demoTokens, expect, prepareStorage, samplePath, tShell, test } from './support.ts';

test('under 992 px the sidebar becomes a menu; at 992 px it is always shown', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tShell(locale);
  await prepareStorage(context, { tokens: await demoTokens(baseURL!), locale });
  const route = routesForBrand(brand).find((r) => r.layout === 'shared' && !r.path.includes(':'))!;
  await page.setViewportSize({ width: 991, height: 800 });
  await page.goto(samplePath(route));
  const nav = page.getByRole('navigation', { name: t('mainNavigation') });
  const open = page.getByRole('button', { name: t('openMenu') });
  await expect(open).toBeVisible();
  await expect(nav).not.toBeInViewport();
  await open.click();
  await expect(nav).toBeInViewport();
  await expect(open).toHaveAttribute('aria-expanded', 'true');
  if (brand.sidebar.includes('quickstart')) await expect(nav.locator('[data-sidebar-item="quickstart"]')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(nav).not.toBeInViewport();

  await page.setViewportSize({ width: 992, height: 800 });
  await expect(open).toBeHidden();
  await expect(nav).toBeInViewport();
  await expect(nav.locator('[data-sidebar-item="quickstart"]')).toBeHidden();
});
