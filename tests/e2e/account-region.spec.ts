// Issue 14: the business time zone starts as the browser's offset and is chosen as GMT-12 … GMT+12; the country list
// has every country, named in the page's language (docs/account.md "Countries", docs/delivery.md "Business time zone").
import { COUNTRIES } from '../../src/shared/countries.ts';
import { api } from './flows-support.ts';
import { demoTokens, expect, prepareStorage, tAccount, test, uniqueEmail } from './support.ts';

test.beforeEach(({ brand }) => {
  test.skip(brand.id !== 'main-ru' && brand.id !== 'main-intl', 'account journeys run on the main hosts');
});
// Tokyo: GMT+9 all year.
test.use({ timezoneId: 'Asia/Tokyo' });

test('registration sends the browser offset; a country is chosen by its name in the page language', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tAccount(locale);
  await prepareStorage(context, { locale });
  await page.goto('/account/register');
  await expect(page.getByRole('button', { name: t('register.submit') })).toBeEnabled();
  const email = uniqueEmail('tz');
  await page.getByLabel(t('email'), { exact: true }).fill(email);
  await page.getByLabel(t('password'), { exact: true }).fill('secret1');
  await page.getByLabel(t('confirmPassword')).fill('secret1');
  await page.getByLabel(t('phone')).fill('+7 916 123-45-67');
  const country = page.getByLabel(t('country'));
  const asked = (await country.count()) > 0;
  if (asked) {
    await expect(country.locator('option')).toHaveCount(COUNTRIES.length + 2); // placeholder and "other" too
    await country.selectOption({ label: new Intl.DisplayNames([locale], { type: 'region' }).of('BR')! });
  }
  await page.getByLabel(t('terms')).check();
  await page.getByRole('button', { name: t('register.submit') }).click();
  await expect(page.locator('[data-user-email]')).toHaveText(email);

  const { token } = await demoTokens(baseURL!, { email, password: 'secret1' });
  const me = await api(baseURL!, 'GET', '/Account/CurrentUser', token);
  expect(me).toMatchObject({ timeZone: 'Etc/GMT-9', timeZoneOffset: 9, ...(asked ? { countryId: 55 } : {}) });
});

test('account update: GMT-12 … GMT+12 with the browser offset preselected, and the full country list', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tAccount(locale);
  const email = uniqueEmail('tz-update');
  await api(baseURL!, 'POST', '/account/register', undefined, { email, password: 'secret1', confirmPassword: 'secret1', phone: '+79161234567' });
  const tokens = await demoTokens(baseURL!, { email, password: 'secret1' });
  await prepareStorage(context, { tokens, locale });
  await page.goto('/account/update');
  await expect(page.getByRole('button', { name: t('update.submit') })).toBeEnabled();

  const zone = page.getByLabel(t('timeZone'));
  await expect(zone).toHaveValue('9'); // the stored zone is still the default: the browser's offset is offered
  await expect(zone.locator('option')).toHaveCount(25);
  await expect(zone.locator('option').first()).toHaveText(t('gmt', { offset: '-12' }));
  const country = page.getByLabel(t('country'));
  await expect(country.locator('option', { hasText: new Intl.DisplayNames([locale], { type: 'region' }).of('KZ')! })).toHaveAttribute('value', '8');

  await page.getByLabel(t('phone')).fill('+79161234567');
  await country.selectOption('8');
  // Keyboard: focus the zone select and move one step down (GMT+9 → GMT+10).
  await zone.focus();
  await page.keyboard.press('ArrowDown');
  await expect(zone).toHaveValue('10');
  await page.getByRole('button', { name: t('update.submit') }).click();
  await expect(page).not.toHaveURL(/account\/update/);
  expect(await api(baseURL!, 'GET', '/Account/CurrentUser', tokens.token)).toMatchObject({ timeZone: 'Etc/GMT-10', countryId: 8 });
});

test('profile: the stored zone is kept until another is chosen; country and zone are saved together', async ({ page, context, brand, baseURL }) => {
  test.skip(!brand.flags.accountSettings, 'the profile is built where account settings are on');
  const locale = brand.locale.default;
  const t = tAccount(locale);
  const email = uniqueEmail('tz-profile');
  await api(baseURL!, 'POST', '/account/register', undefined, { email, password: 'secret1', confirmPassword: 'secret1', phone: '+79161234567' });
  const tokens = await demoTokens(baseURL!, { email, password: 'secret1' });
  await prepareStorage(context, { tokens, locale });
  await page.goto('/account/profile');
  const section = page.getByRole('form', { name: t('profile.regionSection') });
  const zone = section.getByLabel(t('timeZone'));
  // Never chosen: the profile shows the stored default zone (kept), not a guess.
  await expect(zone).toHaveValue('');
  await zone.selectOption('5');
  await section.getByLabel(t('country')).selectOption('8');
  await section.getByRole('button', { name: t('profile.saveRegion') }).click();
  await expect(page.getByText(t('profile.regionChanged'))).toBeVisible();
  expect(await api(baseURL!, 'GET', '/Account/CurrentUser', tokens.token)).toMatchObject({ timeZone: 'Etc/GMT-5', timeZoneOffset: 5, countryId: 8 });
  await page.reload();
  await expect(page.getByRole('form', { name: t('profile.regionSection') }).getByLabel(t('timeZone'))).toHaveValue('5');
});
