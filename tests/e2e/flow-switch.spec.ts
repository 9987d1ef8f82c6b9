// The on/off switch of a flow row (issue 16, point 9): a role="switch" named by the flow, keyboard operable, calling
// Resume / Pause; optimistic, and back off with a visible toast (and the way to payments) when the tariff says no.
import { expect, expectOnScreen, hydrated, prepareStorage, test } from './support.ts';
import { api, customer, tFlows } from './flows-support.ts';
import { routesForBrand } from '../../src/routes/select.ts';

test.beforeEach(async ({ brand }) => {
  test.skip(!routesForBrand(brand).some((r) => r.name === 'flows'), 'no flows on this host');
});

test('a row switch starts and stops its flow, and stays off with a toast when the tariff does not cover it', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tFlows(locale);
  // The base booking tariff: reminders run, birthdays are outside it (409 flowNotAvailable).
  const tokens = await customer(baseURL!, 'switch');
  const reminder = await api(baseURL!, 'POST', '/Flows', tokens.token, { title: 'Switch reminder', content: 'Hello', type: 'recordReminder' });
  await api(baseURL!, 'POST', '/Flows', tokens.token, { title: 'Switch birthday', content: 'Happy birthday', type: 'birthday' });
  await prepareStorage(context, { tokens, locale });
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/flows');
  await hydrated(page);

  const on = page.getByRole('switch', { name: 'Switch reminder', exact: true });
  await expect(on).toHaveAttribute('aria-checked', 'false');
  // Keyboard: focus and Space.
  await on.focus();
  await page.keyboard.press('Space');
  await expect(on).toHaveAttribute('aria-checked', 'true');
  await expectOnScreen(page.locator('[data-toast="success"]').filter({ hasText: t('server.flowResumed') }));
  await expect(page.locator('tbody tr').filter({ hasText: 'Switch reminder' })).toContainText(t('status.Waiting'));
  expect((await api(baseURL!, 'GET', `/Flows/${reminder.id}`, tokens.token)).status).toBe('Waiting');

  // A click turns it off again: the flow is paused.
  await on.click();
  await expect(on).toHaveAttribute('aria-checked', 'false');
  await expectOnScreen(page.locator('[data-toast="success"]').filter({ hasText: t('server.flowStopped') }));
  expect((await api(baseURL!, 'GET', `/Flows/${reminder.id}`, tokens.token)).status).toBe('Pause');

  // Outside the tariff: the switch springs back, the toast says why and links to payments.
  const off = page.getByRole('switch', { name: 'Switch birthday', exact: true });
  await off.press('Enter');
  const toast = page.locator('[data-toast="error"]').filter({ hasText: t('server.flowNotAvailable') });
  await expectOnScreen(toast);
  await expect(off).toHaveAttribute('aria-checked', 'false');
  await expect(toast.getByRole('link', { name: t('choosePlan') })).toHaveAttribute('href', /\/payments$/);
  await expect(page.locator('tbody tr').filter({ hasText: 'Switch birthday' })).toContainText(t('status.Unavailable'));
});
