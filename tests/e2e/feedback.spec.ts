// Visible feedback and the phone shell (issue 16 points 4 and 5): toasts on screen at the top right on a desktop and
// across the top on a phone, the header's avatar menu, floating help buttons that leave the content uncovered.
// "On screen" means inside the viewport and topmost at its centre (expectOnScreen), not merely in the DOM.
import type { Page } from '@playwright/test';
import { adminTokens, demoTokens, expect, expectOnScreen, hydrated, prepareStorage, tAccount, tOf, tShell, test } from './support.ts';
import { api, customer, tFlows } from './flows-support.ts';

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 800 };

/** Third parties (the support chat widget) cannot be reached here: an empty script stands in. */
const quietThirdParties = (page: Page) =>
  page.context().route(/^https?:\/\/(?![^/]*localhost[:/]|127\.0\.0\.1[:/])/, (r) => r.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));

for (const [name, size] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
  test(`a saved profile shows its toast on screen, at the top (${name})`, async ({ page, context, brand, baseURL }) => {
    const locale = brand.locale.default;
    const t = tAccount(locale);
    await page.setViewportSize(size);
    await prepareStorage(context, { tokens: await demoTokens(baseURL!), locale });
    await page.goto('/account/profile');
    await hydrated(page);
    await page.getByRole('button', { name: t('profile.saveReports') }).click();
    const toast = page.locator('[data-toast="success"]').filter({ hasText: t('server.reportSettingsChanged') });
    await expectOnScreen(toast);
    const box = (await toast.boundingBox())!;
    expect(box.y).toBeLessThan(100); // at the top, not below the fold
    expect(size.width - (box.x + box.width)).toBeLessThan(40); // right-aligned
    // Its close button is reachable too.
    await expectOnScreen(toast.getByRole('button', { name: tShell(locale)('toast.close') }));
  });
}

test('the flow duplicate toast is on screen on a phone', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const tf = tFlows(locale);
  const tokens = await customer(baseURL!, 'toasts');
  await api(baseURL!, 'POST', '/Flows', tokens.token, { title: 'Toast flow', content: 'Hello', type: 'recordReminder' });
  await page.setViewportSize(PHONE);
  await prepareStorage(context, { tokens, locale });
  await page.goto('/flows');
  await hydrated(page);
  await page.getByRole('button', { name: tf('duplicateOf', { title: 'Toast flow' }) }).click();
  await expectOnScreen(page.locator('[data-toast="success"]').filter({ hasText: tf('server.flowDuplicated') }));
});

test('the header is an avatar menu on a phone: no e-mail in its button, the e-mail inside the menu', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tShell(locale);
  await page.setViewportSize({ width: 360, height: 740 });
  await quietThirdParties(page);
  await prepareStorage(context, { tokens: await demoTokens(baseURL!), locale });
  await page.goto('/flows');
  await hydrated(page);
  const menu = page.locator('[data-user-menu]');
  const button = menu.locator('summary');
  await expect(menu.locator('[data-user-email]')).toHaveText('demo@cabinet.local');
  await expect(button).not.toContainText('@');
  expect((await button.boundingBox())!.width).toBeLessThanOrEqual(48);
  await expectOnScreen(button);
  await button.click();
  await expectOnScreen(menu.locator('[data-user-email]'));
  await expectOnScreen(menu.getByRole('button', { name: t('header.logout') }));
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
});

for (const [name, size] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
  test(`floating help buttons cover neither the footer nor the admin's "add payment" (${name})`, async ({ page, context, brand, baseURL }) => {
    test.skip(!brand.flags.floatingHelp || !brand.flags.footer, 'no floating help or footer on this host');
    const locale = brand.locale.default;
    await page.setViewportSize(size);
    await quietThirdParties(page);
    await prepareStorage(context, { tokens: await adminTokens(baseURL!), locale });
    const demo = await api(baseURL!, 'GET', '/Account/CurrentUser', (await demoTokens(baseURL!)).token);
    await page.goto(`/admin/users?id=${demo.id}`);
    await hydrated(page);
    await expect(page.locator('[data-floating]')).toBeVisible();
    const add = page.getByRole('button', { name: tOf(locale, 'admin')('pays.add') });
    // The user's panels fill in after hydration and may push the button down: scroll to it again until it holds.
    await expect(async () => {
      await add.scrollIntoViewIfNeeded();
      await expectOnScreen(add, { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    // The same for the footer: the page may still grow after a scroll to its end.
    await expect(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expectOnScreen(page.getByRole('contentinfo').locator('[data-version]'), { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
  });
}

test('floating help covers neither the last row of a long list nor its pager (desktop)', async ({ page, context, brand, baseURL }) => {
  test.skip(!brand.flags.floatingHelp, 'no floating help on this host');
  const locale = brand.locale.default;
  await page.setViewportSize(DESKTOP);
  await quietThirdParties(page);
  await prepareStorage(context, { tokens: await demoTokens(baseURL!), locale });
  await page.goto('/insights/message-logs/');
  await hydrated(page);
  await expect(page.locator('[data-floating]')).toBeVisible();
  const rows = page.locator('tbody tr');
  await expect(rows.nth(9)).toBeVisible(); // a page of rows: the list is taller than the screen
  // Scrolled by hand (not scrollIntoView, which honours the scroll padding kept above the buttons) so that a row or
  // the pager ends 20 px above the screen's bottom edge, where the buttons stand: its left, middle and right end must be
  // its own, not a button's.
  const uncovered = (target: import('@playwright/test').Locator) =>
    target.evaluate((el) => {
      window.scrollBy(0, el.getBoundingClientRect().bottom - (innerHeight - 20));
      const box = el.getBoundingClientRect();
      const points = [box.left + 8, box.left + box.width / 2, box.right - 8].map((x) => document.elementFromPoint(x, box.bottom - 10));
      const foreign = points.find((p) => !p || !el.contains(p));
      return foreign ? `covered by ${foreign?.outerHTML.slice(0, 100) ?? 'nothing'}` : 'on screen';
    });
  for (const n of [5, 9]) await expect.poll(() => uncovered(rows.nth(n))).toBe('on screen');
  await expect.poll(() => uncovered(rows.last())).toBe('on screen');
  const next = page.getByRole('button', { name: tOf(locale, 'ui')('next') });
  await expect.poll(() => uncovered(next.locator('xpath=..'))).toBe('on screen');
  await expectOnScreen(next);
  const previous = page.getByRole('button', { name: tOf(locale, 'ui')('previous') });
  await expectOnScreen(previous);
});
