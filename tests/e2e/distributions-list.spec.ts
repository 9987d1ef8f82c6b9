// The distributions list (issue 20, §2): the empty state and the add button, the columns with live status while a
// test run goes out, search, mode filter, sort, duplicate, confirmed delete (one and bulk), and the §6 tariff notice.
import { adminTokens, apiCall, expect, expectNoSeriousA11yViolations, newCustomer, prepareStorage, tOf, tRoutes, test, uniqueEmail } from './support.ts';
import { endTrial } from './flows-support.ts';
import { routesForBrand } from '../../src/routes/select.ts';
import type { Locale } from '../../src/i18n/locales.ts';

const tDist = (locale: Locale) => tOf(locale, 'distributions');

test.beforeEach(async ({ brand }) => {
  test.skip(!routesForBrand(brand).some((r) => r.name === 'distributions'), 'no distributions on this host');
});

/** A new owner whose only tariff is `tariff` (13 = WhatsApp distribution, 0 = the booking base without it). */
async function owner(baseURL: string, tariff: number) {
  const me = await newCustomer(baseURL, uniqueEmail('dist-list'));
  const staff = await adminTokens(baseURL);
  await endTrial(baseURL, me.id, staff.token);
  const now = Math.floor(Date.now() / 1000);
  const paid = await apiCall(baseURL, 'POST', `/Admin/Users/${me.id}/Pays`, staff.token, { tariff, dateBeginUnixTime: now - 86_400, dateEndUnixTime: now + 30 * 86_400 });
  expect(paid.status, JSON.stringify(paid.body)).toBeLessThan(300);
  return me;
}

async function call(baseURL: string, token: string, method: string, path: string, body?: unknown) {
  const out = await apiCall(baseURL, method, path, token, body);
  expect(out.status, `${method} ${path}: ${JSON.stringify(out.body)}`).toBeLessThan(300);
  return out.body;
}

test('an owner creates, watches, finds, copies and deletes distributions', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tDist(locale);
  const me = await owner(baseURL!, 13);
  await prepareStorage(context, { tokens: me, locale });

  // Empty: the one next step is the first distribution.
  await page.goto('/distributions');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tRoutes(locale)('distributions'));
  await expect(page.getByRole('status').filter({ hasText: t('empty') })).toBeVisible();
  await expectNoSeriousA11yViolations(page, `${brand.id} /distributions (empty)`);
  await page.getByRole('button', { name: t('createFirst') }).click();
  await expect(page).toHaveURL(/\/distributions\/edit\/\d+/);

  // Two more through the API; one goes out to a test number at once (any hour: the default window is 9–21).
  const autumn = await call(baseURL!, me.token, 'POST', '/Distributions', { title: 'Autumn sale' });
  await call(baseURL!, me.token, 'POST', '/Distributions', { title: 'Winter news' });
  await call(baseURL!, me.token, 'PATCH', `/Flows/${autumn.id}`, { testPhones: '+79160000001', sendingHours: { from: 0, to: 24 } });
  await call(baseURL!, me.token, 'POST', `/Distributions/${autumn.id}/Start`);

  await page.goto('/distributions');
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(page.getByText(t('found', { count: 3 }))).toBeVisible();
  const autumnRow = page.locator(`tr[data-distribution-id="${autumn.id}"]`);
  await expect(autumnRow.getByRole('link', { name: 'Autumn sale' })).toHaveAttribute('href', new RegExp(`/distributions/edit/${autumn.id}$`));
  await expect(autumnRow).toContainText(t('mode.test'));
  await expect(autumnRow.getByRole('progressbar', { name: t('progressOf', { title: 'Autumn sale' }) })).toHaveAttribute('aria-valuenow', /^\d+$/);
  // The test run settles while the page stays open: the list refreshes itself until nothing runs.
  await expect(autumnRow).toContainText(t('status.Done'), { timeout: 20_000 });
  await expectNoSeriousA11yViolations(page, `${brand.id} /distributions`);

  // Search and filters.
  await page.getByRole('searchbox', { name: t('search') }).fill('Winter');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Winter news');
  await page.getByRole('searchbox', { name: t('search') }).fill('');
  await expect(rows).toHaveCount(3);
  await page.getByRole('combobox', { name: t('modeFilter') }).selectOption('combat');
  await expect(page.getByRole('status').filter({ hasText: t('emptySearch') })).toBeVisible();
  await page.getByRole('combobox', { name: t('modeFilter') }).selectOption('test');
  await expect(rows).toHaveCount(3);
  await page.getByRole('combobox', { name: t('sort.label') }).selectOption('created:asc');
  await expect(rows.last()).toContainText('Winter news');

  // Duplicate, then delete the copy (asked first).
  await autumnRow.getByRole('button', { name: t('duplicateOf', { title: 'Autumn sale' }) }).click();
  await expect(page.getByText(t('server.distributionDuplicated'))).toBeVisible();
  await expect(rows).toHaveCount(4);
  const found = await call(baseURL!, me.token, 'GET', '/Distributions?search=Autumn');
  const copyOf = (found.distributions as { id: number; title: string }[]).find((d) => d.id !== autumn.id)!;
  const copy = page.locator(`tr[data-distribution-id="${copyOf.id}"]`);
  await expect(copy).toContainText(t('status.Pause'));
  const copyTitle = copyOf.title;
  await copy.getByRole('button', { name: t('deleteOf', { title: copyTitle }) }).click();
  const dialog = page.getByRole('alertdialog', { name: t('confirm.oneTitle') });
  await dialog.getByRole('button', { name: t('confirm.yes') }).click();
  await expect(page.getByText(t('server.distributionRemoved'))).toBeVisible();
  await expect(rows).toHaveCount(3);

  // Bulk delete of two: cancelling keeps them, confirming removes them.
  await page.getByRole('checkbox', { name: t('select', { title: 'Autumn sale' }) }).check();
  await page.getByRole('checkbox', { name: t('select', { title: 'Winter news' }) }).check();
  await expect(page.getByText(t('selected', { count: 2 }))).toBeVisible();
  await page.getByRole('button', { name: t('delete'), exact: true }).click();
  const bulk = page.getByRole('alertdialog', { name: t('confirm.title') });
  await expect(bulk).toContainText(t('confirm.text', { count: 2 }));
  await bulk.getByRole('button', { name: t('confirm.no') }).click();
  await expect(rows).toHaveCount(3);
  await page.getByRole('button', { name: t('delete'), exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: t('confirm.yes') }).click();
  await expect(page.getByText(`${t('server.distributionsRemoved')}. ${t('summary', { succeeded: 2, failed: 0 })}`)).toBeVisible();
  await expect(rows).toHaveCount(1);
});

test('an owner without the distributions tariff is told what to buy', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tDist(locale);
  await prepareStorage(context, { tokens: await owner(baseURL!, 0), locale });
  await page.goto('/distributions');
  const notice = page.getByRole('status').filter({ hasText: t('notAvailable') });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('link', { name: t('choosePlan') })).toHaveAttribute('href', /\/payments$/);
});

test('results: the recipients of a test run, their export, then a live start held for messages, paused and canceled', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tDist(locale);
  const me = await owner(baseURL!, 13);
  const d = await call(baseURL!, me.token, 'POST', '/Distributions', { title: 'Results check' });
  await call(baseURL!, me.token, 'PUT', `/Distributions/${d.id}/Recipients`, { text: '+79160000011,Anna\n+79160000012,Boris\n+79160000013,Clara\n' });
  await call(baseURL!, me.token, 'PATCH', `/Flows/${d.id}`, { testPhones: '+79160000001', sendingHours: { from: 0, to: 24 } });
  await call(baseURL!, me.token, 'POST', `/Distributions/${d.id}/Start`);
  await prepareStorage(context, { tokens: me, locale });

  // The editor's last step shows Results (helper D's editor).
  await page.goto(`/distributions/edit/${d.id}/start`);
  const results = page.locator(`[data-distribution-results="${d.id}"]`);
  await expect(results.locator('[data-test-run="done"]')).toBeVisible({ timeout: 20_000 });
  const rows = results.locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('+79160000011');
  await expect(rows.first()).toContainText(t('recipientStatus.pending'));
  await results.getByRole('searchbox', { name: t('results.search') }).fill('Boris');
  await expect(rows).toHaveCount(1);
  await results.getByRole('searchbox', { name: t('results.search') }).fill('');
  await expect(rows).toHaveCount(3);
  const download = page.waitForEvent('download');
  await results.getByRole('button', { name: t('results.export') }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`distribution-${d.id}-recipients.csv`);
  const csv = (await (await file.createReadStream()).toArray()).join('');
  for (const phone of ['79160000011', '79160000012', '79160000013']) expect(csv).toContain(phone);
  await expectNoSeriousA11yViolations(page, `${brand.id} distribution results`);

  // Live mode without bought messages: it waits and says what to buy; pause, resume, then cancel (asked first).
  await call(baseURL!, me.token, 'PATCH', `/Flows/${d.id}`, { mode: 'combat' });
  await call(baseURL!, me.token, 'POST', `/Distributions/${d.id}/Start`);
  await page.reload();
  await expect(results.locator('[data-notice="messages"]')).toBeVisible({ timeout: 20_000 });
  await expect(results.locator('[data-notice="messages"]').getByRole('link', { name: t('buyPack') })).toHaveAttribute('href', /\/payments$/);
  await results.getByRole('button', { name: t('results.pause') }).click();
  await expect(page.getByText(t('server.distributionStopped'))).toBeVisible();
  await expect(results.locator('[data-status="Pause"]')).toBeVisible();
  await results.getByRole('button', { name: t('results.cancel') }).click();
  const dialog = page.getByRole('alertdialog', { name: t('results.cancelTitle') });
  await dialog.getByRole('button', { name: t('results.cancelYes') }).click();
  // The toast (in Russian the recipients' reason reads the same, so the cells are left out).
  await expect(page.locator('[role="region"][aria-live] p', { hasText: t('server.distributionCanceled') })).toBeVisible();
  await expect(results.locator('[data-status="Canceled"]')).toBeVisible();
  await expect(rows.filter({ hasText: t('skip.cancelled') })).toHaveCount(3);
  await expect(results.locator('[data-count="skipped"]')).toContainText('3');
});
