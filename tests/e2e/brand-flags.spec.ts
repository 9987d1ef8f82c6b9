// §6 host flags that decide what the shell and the flows list show (issue 14): accountSettings, addFlowButton and
// its text, news, payNotifications. Each check runs on a host with the flag and one without (coverage.ts).
import { isEnabled } from '../../src/brand/flags.ts';
import { adminTokens, demoTokens, expect, expectNoSeriousA11yViolations, gatewayGet, prepareStorage, tShell, test, uniqueEmail, type Tokens } from './support.ts';
import { api, endTrial } from './flows-support.ts';

/** A new customer whose paid period ends in `days` days (negative: ended that long ago). */
async function customerPaidFor(baseURL: string, days: number): Promise<Tokens> {
  const email = uniqueEmail('flags');
  await api(baseURL, 'POST', '/account/register', undefined, { email, password: 'secret1', confirmPassword: 'secret1', phone: '+79161234567' });
  const tokens = (await api(baseURL, 'POST', '/account/login', undefined, { email, password: 'secret1' })) as Tokens;
  const me = await api(baseURL, 'GET', '/Account/CurrentUser', tokens.token);
  const now = Math.floor(Date.now() / 1000);
  const staff = await adminTokens(baseURL);
  await endTrial(baseURL, me.id, staff.token);
  await api(baseURL, 'POST', `/Admin/Users/${me.id}/Pays`, staff.token, { tariff: 0, dateBeginUnixTime: now - 30 * 86_400, dateEndUnixTime: now + days * 86_400 });
  return tokens;
}

test('accountSettings: the profile link and screen exist only where the host sets it', async ({ page, context, brand, baseURL }) => {
  const on = isEnabled(brand, 'accountSettings');
  expect((await gatewayGet(baseURL!, '/account/profile')).status).toBe(on ? 200 : 404);
  await prepareStorage(context, { tokens: await demoTokens(baseURL!), locale: brand.locale.default });
  await page.goto('/account/update');
  await page.locator('[data-user-menu] > summary').click();
  await expect(page.locator('[data-logout]')).toBeVisible();
  await expect(page.getByRole('link', { name: tShell(brand.locale.default)('header.profile') })).toHaveCount(on ? 1 : 0);
});

test('addFlowButton: the flows list has the add button, worded by the host, only where set', async ({ page, context, brand, baseURL }) => {
  await prepareStorage(context, { tokens: await demoTokens(baseURL!), locale: brand.locale.default });
  await page.goto('/flows');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const add = page.locator('[data-add-flow]');
  if (!isEnabled(brand, 'addFlowButton')) return expect(add).toHaveCount(0);
  await expect(add).toHaveText(tShell(brand.locale.default)(brand.addFlowTextKey));
  await add.click();
  await expect(page).toHaveURL(/\/templates\/?$/);
});

test('news and payNotifications: the bell lists news and the header reminds of the payment end date only where set', async ({ page, context, brand, baseURL }) => {
  const t = tShell(brand.locale.default);
  await prepareStorage(context, { tokens: await customerPaidFor(baseURL!, 3), locale: brand.locale.default });
  await page.goto('/account/update');
  await expect(page.locator('[data-user-email]')).not.toBeEmpty();
  await expect(page.locator('[data-bell-list]')).toHaveCount(isEnabled(brand, 'news') ? 1 : 0);
  const reminder = page.locator('[data-pay-reminder]');
  if (!isEnabled(brand, 'payNotifications')) return expect(reminder).toHaveCount(0);
  await expect(reminder).toBeVisible();
  await expect(reminder).toHaveAttribute('data-state', 'expiring');
  await expect(reminder).toContainText(t('header.payExpiring', { date: '' }).trim());
  await expectNoSeriousA11yViolations(page, `${brand.id} header with a pay reminder`);
  await reminder.click();
  await expect(page).toHaveURL(/\/payments\/?$/);
});

test('payNotifications: an ended subscription shows as expired', async ({ page, context, brand, baseURL }) => {
  test.skip(!isEnabled(brand, 'payNotifications'), 'no pay reminders on this host');
  await prepareStorage(context, { tokens: await customerPaidFor(baseURL!, -2), locale: brand.locale.default });
  await page.goto('/account/update');
  const reminder = page.locator('[data-pay-reminder]');
  await expect(reminder).toHaveAttribute('data-state', 'expired');
  await expect(reminder).toContainText(tShell(brand.locale.default)('header.payExpired', { date: '' }).trim());
});
