// The flows list (issue 6): paging, search, status badges, select all, bulk resume/pause, confirmed delete, empty state.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { adminTokens, expect, expectNoSeriousA11yViolations, prepareStorage, tRoutes, test, type Tokens } from './support.ts';
import { routesForBrand } from '../../src/routes/select.ts';
import { createT, type Messages } from '../../src/i18n/translate.ts';
import type { Locale } from '../../src/i18n/locales.ts';

const tFlows = (locale: Locale) => createT(locale, JSON.parse(readFileSync(join(import.meta.dirname, '../../src/i18n/messages', locale, 'flows.json'), 'utf8')) as Messages);

async function api(baseURL: string, method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${new URL(baseURL).port}/api/v1${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json().catch(() => undefined)) as any;
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** A fresh customer with the base booking tariff, so booking flows are available and birthday ones are not. */
async function customer(baseURL: string, tag: string): Promise<Tokens> {
  const email = `flows-${tag}-${Date.now()}@example.com`;
  await api(baseURL, 'POST', '/account/register', undefined, { email, password: 'secret1', confirmPassword: 'secret1', phone: '+79161234567' });
  const tokens = (await api(baseURL, 'POST', '/account/login', undefined, { email, password: 'secret1' })) as Tokens;
  const me = await api(baseURL, 'GET', '/Account/CurrentUser', tokens.token);
  const staff = await adminTokens(baseURL);
  const now = Math.floor(Date.now() / 1000);
  await api(baseURL, 'POST', `/Admin/Users/${me.id}/Pays`, staff.token, { tariff: 0, dateBeginUnixTime: now - 86_400, dateEndUnixTime: now + 30 * 86_400 });
  return tokens;
}

test.beforeEach(async ({ brand }) => {
  test.skip(!routesForBrand(brand).some((r) => r.name === 'flows'), 'no flows on this host');
});

test('lists, searches, pages and acts on the selected flows', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tFlows(locale);
  const tokens = await customer(baseURL!, 'list');
  for (let i = 1; i <= 22; i++) {
    await api(baseURL!, 'POST', '/Flows', tokens.token, { title: `Reminder ${String(i).padStart(2, '0')}`, content: i === 7 ? 'See you at the salon' : 'Hello', type: 'recordReminder' });
  }
  await api(baseURL!, 'POST', '/Flows', tokens.token, { title: 'Birthday wishes', content: 'Happy birthday', type: 'birthday' });
  await prepareStorage(context, { tokens, locale });
  await page.goto('/flows');

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tRoutes(locale)('flows'));
  await expect(page.getByText(t('found', { count: 23 }))).toBeVisible();
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(20);
  await expect(page.getByText(t('pageOf', { page: 1, pages: 2 }))).toBeVisible();
  // Newest edit first: the birthday flow leads, marked as outside the tariff.
  await expect(rows.first()).toContainText('Birthday wishes');
  await expect(rows.first()).toContainText(t('status.Unavailable'));
  await page.getByRole('button', { name: t('next') }).click();
  await expect(rows).toHaveCount(3);
  await expect(page.getByText(t('pageOf', { page: 2, pages: 2 }))).toBeVisible();
  await expectNoSeriousA11yViolations(page, `${brand.id} /flows`);

  // Search reaches the message text too.
  await page.getByRole('searchbox', { name: t('search') }).fill('salon');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Reminder 07');
  await page.getByRole('searchbox', { name: t('search') }).fill('Reminder 0');
  await expect(rows).toHaveCount(9);

  // Select all, then resume: the paused reminders start and wait for their turn.
  await page.getByRole('checkbox', { name: t('selectAll') }).check();
  await expect(page.getByText(t('selected', { count: 9 }))).toBeVisible();
  await page.getByRole('button', { name: t('resume') }).click();
  await expect(page.getByText(t('summary', { succeeded: 9, failed: 0 }))).toBeVisible();
  await expect(rows.filter({ hasText: t('status.Waiting') })).toHaveCount(9);

  // Delete asks first; cancelling keeps everything.
  await page.getByRole('checkbox', { name: t('select', { title: 'Reminder 07' }) }).check();
  await page.getByRole('button', { name: t('delete') }).click();
  const dialog = page.getByRole('alertdialog', { name: t('confirm.title') });
  await expect(dialog).toContainText(t('confirm.text', { count: 1 }));
  await dialog.getByRole('button', { name: t('confirm.no') }).click();
  await expect(dialog).toHaveCount(0);
  await expect(rows).toHaveCount(9);
  await page.getByRole('button', { name: t('delete') }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: t('confirm.yes') }).click();
  await expect(rows).toHaveCount(8);
  await expect(page.getByText('Reminder 07')).toHaveCount(0);

  // The status filter, and an empty search result.
  await page.getByRole('searchbox', { name: t('search') }).fill('');
  await page.getByRole('combobox', { name: t('statusFilter') }).selectOption('Unavailable');
  await expect(rows).toHaveCount(1);
  await page.getByRole('combobox', { name: t('statusFilter') }).selectOption('Done');
  await expect(page.getByRole('status').filter({ hasText: t('emptySearch') })).toBeVisible();
});

test('a customer without flows sees the empty state', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  await prepareStorage(context, { tokens: await customer(baseURL!, 'empty'), locale });
  await page.goto('/flows');
  await expect(page.getByRole('status').filter({ hasText: tFlows(locale)('empty') })).toBeVisible();
  await expect(page.getByRole('button', { name: tFlows(locale)('delete') })).toBeDisabled();
});
