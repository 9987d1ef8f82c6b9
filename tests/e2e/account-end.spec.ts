// Accounts end cleanly (issue 14): an owner deletes their account from the profile and lands on the sign-in page
// with a notice; an admin blocks a user from the user detail (the list shows the badge) and the user cannot sign in.
import type { Page } from '@playwright/test';
import { localizedPath } from '../../src/routes/locale-paths.ts';
import { adminTokens, apiCall as api, expect, expectNoSeriousA11yViolations, hydrated, newCustomer as customer, prepareStorage, tAccount, test, tOf, tRoutes, uniqueEmail } from './support.ts';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test.beforeEach(({ brand }) => {
  test.skip(brand.id !== 'main-ru' && brand.id !== 'main-intl', 'run on the main hosts');
});

test('an owner deletes their account: wrong confirmation refused, then signed out to the sign-in page', async ({ page, context, baseURL, brand }) => {
  const locale = brand.locale.default;
  const t = tAccount(locale);
  const email = uniqueEmail('leaving');
  const owner = await customer(baseURL!, email);
  await prepareStorage(context, { tokens: owner, locale });

  await page.goto(localizedPath(brand, locale, '/account/profile'));
  const zone = page.getByRole('form', { name: t('deleteAccount.title') });
  const submit = zone.getByRole('button', { name: t('deleteAccount.submit') });
  await expect(submit).toBeEnabled();
  await expectNoSeriousA11yViolations(page, `${brand.id} profile with the delete zone`);
  await zone.getByLabel(t('currentPassword')).fill('secret1');
  const confirmation = zone.getByLabel(t('deleteAccount.confirmation', { email }));
  await confirmation.fill('someone-else@example.com');
  await submit.click();
  await expect(zone.getByText(t('server.deleteConfirmationWrong'))).toBeVisible();
  expect((await api(baseURL!, 'GET', '/Account/CurrentUser', owner.token)).status).toBe(200);

  await confirmation.fill(email);
  await submit.click();
  await expect(heading(page)).toHaveText(tRoutes(locale)('login'));
  await expect(page.getByRole('status').filter({ hasText: t('deleteAccount.deleted') })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  expect((await api(baseURL!, 'GET', '/Account/CurrentUser', owner.token)).status).toBe(401);
});

test('an admin blocks a user (badge in the list, state in the detail); the user cannot sign in until unblocked', async ({ page, context, baseURL, brand }) => {
  test.skip(brand.variant !== 'default', 'the admin area lives on default-variant hosts');
  const t = tOf('en', 'admin');
  const staff = await adminTokens(baseURL!);
  const email = uniqueEmail('blocked');
  const user = await customer(baseURL!, email);
  await prepareStorage(context, { tokens: staff, locale: 'en' });

  await page.goto(localizedPath(brand, 'en', '/admin/users') + `?id=${user.id}`);
  await hydrated(page);
  const state = page.getByRole('region', { name: t('block.column'), exact: true });
  await expect(state).toContainText(t('block.activeState'));
  await state.getByRole('button', { name: t('block.block') }).click();
  const dialog = page.getByRole('alertdialog', { name: t('block.blockTitle', { email }) });
  await expect(dialog.getByRole('button', { name: t('common.cancel') })).toBeFocused();
  await expectNoSeriousA11yViolations(page, `${brand.id} block dialog`);
  await dialog.getByRole('button', { name: t('block.block') }).click();
  await expect(state.getByRole('button', { name: t('block.unblock') })).toBeVisible();

  const login = await api(baseURL!, 'POST', '/account/login', undefined, { email, password: 'secret1' });
  expect([login.status, login.body.code]).toEqual([403, 'accountBlocked']);
  expect((await api(baseURL!, 'GET', '/Flows', user.token)).status).toBe(401);

  await page.goto(localizedPath(brand, 'en', '/admin/users'));
  await hydrated(page);
  await page.getByRole('searchbox', { name: t('users.search') }).fill(email.split('@')[0]!);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: email }) });
  await expect(row.getByText(t('block.blocked'), { exact: true })).toBeVisible();

  await page.goto(localizedPath(brand, 'en', '/admin/users') + `?id=${user.id}`);
  await state.getByRole('button', { name: t('block.unblock') }).click();
  await page.getByRole('alertdialog', { name: t('block.unblockTitle', { email }) }).getByRole('button', { name: t('block.unblock') }).click();
  await expect(state).toContainText(t('block.activeState'));
  expect((await api(baseURL!, 'POST', '/account/login', undefined, { email, password: 'secret1' })).status).toBe(200);
});
