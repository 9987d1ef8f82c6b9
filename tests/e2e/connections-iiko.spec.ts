// iiko (/accounts/iiko) against the iikoCloud double (tests/e2e/iiko-gateway.ts): the empty state, a refused API login
// at its field, the connect (masked), the organizations of the login, linking one (our webhook registered, its
// terminal groups listed), the question before replacing another webhook address, unlinking and deleting behind
// confirmations. Main hosts only (both languages).
import { randomBytes } from 'node:crypto';
import { customer } from './flows-support.ts';
import { expect, expectNoSeriousA11yViolations, hydrated, prepareStorage, tOf, tRoutes, test } from './support.ts';
import { iikoControl } from './iiko-gateway.ts';

test('iiko: connects an API login, links organizations, unlinks and deletes behind confirmations', async ({ page, context, brand, baseURL }) => {
  test.skip(!['main-ru', 'main-intl'].includes(brand.id), 'a feature screen: the main hosts cover it');
  const locale = brand.locale.default;
  const t = tOf(locale, 'connections');
  await prepareStorage(context, { tokens: await customer(baseURL!, 'iiko'), locale });
  await page.goto('/accounts/iiko');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tRoutes(locale)('accountsIiko'));
  await hydrated(page);
  await expect(page.getByText(t('iiko.empty'))).toBeVisible();
  await expectNoSeriousA11yViolations(page, `${brand.id} /accounts/iiko empty`);
  await page.getByRole('button', { name: t('iiko.first') }).click();
  const field = page.getByLabel(t('iiko.apiLogin'), { exact: true });
  await expect(field).toBeFocused();
  const submit = page.locator('form[aria-labelledby="add-iiko-title"]').getByRole('button', { name: t('iiko.submit'), exact: true });

  // A login iiko does not know: at the field, nothing added.
  const login = `e2e-${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;
  await field.fill(login);
  await submit.click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(t('server.iikoApiLoginRejected'))).toBeVisible();

  // iiko knows it now, with two restaurants; the second sends its events elsewhere.
  const pizza = await iikoControl<{ id: string }>('organization', { login, name: 'Pizza E2E' });
  const sushi = await iikoControl<{ id: string }>('organization', { login, name: 'Sushi E2E' });
  await iikoControl('webhook', { id: sushi.id, uri: 'https://other.example/hook' });
  await field.fill(login);
  await submit.click();
  const masked = `••••${login.slice(-4)}`;
  await expect(page.locator('[data-iiko-id] [data-masked]')).toHaveText(masked);
  await expect(page.locator('body')).not.toContainText(login);

  // The new login's organizations open at once; link the first.
  const panel = page.locator('[data-iiko-reachable]');
  await expect(panel.locator(`[data-iiko-org="${pizza.id}"]`)).toContainText('Pizza E2E');
  await panel.getByRole('button', { name: t('iiko.linkLabel', { name: 'Pizza E2E' }) }).click();
  const linked = page.locator(`[data-iiko-linked="${pizza.id}"]`);
  await expect(linked).toContainText('Pizza E2E hall');
  await expect(linked).toContainText('Pizza E2E kitchen');
  await expect(linked).toContainText(t('iiko.never'));
  await expect(page.locator('[data-iiko-webhook]')).toContainText('/api/v1/Webhooks/iiko/');

  // The second: iiko has another address; the owner is asked, cancels, then replaces.
  await panel.getByRole('button', { name: t('iiko.linkLabel', { name: 'Sushi E2E' }) }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('https://other.example/hook');
  await dialog.getByRole('button', { name: t('remove.no') }).click();
  await expect(page.locator(`[data-iiko-linked="${sushi.id}"]`)).toHaveCount(0);
  await panel.getByRole('button', { name: t('iiko.linkLabel', { name: 'Sushi E2E' }) }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: t('iiko.replaceYes') }).click();
  await expect(page.locator(`[data-iiko-linked="${sushi.id}"]`)).toBeVisible();
  await expectNoSeriousA11yViolations(page, `${brand.id} /accounts/iiko linked`);

  // Unlink one, then delete the login: its other organization stays.
  await page.getByRole('button', { name: t('iiko.unlinkLabel', { name: 'Sushi E2E' }) }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: t('remove.yes') }).click();
  await expect(page.locator(`[data-iiko-linked="${sushi.id}"]`)).toHaveCount(0);
  await page.getByRole('button', { name: t('actions.deleteLabel', { name: masked }) }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: t('remove.yes') }).click();
  await expect(page.getByText(t('iiko.empty'))).toBeVisible();
  await expect(linked).toBeVisible();
});
