// YCLIENTS (/accounts/yclients, issue 19) against the double the global setup starts (tests/e2e/booking-gateway.ts):
// the empty state leads to the connect form, a wrong password is refused, login and password connect, a company is
// linked from the connection's reachable companies, its pull ends with its masters, and those masters are what the
// flow editor's filters step offers. Then unlink and delete, each behind a confirmation.
import { expect, expectNoSeriousA11yViolations, hydrated, prepareStorage, tOf, tRoutes, test } from './support.ts';
import { api, customer } from './flows-support.ts';
import { companyNames, E2E_YCLIENTS_PASSWORD, masterName } from './booking-gateway.ts';
import { routesForBrand } from '../../src/routes/select.ts';

test.beforeEach(async ({ brand }) => {
  const names = routesForBrand(brand).map((r) => r.name);
  test.skip(!names.includes('accountsYclients') || !names.includes('flowEdit'), 'no YCLIENTS screen or flow editor on this host');
});

test('YCLIENTS: connects by login, links a company, pulls its masters into the flow filters, unlinks and deletes', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tOf(locale, 'connections');
  const tEditor = tOf(locale, 'flows', 'editor');
  const named = { system: 'YCLIENTS' };
  const tokens = await customer(baseURL!, 'booking');
  await prepareStorage(context, { tokens, locale });
  const tag = `e2e${Date.now().toString(36)}${brand.id.replace(/\W/g, '')}`;
  const [center] = companyNames(tag);

  // Nothing yet: the empty state leads to the form; the webhook address is there from the start.
  await page.goto('/accounts/yclients');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tRoutes(locale)('accountsYclients'));
  await hydrated(page);
  await expect(page.getByText(t('bookingSystems.companies.empty', named))).toBeVisible();
  await expect(page.getByLabel(t('bookingSystems.webhook.label', named))).toHaveValue(/^https?:\/\//);
  await expectNoSeriousA11yViolations(page, `${brand.id} /accounts/yclients empty`);
  await page.getByRole('button', { name: t('bookingSystems.companies.emptyAction', named) }).click();
  const login = page.getByLabel(t('bookingSystems.form.login', named), { exact: true });
  await expect(login).toBeFocused();

  // A wrong password: refused, nothing connected.
  const form = page.locator('[data-booking-connect]');
  await login.fill(`${tag}@example.com`);
  await page.getByLabel(t('bookingSystems.form.password', named), { exact: true }).fill('wrong-password');
  await form.getByRole('button', { name: t('bookingSystems.form.submit') }).click();
  await expect(form.locator('[data-field-error], [data-form-message="error"]').first()).toBeVisible();
  await expect(page.locator('[data-booking-account]')).toHaveCount(0);

  // The right one: the connection is listed and its reachable companies open.
  await page.getByLabel(t('bookingSystems.form.password', named), { exact: true }).fill(E2E_YCLIENTS_PASSWORD);
  await form.getByRole('button', { name: t('bookingSystems.form.submit') }).click();
  await expect(page.locator('[data-booking-account]')).toHaveCount(1);
  await expect(page.locator('body')).not.toContainText(E2E_YCLIENTS_PASSWORD);
  const reach = page.locator('[data-booking-reach]');
  await expect(reach.locator('[data-reachable-id]')).toHaveCount(2);

  // Link one branch: it is marked linked, listed, and its pull ends with its two masters.
  await reach.getByRole('button', { name: t('bookingSystems.reach.linkLabel', { name: center }) }).click();
  await expect(reach.locator('[data-reachable-id]').filter({ hasText: center }).locator('[data-linked]')).toBeVisible();
  const row = page.locator('[data-booking-company]').filter({ hasText: center });
  await expect(row).toHaveAttribute('data-sync', 'done');
  await expect(row.locator('[data-sync-counts]')).toContainText('2');
  await expect(row).toContainText('UTC+3');
  await expect(row).toContainText(t('bookingSystems.companies.never'));
  await expectNoSeriousA11yViolations(page, `${brand.id} /accounts/yclients linked`);
  // Pull again: it runs in the background and ends as before (the overview is read again while it runs).
  await row.getByRole('button', { name: `${t('bookingSystems.companies.pull')}: ${center}` }).click();
  await expect(row).toHaveAttribute('data-sync', 'done');
  await expect(row.locator('[data-sync-counts]')).toContainText('2');

  // The flow editor's filters step offers the pulled masters.
  const flow = await api(baseURL!, 'POST', '/Flows', tokens.token, { title: 'Visit reminder', content: 'Hello', type: 'recordReminder' });
  await page.goto(`/flows/edit/${flow.id}/filters`);
  await hydrated(page);
  const masters = page.getByRole('group', { name: tEditor('filter.masters') });
  await expect(masters.getByRole('checkbox', { name: masterName(tag, 1) })).toBeVisible();
  await expect(masters.getByRole('checkbox', { name: masterName(tag, 2) })).toBeVisible();

  // Unlink and delete, each confirmed.
  await page.goto('/accounts/yclients');
  await hydrated(page);
  await page.getByRole('button', { name: t('bookingSystems.companies.unlinkLabel', { name: center }) }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: t('remove.yes') }).click();
  await expect(page.locator('[data-booking-company]')).toHaveCount(0);
  const account = page.locator('[data-booking-account]');
  await account.getByRole('button', { name: t('bookingSystems.accounts.removeLabel', { name: `${tag}@example.com` }) }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: t('remove.yes') }).click();
  await expect(account).toHaveCount(0);
});
