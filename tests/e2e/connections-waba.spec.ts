// WhatsApp Business accounts (/accounts/dialog360) against the 360dialog double the global setup starts
// (tests/e2e/providers-gateway.ts): the empty state, a wrong API key at its field, connecting (key masked, templates
// loaded), Sync with Meta's decision, a template refused by name at its field then created, its deletion, a revoked
// key's text, replacing the key (another account's key refused at its field, then the same account's new key:
// Connected again, the no-https note with its button), deleting the account; and the connect callback page's
// partner-not-configured text with its link.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { customer } from './flows-support.ts';
import { expect, expectNoSeriousA11yViolations, hydrated, prepareStorage, tOf, tRoutes, test } from './support.ts';
import { providerControl } from './providers-gateway.ts';
import { E2E_WABA_PORT } from './ports.ts';

const unique = () => `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
/** The field's error, next to it (and tied to it by aria-describedby). */
const fieldError = (page: Page, label: string) => page.getByLabel(label, { exact: true }).locator('xpath=..').locator('[data-field-error]');

test('WABA: a wrong key at its field, connects, syncs, creates and deletes a template, deletes the account', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tOf(locale, 'connections');
  const key = `e2e${unique()}${randomBytes(8).toString('hex')}`;
  const wabaId = `waba-e2e-${unique()}`;
  await providerControl(E2E_WABA_PORT, 'account', { key, templates: 'visit_reminder', wabaId });
  await prepareStorage(context, { tokens: await customer(baseURL!, 'waba'), locale });
  await page.goto('/accounts/dialog360');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tRoutes(locale)('accountsDialog360'));
  await hydrated(page);

  // The empty state says what an account gives and where the key comes from, and leads to the form.
  await expect(page.getByText(t('waba.empty'))).toBeVisible();
  await expectNoSeriousA11yViolations(page, `${brand.id} /accounts/dialog360 empty`);
  await page.getByRole('button', { name: t('waba.first') }).click();
  const keyField = page.getByLabel(t('waba.apiKey'), { exact: true });
  await expect(keyField).toBeFocused();
  await expect(keyField).toHaveAttribute('type', 'password');
  const submit = page.locator('form[aria-labelledby="add-waba-title"]').getByRole('button', { name: t('waba.submit') });

  // Empty, then a key 360dialog refuses: each at the field, nothing added.
  await submit.click();
  await expect(fieldError(page, t('waba.apiKey'))).toHaveText(t('problem.required'));
  await keyField.fill('wrong-key-0000000000');
  await submit.click();
  await expect(fieldError(page, t('waba.apiKey'))).toHaveText(t('server.wabaKeyRejected'));
  await expect(page.locator('tr[data-waba-id]')).toHaveCount(0);

  // The right key: listed masked, its template loaded at once, never shown back.
  await keyField.fill(key);
  await page.getByLabel(t('waba.name'), { exact: true }).fill('Salon WABA');
  await submit.click();
  const account = page.locator('tr[data-waba-id]');
  await expect(account).toHaveCount(1);
  await expect(account).toContainText('Salon WABA');
  await expect(account.locator('[data-masked]')).toHaveText(`••••${key.slice(-4)}`);
  await expect(account.locator('[data-state]')).toHaveAttribute('data-state', 'Connected');
  await expect(account.locator('[data-templates]')).toHaveAttribute('data-templates', '1');
  await expect(keyField).toHaveValue('');
  await expect(page.locator('body')).not.toContainText(key);
  const panel = page.locator('[data-waba-templates]');
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(t('waba.templates.title', { name: 'Salon WABA' }));
  const templates = panel.locator('tr[data-template]');
  await expect(templates).toHaveCount(1);
  await expect(templates.first().locator('[data-status]')).toHaveAttribute('data-status', 'approved');

  // Meta rejects it in the meantime: Sync brings the decision and its reason.
  await providerControl(E2E_WABA_PORT, 'status', { key, name: 'visit_reminder', status: 'rejected', reason: 'INVALID_FORMAT' });
  await panel.getByRole('button', { name: t('waba.templates.sync') }).click();
  await expect(panel.locator('[data-sync-result]')).toHaveText(t('waba.templates.synced', { count: 1 }));
  await expect(templates.first().locator('[data-status]')).toHaveAttribute('data-status', 'rejected');
  await expect(templates.first()).toContainText(t('waba.templates.reason', { reason: 'INVALID_FORMAT' }));
  await expectNoSeriousA11yViolations(page, `${brand.id} /accounts/dialog360 listed`);

  // A new template: the variables found in the text ask for one example each; a bad name is refused at its field.
  await panel.getByRole('button', { name: t('waba.create.open') }).click();
  const form = panel.locator('form[data-template-form]');
  await expect(form.getByLabel(t('waba.create.name'), { exact: true })).toBeFocused();
  await form.getByLabel(t('waba.create.name'), { exact: true }).fill('Visit Reminder');
  const body = form.getByLabel(t('waba.create.body'), { exact: true });
  await body.fill('Hello {{1}}, see you at {{2}}.');
  await expect(form.locator('[data-body-count]')).toContainText(t('waba.create.count', { count: 30, max: 1024 }));
  await expect(form.locator('[data-examples] input')).toHaveCount(2);
  await form.getByLabel(t('waba.create.example', { variable: '{{1}}' }), { exact: true }).fill('Anna');
  await form.getByLabel(t('waba.create.example', { variable: '{{2}}' }), { exact: true }).fill('10:00');
  await expectNoSeriousA11yViolations(page, `${brand.id} /accounts/dialog360 new template`);
  await form.getByRole('button', { name: t('waba.create.submit') }).click();
  await expect(fieldError(page, t('waba.create.name'))).toHaveText(t('server.wabaTemplateNameInvalid'));
  const name = `promo_${unique()}`;
  await form.getByLabel(t('waba.create.name'), { exact: true }).fill(name);
  await form.getByRole('button', { name: t('waba.create.submit') }).click();
  await expect(form).toHaveCount(0);
  const created = panel.locator(`tr[data-template="${name}"]`);
  await expect(created).toHaveCount(1);
  await expect(created.locator('[data-status]')).toHaveAttribute('data-status', 'submitted');
  await expect(created).toContainText('Hello {{1}}, see you at {{2}}.');
  await expect(account.locator('[data-templates]')).toHaveAttribute('data-templates', '2');
  await expect(panel.getByRole('button', { name: t('waba.create.open') })).toBeFocused();
  // On a phone the tables scroll inside their boxes; the page itself stays as wide as the screen.
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.setViewportSize(viewport);

  // Delete: the confirmation says every language of the name goes.
  await created.getByRole('button', { name: t('waba.templates.removeLabel', { name, language: await created.getAttribute('data-language') ?? '' }) }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(t('waba.templates.removeText', { languages: (await created.getAttribute('data-language'))! }));
  await dialog.getByRole('button', { name: t('remove.yes') }).click();
  await expect(created).toHaveCount(0);
  await expect(templates).toHaveCount(1);

  // The key revoked in the hub: Sync says what to do, the account shows the error with the same words.
  await providerControl(E2E_WABA_PORT, 'revoke', { key });
  await panel.getByRole('button', { name: t('waba.templates.sync') }).click();
  await expect(panel.locator('[data-sync-result]')).toHaveText(t('waba.keyRejected'));
  await expect(account.locator('[data-state]')).toHaveAttribute('data-state', 'error');
  await expect(account.locator('[data-state]')).toContainText(t('waba.keyRejected'));

  // Replace key: another account's key is refused at the field; this account's new key brings it back, same row.
  const otherKey = `e2eo${unique()}${randomBytes(8).toString('hex')}`;
  const newKey = `e2en${unique()}${randomBytes(8).toString('hex')}`;
  await providerControl(E2E_WABA_PORT, 'account', { key: otherKey, templates: 'someone_else' });
  await providerControl(E2E_WABA_PORT, 'account', { key: newKey, templates: 'visit_reminder', wabaId });
  await account.getByRole('button', { name: t('waba.replaceLabel', { name: 'Salon WABA' }) }).click();
  const replaceForm = page.locator('form[data-replace-key]');
  const newKeyField = replaceForm.getByLabel(t('waba.newApiKey'), { exact: true });
  await expect(newKeyField).toBeFocused();
  await expect(newKeyField).toHaveAttribute('type', 'password');
  await newKeyField.fill(otherKey);
  await replaceForm.getByRole('button', { name: t('waba.replaceSubmit') }).click();
  await expect(fieldError(page, t('waba.newApiKey'))).toHaveText(t('server.wabaKeyOtherAccount'));
  await expect(account.locator('[data-state]')).toHaveAttribute('data-state', 'error');
  await expectNoSeriousA11yViolations(page, `${brand.id} /accounts/dialog360 replace key`);
  await newKeyField.fill(newKey);
  await replaceForm.getByRole('button', { name: t('waba.replaceSubmit') }).click();
  await expect(replaceForm).toHaveCount(0);
  await expect(account).toHaveCount(1);
  await expect(account.locator('[data-state]')).toHaveAttribute('data-state', 'Connected');
  await expect(account.locator('[data-masked]')).toHaveText(`••••${newKey.slice(-4)}`);
  await expect(page.locator('body')).not.toContainText(newKey);
  // This server has no https address: the row says replies cannot arrive and offers to set the webhook again.
  const note = account.locator('[data-note="repliesNeedHttps"]');
  await expect(note).toHaveText(t('waba.repliesNeedHttps'));
  await account.getByRole('button', { name: t('waba.rehookLabel', { name: 'Salon WABA' }) }).click();
  await expect(page.getByText(t('server.wabaWebhookNeedsHttps'))).toBeVisible();

  // Delete the account: the empty state is back.
  await page.getByRole('button', { name: t('actions.deleteLabel', { name: 'Salon WABA' }) }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: t('remove.yes') }).click();
  await expect(account).toHaveCount(0);
  await expect(page.getByText(t('waba.empty'))).toBeVisible();
  await expect(panel).toHaveCount(0);
});

test('WABA connect callback: without a partner account it says so and leads to the API-key form', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tOf(locale, 'connections');
  await prepareStorage(context, { tokens: await customer(baseURL!, 'waba-callback'), locale });
  await page.goto('/accounts/dialog360/e2e-token/e2e-account');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tRoutes(locale)('accountsDialog360Connect'));
  await hydrated(page);
  await expect(page.locator('[data-form-message="error"]')).toHaveText(t('server.wabaPartnerNotConfigured'));
  const link = page.getByRole('link', { name: t('waba.connect.useKey') });
  await expect(link).toHaveAttribute('href', /\/accounts\/dialog360$/);
  await expectNoSeriousA11yViolations(page, `${brand.id} /accounts/dialog360 callback`);
  await link.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tRoutes(locale)('accountsDialog360'));
  await expect(page.getByText(t('waba.empty'))).toBeVisible();
});
