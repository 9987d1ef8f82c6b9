import { localizedPath } from '../../src/routes/locale-paths.ts';
import { isEnabled } from '../../src/brand/flags.ts';
import { LOCALE_NAMES } from '../../src/i18n/locales.ts';
import { demoTokens, expect, prepareStorage, tRoutes, tShell, test } from './support.ts';

test.describe('first visit: the browser language decides (§1)', () => {
  for (const [browser, expected] of [['ru-RU', 'ru'], ['uk-UA', 'uk'], ['pt-BR', 'pt-BR'], ['de-DE', 'en']] as const) {
    test.describe(browser, () => {
      test.use({ locale: browser });
      test(`→ ${expected}`, async ({ page, brand }) => {
        const want = brand.locale.fixed ? brand.locale.default : expected;
        await page.goto('/account/login');
        await expect(page.locator('html')).toHaveAttribute('lang', want);
        await expect(page).toHaveURL(new RegExp(`${localizedPath(brand, want, '/account/login').replace(/\//g, '\\/')}$`));
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(tRoutes(want)('login'));
      });
    });
  }
});

test('the stored choice wins over the browser language', async ({ page, context, brand }) => {
  test.skip(brand.locale.fixed, 'this brand has one language');
  await prepareStorage(context, { locale: 'uk' });
  await page.goto('/account/forgot-password');
  await expect(page).toHaveURL(/\/uk\/account\/forgot-password$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tRoutes('uk')('forgotPassword'));
});

test('no flash of the wrong language: the first painted frame is already in the stored language', async ({ page, context, brand }) => {
  test.skip(brand.locale.fixed, 'this brand has one language');
  const other = brand.locale.default === 'en' ? 'ru' : 'en';
  await prepareStorage(context, { locale: other });
  const painted: string[] = [];
  await page.exposeFunction('reportPaint', (lang: string) => painted.push(lang));
  await page.addInitScript(() => {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.name === 'first-paint') (window as any).reportPaint(document.documentElement.lang);
      }
    }).observe({ type: 'paint', buffered: true });
  });
  await page.goto('/account/login');
  await expect(page.locator('html')).toHaveAttribute('lang', other);
  await page.waitForTimeout(300);
  expect(painted.every((lang) => lang === other)).toBe(true);
});

test('the language selector switches the page and remembers the choice', async ({ page, context, brand, baseURL }) => {
  test.skip(!isEnabled(brand, 'languageSelect') || brand.locale.fixed, 'no language selector on this brand');
  await prepareStorage(context, { tokens: await demoTokens(baseURL!), locale: brand.locale.default });
  await page.goto('/account/profile');
  const target = brand.locale.default === 'uk' ? 'en' : 'uk';
  await page.getByLabel(tShell(brand.locale.default)('header.language'), { exact: true }).selectOption({ label: LOCALE_NAMES[target] });
  await expect(page).toHaveURL(new RegExp(`${localizedPath(brand, target, '/account/profile').replace(/\//g, '\\/')}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tRoutes(target)('profile'));
  expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe(target);
  await page.goto('/account/profile');
  await expect(page.locator('html')).toHaveAttribute('lang', target);
});

test('a fixed-language brand ignores browser and stored choice', async ({ page, context, brand }) => {
  test.skip(!brand.locale.fixed);
  await prepareStorage(context, { locale: 'ru' });
  const response = await page.goto('/ru/account/login');
  expect(response?.status()).toBe(404);
  await page.goto('/account/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByLabel(/language/i)).toHaveCount(0);
});
