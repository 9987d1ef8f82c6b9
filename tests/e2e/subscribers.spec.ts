// Subscribers (/phones/subscribers): add by phone with inline validation, filter, unsubscribe and subscribe again,
// delete with confirmation; the Telegram link box says the bot is off on a server sending through the sandbox.
import { routesForBrand } from '../../src/routes/select.ts';
import type { Locale } from '../../src/i18n/locales.ts';
import { customer } from './flows-support.ts';
import { expect, expectNoSeriousA11yViolations, hydrated, prepareStorage, tRoutes, test, tOf } from './support.ts';

const tInsights = (locale: Locale) => tOf(locale, 'phones');

test.beforeEach(async ({ brand }) => {
  test.skip(!routesForBrand(brand).some((r) => r.name === 'subscribers'), 'no subscribers screen on this host');
});

test('adds, filters, unsubscribes, subscribes again and deletes a subscriber', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tInsights(locale);
  const tokens = await customer(baseURL!, 'subscribers');
  await prepareStorage(context, { tokens, locale });
  await page.goto('/phones/subscribers');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tRoutes(locale)('subscribers'));
  await hydrated(page);
  await expect(page.getByText(t('subscribers.empty'))).toBeVisible();
  await expect(page.locator('[data-subscribe-link-off]')).toHaveText(t('subscribers.link.off'));

  // An invalid number: the message sits next to the field and nothing is added. (The empty state offers the same
  // action: the form's own button is meant.)
  const form = page.getByRole('form', { name: t('subscribers.add.title') });
  const phone = page.getByLabel(t('add.phone'));
  await phone.fill('12345');
  await form.getByRole('button', { name: t('subscribers.add.submit') }).click();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(t('validation.phoneInvalid'))).toBeVisible();
  await expect(page.getByText(t('subscribers.empty'))).toBeVisible();

  await phone.fill('+7 916 123-45-67');
  await page.getByLabel(t('subscribers.add.name')).fill('Anna');
  await form.getByLabel(t('subscribers.channel')).selectOption('telegram');
  await form.getByRole('button', { name: t('subscribers.add.submit') }).click();
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('+79161234567');
  await expect(rows.first()).toContainText(t('subscribers.channelName.telegram'));
  await expect(rows.first()).toContainText(t('subscribers.statusName.active'));
  await expect(phone).toHaveValue('');

  // The same number on the same channel: the server's answer lands next to the field.
  await phone.fill('79161234567');
  await form.getByLabel(t('subscribers.channel')).selectOption('telegram');
  await form.getByRole('button', { name: t('subscribers.add.submit') }).click();
  await expect(page.getByText(t('validation.alreadySubscribed'))).toBeVisible();
  await phone.fill('+7 916 000-00-02');
  await form.getByLabel(t('subscribers.channel')).selectOption('waha');
  await form.getByRole('button', { name: t('subscribers.add.submit') }).click();
  await expect(rows).toHaveCount(2);
  await expectNoSeriousA11yViolations(page, `${brand.id} /phones/subscribers`);

  // Unsubscribe, then the status filter shows only that one; subscribe again.
  await page.getByRole('button', { name: t('subscribers.unsubscribe.label', { who: '+79161234567' }) }).click();
  await expect(rows.filter({ hasText: '+79161234567' })).toContainText(t('subscribers.statusName.unsubscribed'));
  const filters = page.getByRole('search', { name: t('subscribers.filters') });
  await filters.getByLabel(t('subscribers.status')).selectOption('unsubscribed');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('+79161234567');
  await page.getByRole('button', { name: t('subscribers.resubscribe.label', { who: '+79161234567' }) }).click();
  await expect(page.getByText(t('subscribers.emptySearch'))).toBeVisible();
  await filters.getByLabel(t('subscribers.status')).selectOption('');
  await filters.getByLabel(t('subscribers.channel')).selectOption('waha');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('+79160000002');
  await filters.getByLabel(t('subscribers.channel')).selectOption('');
  await expect(rows).toHaveCount(2);

  // Delete asks first; cancelling keeps the row.
  await page.getByRole('button', { name: t('subscribers.remove.label', { who: '+79161234567' }) }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(t('subscribers.remove.title'));
  await expectNoSeriousA11yViolations(page, `${brand.id} /phones/subscribers confirm`);
  await dialog.getByRole('button', { name: t('subscribers.remove.no') }).click();
  await expect(rows).toHaveCount(2);
  await page.getByRole('button', { name: t('subscribers.remove.label', { who: '+79161234567' }) }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: t('subscribers.remove.yes') }).click();
  await expect(rows).toHaveCount(1);
  await page.reload();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('+79160000002');
});
