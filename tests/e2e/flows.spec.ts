// The flows list (issue 6): paging, search, sort, status badges, select all, bulk resume/pause, test numbers,
// confirmed delete, duplicate, row links, mass text edit with preview, empty state.
import { expect, expectNoSeriousA11yViolations, hydrated, prepareStorage, tRoutes, tUi, test } from './support.ts';
import { api, customer, tFlows } from './flows-support.ts';
import { routesForBrand } from '../../src/routes/select.ts';

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
  await expect(page.getByText(tUi(locale)('pageOf', { page: 1, pages: 2 }))).toBeVisible();
  // Newest edit first: the birthday flow leads, marked as outside the tariff.
  await expect(rows.first()).toContainText('Birthday wishes');
  await expect(rows.first()).toContainText(t('status.Unavailable'));
  await page.getByRole('button', { name: tUi(locale)('next') }).click();
  await expect(rows).toHaveCount(3);
  await expect(page.getByText(tUi(locale)('pageOf', { page: 2, pages: 2 }))).toBeVisible();
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
  await expect(page.getByText(`${t('server.flowsResumed')}. ${t('summary', { succeeded: 9, failed: 0 })}`)).toBeVisible();
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

test('sorts, duplicates, sets test numbers, pauses and links each flow', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tFlows(locale);
  const tokens = await customer(baseURL!, 'actions');
  const first = await api(baseURL!, 'POST', '/Flows', tokens.token, { title: 'Alpha visit', content: 'Hello {clientName}', type: 'recordReminder' });
  await api(baseURL!, 'POST', '/Flows', tokens.token, { title: 'Beta visit', content: 'Bye', type: 'newRecord' });
  await prepareStorage(context, { tokens, locale });
  await page.goto('/flows');
  await hydrated(page);
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Beta visit');

  // Oldest creation first; the date column follows the sort.
  await page.getByRole('combobox', { name: t('sort.label') }).selectOption('created:asc');
  await expect(rows.first()).toContainText('Alpha visit');
  await expect(page.getByRole('columnheader', { name: t('col.created') })).toBeVisible();

  // Row links: the editor and the conversion report of the flow.
  await expect(rows.first().getByRole('link', { name: 'Alpha visit', exact: true })).toHaveAttribute('href', new RegExp(`/flows/edit/${first.id}$`));
  await expect(rows.first().getByRole('link', { name: t('conversionOf', { title: 'Alpha visit' }) })).toHaveAttribute('href', new RegExp(`/insights/conversion\\?flowId=${first.id}$`));

  // Duplicate: a paused copy appears.
  await page.getByRole('button', { name: t('duplicateOf', { title: 'Alpha visit' }) }).click();
  await expect(page.getByText(t('server.flowDuplicated'))).toBeVisible();
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: /Alpha visit \((copy|копия|копія|cópia)\)/ })).toContainText(t('status.Pause'));

  // Bulk resume then pause.
  await page.getByRole('checkbox', { name: t('selectAll') }).check();
  await page.getByRole('button', { name: t('resume') }).click();
  await expect(page.getByText(t('summary', { succeeded: 3, failed: 0 }))).toBeVisible();
  await expect(rows.filter({ hasText: t('status.Pause') })).toHaveCount(0);
  await page.getByRole('checkbox', { name: t('selectAll') }).check();
  await page.getByRole('button', { name: t('pause') }).click();
  await expect(rows.filter({ hasText: t('status.Pause') })).toHaveCount(3);

  // Test numbers: a bad one is named next to the field and nothing is saved; good ones are saved on every flow.
  await page.getByRole('checkbox', { name: t('select', { title: 'Alpha visit' }) }).check();
  await page.getByRole('checkbox', { name: t('select', { title: 'Beta visit' }) }).check();
  await page.getByRole('button', { name: t('testPhones.open') }).click();
  const field = page.getByRole('textbox', { name: t('testPhones.label') });
  await field.fill('+79161234567, 12');
  await page.getByRole('button', { name: t('testPhones.save') }).click();
  await expect(page.getByRole('alert').filter({ hasText: t('testPhones.invalid', { value: '12' }) })).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  expect((await api(baseURL!, 'GET', `/Flows/${first.id}`, tokens.token)).testPhones).toBe('');
  await expectNoSeriousA11yViolations(page, `${brand.id} /flows test numbers`);
  await field.fill('+79161234567, +79161234568');
  await page.getByRole('button', { name: t('testPhones.save') }).click();
  await expect(page.getByText(t('summary', { succeeded: 2, failed: 0 }))).toBeVisible();
  await expect(field).toHaveCount(0);
  expect((await api(baseURL!, 'GET', `/Flows/${first.id}`, tokens.token)).testPhones).toBe('+79161234567, +79161234568');

  // §8: duplicating a flow removed meanwhile says the duplicate failed, and why.
  await api(baseURL!, 'DELETE', `/Flows/${first.id}`, tokens.token);
  await page.getByRole('button', { name: t('duplicateOf', { title: 'Alpha visit' }) }).click();
  await expect(page.getByText(`${t('server.flowDuplicateFailed')}: ${t('server.flowInvalidId')}`)).toBeVisible();
});

test('mass text edit: choose flows, preview, apply, see per-flow results', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tFlows(locale);
  const tokens = await customer(baseURL!, 'mass');
  const a = await api(baseURL!, 'POST', '/Flows', tokens.token, { title: 'Salon A', content: 'Visit Old Street 1', type: 'recordReminder' });
  const b = await api(baseURL!, 'POST', '/Flows', tokens.token, { title: 'Salon B', content: 'Nothing here', type: 'recordReminder' });
  await api(baseURL!, 'POST', '/Flows', tokens.token, { title: 'Salon C', content: 'Old Street too', type: 'recordReminder' });
  await prepareStorage(context, { tokens, locale });

  // From the list: the selection travels in the link.
  await page.goto('/flows');
  await hydrated(page);
  await page.getByRole('checkbox', { name: t('select', { title: 'Salon A' }) }).check();
  await page.getByRole('checkbox', { name: t('select', { title: 'Salon B' }) }).check();
  const link = page.getByRole('link', { name: t('massEdit') });
  await expect(link).toHaveAttribute('href', /\/flows\/EditTextInFlows\?ids=/);
  await link.click();
  await expect(page).toHaveURL(/\/flows\/EditTextInFlows\?ids=/);
  await hydrated(page);
  await expect(page.getByText(t('selected', { count: 2 }))).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /Salon A/ })).toBeChecked();

  // Find is required, and the message sits next to the field.
  await page.getByRole('button', { name: t('mass.preview') }).click();
  await expect(page.getByRole('alert').filter({ hasText: t('server.findRequired') })).toBeVisible();

  await page.getByRole('textbox', { name: t('mass.find') }).fill('Old Street');
  await page.getByRole('textbox', { name: t('mass.replace') }).fill('New Avenue');
  await expect(page.getByRole('button', { name: t('mass.apply') })).toBeDisabled();
  await page.getByRole('button', { name: t('mass.preview') }).click();
  const preview = page.getByRole('region', { name: t('mass.previewTitle') });
  await expect(preview.locator('tbody tr')).toHaveCount(2);
  await expect(preview.locator('tr', { hasText: 'Salon A' })).toContainText('Visit New Avenue 1');
  await expect(preview.locator('tr', { hasText: 'Salon B' })).toContainText(t('server.textNotFound'));
  // The preview writes nothing.
  expect((await api(baseURL!, 'GET', `/Flows/${a.id}`, tokens.token)).content).toBe('Visit Old Street 1');
  await expectNoSeriousA11yViolations(page, `${brand.id} /flows/EditTextInFlows`);

  await page.getByRole('button', { name: t('mass.apply') }).click();
  const results = page.getByRole('region', { name: t('summary', { succeeded: 1, failed: 1 }) });
  await expect(results).toContainText(`Salon A: ${t('server.textChanged')}`);
  await expect(results).toContainText(`Salon B: ${t('server.textNotFound')}`);
  expect((await api(baseURL!, 'GET', `/Flows/${a.id}`, tokens.token)).content).toBe('Visit New Avenue 1');
  expect((await api(baseURL!, 'GET', `/Flows/${b.id}`, tokens.token)).content).toBe('Nothing here');

  // The search picks more flows.
  await page.getByRole('searchbox', { name: t('search') }).fill('Street too');
  await expect(page.getByRole('checkbox', { name: /Salon C/ })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /Salon A/ })).toHaveCount(0);
});
