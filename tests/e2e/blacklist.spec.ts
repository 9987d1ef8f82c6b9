// The blacklist (/phones/ignore) and the public ignore link (/il/{encUserGuid}): add with inline validation,
// list, remove with confirmation, then a stranger adds a number through the shared link.
import { routesForBrand } from '../../src/routes/select.ts';
import type { Locale } from '../../src/i18n/locales.ts';
import { customer } from './flows-support.ts';
import { expect, expectNoSeriousA11yViolations, hydrated, prepareStorage, tRoutes, test, tOf } from './support.ts';

const tInsights = (locale: Locale) => tOf(locale, 'phones');

test.beforeEach(async ({ brand }) => {
  test.skip(!routesForBrand(brand).some((r) => r.name === 'blacklist'), 'no blacklist on this host');
});

test('adds, lists and removes numbers; a stranger adds one through the public link', async ({ page, context, browser, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tInsights(locale);
  const tokens = await customer(baseURL!, 'blacklist');
  await prepareStorage(context, { tokens, locale });
  await page.goto('/phones/ignore');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tRoutes(locale)('blacklist'));
  await hydrated(page);
  await expect(page.getByText(t('empty'))).toBeVisible();

  // An invalid number: the message sits next to the field and nothing is added.
  const phone = page.getByLabel(t('add.phone'));
  await phone.fill('12345');
  await page.getByRole('button', { name: t('add.submit') }).click();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(t('validation.phoneInvalid'))).toBeVisible();
  await expect(page.getByText(t('empty'))).toBeVisible();

  await phone.fill('+7 999 123-45-67');
  await page.getByLabel(t('add.comment')).fill('asked to stop');
  await page.getByRole('button', { name: t('add.submit') }).click();
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('+79991234567');
  await expect(rows.first()).toContainText('asked to stop');
  await expect(phone).toHaveValue('');

  // The same number again, spelled differently: the server's answer lands next to the field.
  await phone.fill('79991234567');
  await page.getByRole('button', { name: t('add.submit') }).click();
  await expect(page.getByText(t('validation.phoneAlreadyIgnored'))).toBeVisible();
  await expectNoSeriousA11yViolations(page, `${brand.id} /phones/ignore`);

  // Remove asks first; cancelling keeps the number.
  await page.getByRole('button', { name: t('remove.label', { phone: '+79991234567' }) }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(t('remove.title'));
  await dialog.getByRole('button', { name: t('remove.no') }).click();
  await expect(rows).toHaveCount(1);
  await page.getByRole('button', { name: t('remove.label', { phone: '+79991234567' }) }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: t('remove.yes') }).click();
  await expect(page.getByText(t('empty'))).toBeVisible();

  // The public link, opened by someone with no session.
  const href = await page.locator('[data-ignore-link]').getAttribute('href');
  expect(href).toMatch(/\/il\/[0-9a-f]{32}[\w-]{22}$/);
  const stranger = await browser.newContext({ baseURL });
  await prepareStorage(stranger, { locale }); // a visitor whose language is the host's
  const publicPage = await stranger.newPage();
  await publicPage.goto(new URL(href!).pathname);
  await expect(publicPage.getByRole('heading', { level: 1 })).toHaveText(tRoutes(locale)('ignorePhone'));
  await hydrated(publicPage);
  const publicPhone = publicPage.getByLabel(t('add.phone'));
  await publicPhone.fill('not a phone');
  await publicPage.getByRole('button', { name: t('public.submit') }).click();
  await expect(publicPhone).toHaveAttribute('aria-invalid', 'true');
  await publicPhone.fill('+7 916 555-44-33');
  await publicPage.getByRole('button', { name: t('public.submit') }).click();
  await expect(publicPage.getByRole('status')).toHaveText(t('public.done'));
  await expectNoSeriousA11yViolations(publicPage, `${brand.id} /il/{encUserGuid}`);
  await stranger.close();

  await page.reload();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('+79165554433');
  await expect(rows.first()).toContainText(t('source.link'));
});

test('a forged public link says so', async ({ browser, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tInsights(locale);
  const stranger = await browser.newContext({ baseURL });
  await prepareStorage(stranger, { locale });
  const page = await stranger.newPage();
  await page.goto(`/il/${'0'.repeat(32)}${'A'.repeat(22)}`);
  await hydrated(page);
  await page.getByLabel(t('add.phone')).fill('+79165554433');
  await page.getByRole('button', { name: t('public.submit') }).click();
  await expect(page.getByRole('alert')).toHaveText(t('errors.linkInvalid'));
  await stranger.close();
});
