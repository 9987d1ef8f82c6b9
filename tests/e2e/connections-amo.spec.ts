// amoCRM (/accounts/amo and /accounts/amo/connect) against the double the global setup starts (tests/e2e/amo-gateway.ts):
// the empty state (axe), Connect → amoCRM's consent → the connect page's success, the connection with its stage map
// saved and read back after a reload, disconnect behind a confirmation; the connect page without amoCRM's parameters
// shows §8 "missing amo connection parameters" with a link back, whether opened bare or refused by the server.
import { customer } from './flows-support.ts';
import { expect, expectNoSeriousA11yViolations, hydrated, prepareStorage, tOf, tRoutes, test } from './support.ts';

test.skip(({ brand }) => !['main-ru', 'main-intl'].includes(brand.id), 'amoCRM is covered on the two main hosts');

test('amoCRM: connect through the consent page, map a stage, disconnect', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tOf(locale, 'connections');
  await prepareStorage(context, { tokens: await customer(baseURL!, 'amo'), locale });
  await page.goto('/accounts/amo');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tRoutes(locale)('accountsAmo'));
  await hydrated(page);
  await expect(page.getByText(t('amo.empty'))).toBeVisible();
  await expectNoSeriousA11yViolations(page, `${brand.id} /accounts/amo empty`);

  // Connect: amoCRM's consent (the double grants at once) returns to the connect page, which reports success.
  await page.getByRole('button', { name: t('amo.connect') }).click();
  await expect(page).toHaveURL(/\/accounts\/amo\/connect$/);
  await expect(page.locator('[data-amo-connect="done"]')).toContainText(t('amo.connectDone'));
  await page.getByRole('link', { name: t('amo.connectNext') }).click();
  await expect(page).toHaveURL(/\/accounts\/amo$/);
  await hydrated(page);
  await expect(page.locator('[data-amo-state]')).toHaveAttribute('data-amo-state', 'Connected');
  await expect(page.locator('[data-amo-subdomain]')).toHaveText(/^e2e/);
  await expect(page.getByLabel(t('amo.webhook'))).toHaveValue(/\/api\/v1\/Webhooks\/amo\/\d+\./);

  // The stage map: "Closed - lost" cancels the visit; saved and still there after a reload.
  await page.getByLabel('Closed - lost', { exact: true }).selectOption('cancelled');
  await page.getByRole('button', { name: t('amo.save') }).click();
  await expect(page.getByText(t('amo.saved'))).toBeVisible();
  await expectNoSeriousA11yViolations(page, `${brand.id} /accounts/amo connected`);
  await page.reload();
  await hydrated(page);
  await expect(page.getByLabel('Closed - lost', { exact: true })).toHaveValue('cancelled');
  await expect(page.getByLabel('Confirmed', { exact: true })).toHaveValue('');

  // Disconnect asks first; cancelling keeps it, confirming leads back to the empty state.
  await page.locator('[data-amo-remove]').click();
  await expect(page.getByRole('alertdialog')).toContainText(t('amo.removeTitle'));
  await page.getByRole('button', { name: t('remove.no') }).click();
  await expect(page.locator('[data-amo-state]')).toBeVisible();
  await page.locator('[data-amo-remove]').click();
  await page.getByRole('alertdialog').getByRole('button', { name: t('remove.yes') }).click();
  await expect(page.getByText(t('amo.removed'))).toBeVisible();
  await expect(page.getByText(t('amo.empty'))).toBeVisible();
});

test('amoCRM: the connect page without amoCRM parameters says what is missing and links back', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tOf(locale, 'connections');
  await prepareStorage(context, { tokens: await customer(baseURL!, 'amo-missing'), locale });
  // Opened bare (nothing is posted), then with a state the server never issued (its 400 names the state).
  await page.goto('/accounts/amo/connect');
  await expect(page.locator('[data-amo-connect="failed"]')).toContainText(t('server.amoParametersMissing'));
  await page.goto('/accounts/amo/connect?code=def502&referer=salon.amocrm.ru&state=forged');
  await expect(page.locator('[data-amo-connect="failed"]')).toContainText(t('server.amoParametersMissing'));
  await expect(page).toHaveURL(/\/accounts\/amo\/connect$/);
  await page.getByRole('link', { name: t('amo.back') }).click();
  await expect(page).toHaveURL(/\/accounts\/amo$/);
});
