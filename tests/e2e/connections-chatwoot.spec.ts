// Chatwoot (/accounts/chatwoot, docs/chatwoot.md) against a Chatwoot double this file starts on loopback (the server
// allows 127.0.0.1 through OUTBOUND_FETCH_ALLOW, as an operator would for a Chatwoot on its own network): the empty
// state, the required fields, a refused token at its field, connecting (listed with the token masked, the form gone:
// one per owner), and disconnecting behind a confirmation.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { startChatwootFake, type ChatwootFake } from '../fakes/chatwoot-fake.ts';
import { customer } from './flows-support.ts';
import { expect, expectNoSeriousA11yViolations, hydrated, prepareStorage, tOf, tRoutes, test } from './support.ts';

let cw: ChatwootFake;
test.beforeAll(async () => {
  cw = await startChatwootFake();
});
test.afterAll(async () => cw?.close());

const form = (page: Page) => page.locator('form[aria-labelledby="add-chatwoot-title"]');
const fieldError = (page: Page, label: string) => page.getByLabel(label, { exact: true }).locator('xpath=..').locator('[data-field-error]');

test('Chatwoot: a refused token at its field, connects, lists it masked, disconnects', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tOf(locale, 'connections');
  await prepareStorage(context, { tokens: await customer(baseURL!, 'chatwoot'), locale });
  const accountId = 5000 + Math.floor(Math.random() * 1000);
  const token = `cw${randomBytes(12).toString('hex')}`;
  cw.accounts.set(accountId, { name: 'Salon', tokens: new Map([[token, { admin: true }]]) });

  await page.goto('/accounts/chatwoot');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tRoutes(locale)('accountsChatwoot'));
  await hydrated(page);
  await expect(page.getByText(t('chatwoot.empty'))).toBeVisible();
  await expectNoSeriousA11yViolations(page, `${brand.id} /accounts/chatwoot empty`);
  await page.getByRole('button', { name: t('chatwoot.first') }).click();
  await expect(page.getByLabel(t('chatwoot.baseUrl'), { exact: true })).toBeFocused();

  const submit = form(page).getByRole('button', { name: t('chatwoot.submit') });
  await submit.click();
  await expect(fieldError(page, t('chatwoot.baseUrl'))).toHaveText(t('problem.required'));
  await expect(fieldError(page, t('chatwoot.apiAccessToken'))).toHaveText(t('problem.required'));

  await page.getByLabel(t('chatwoot.baseUrl'), { exact: true }).fill(cw.url);
  await page.getByLabel(t('chatwoot.accountId'), { exact: true }).fill(String(accountId));
  await page.getByLabel(t('chatwoot.apiAccessToken'), { exact: true }).fill('wrong-token');
  await submit.click();
  await expect(fieldError(page, t('chatwoot.apiAccessToken'))).toHaveText(t('server.chatwootTokenRejected'));
  await expect(page.locator('tbody tr')).toHaveCount(0);

  await page.getByLabel(t('chatwoot.apiAccessToken'), { exact: true }).fill(token);
  await submit.click();
  const row = page.locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row.locator('[data-masked]')).toHaveText(`••••${token.slice(-4)}`);
  await expect(row).toContainText(t('chatwoot.notYet'));
  await expect(form(page)).toHaveCount(0); // one connection per owner
  await expect(page.locator('body')).not.toContainText(token);
  await expectNoSeriousA11yViolations(page, `${brand.id} /accounts/chatwoot listed`);

  const name = `${new URL(cw.url).host} #${accountId}`;
  await page.getByRole('button', { name: t('actions.deleteLabel', { name }) }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: t('remove.yes') }).click();
  await expect(page.locator('tbody tr')).toHaveCount(0);
  await expect(page.getByText(t('chatwoot.empty'))).toBeVisible();
  expect(cw.inboxes.filter((i) => i.accountId === accountId)).toEqual([]);
});
