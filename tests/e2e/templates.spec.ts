// Template catalogues (issue 6): overview, per-system catalogue with tariff marks, add from a template into the editor,
// the quick edit of a template flow, unknown templates.
import { expect, expectNoSeriousA11yViolations, hydrated, prepareStorage, tRoutes, test } from './support.ts';
import { api, customer, tFlows, tTemplates } from './flows-support.ts';
import { routesForBrand } from '../../src/routes/select.ts';
import { defaultFlowText, findTemplate, templateText } from '../../src/shared/flows/templates.ts';

test.beforeEach(async ({ brand }) => {
  test.skip(!routesForBrand(brand).some((r) => r.name === 'templates'), 'no templates on this host');
});

test('catalogues show every system and the tariff availability', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tTemplates(locale);
  await prepareStorage(context, { tokens: await customer(baseURL!, 'tpl-list'), locale });
  await page.goto('/templates');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tRoutes(locale)('templates'));
  await expectNoSeriousA11yViolations(page, `${brand.id} /templates`);
  await page.getByRole('link', { name: 'YCLIENTS' }).click();
  await expect(page).toHaveURL(/\/templates\/yclients$/);
  const card = (id: string) => page.locator('li').filter({ has: page.getByRole('heading', { name: templateText(findTemplate('yclients', id)!, locale).title, exact: true }) });
  // Base booking tariff: reminders yes, birthday no.
  await expect(card('recordReminder')).toContainText(t('available'));
  await expect(card('birthday')).toContainText(t('unavailable'));
  await expectNoSeriousA11yViolations(page, `${brand.id} /templates/yclients`);
  await page.goto('/templates/iikocrm');
  await expect(page.getByRole('heading', { name: templateText(findTemplate('iikocrm', 'orderCreated')!, locale).title })).toBeVisible();
  await expect(page.getByRole('heading', { name: templateText(findTemplate('iikocrm', 'abandonedCart')!, locale).title })).toBeVisible();
  await expectNoSeriousA11yViolations(page, `${brand.id} /templates/iikocrm`);
});

test('adds a flow from a template, lands in the editor, finds it and edits it', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tTemplates(locale);
  const tf = tFlows(locale);
  const tokens = await customer(baseURL!, 'tpl-add');
  await prepareStorage(context, { tokens, locale });
  const text = defaultFlowText('recordReminder', locale);

  await page.goto('/templates/yclients');
  await page.getByRole('link', { name: t('addOf', { title: text.title }) }).click();
  await expect(page).toHaveURL(/\/templates\/yclients\/add\/recordReminder$/);
  await hydrated(page);
  const title = page.getByRole('textbox', { name: t('form.title') });
  const content = page.getByRole('textbox', { name: t('form.content') });
  await expect(title).toHaveValue(text.title);
  await expect(content).toHaveValue(text.content);
  await expectNoSeriousA11yViolations(page, `${brand.id} template add`);

  // An empty title is refused next to the field.
  await title.fill('');
  await page.getByRole('button', { name: t('create') }).click();
  await expect(page.getByRole('alert').filter({ hasText: tf('server.titleRequired') })).toBeVisible();

  const marker = `Marker${Date.now()}`;
  await title.fill('Salon reminder');
  await content.fill(`${text.content} ${marker}`);
  await page.getByRole('button', { name: t('create') }).click();
  // The editor may add its first step to the address (`/flows/edit/{id}/{step}`).
  await expect(page).toHaveURL(/\/flows\/edit\/\d+(\/[\w-]+)?$/);
  const id = Number(/\/flows\/edit\/(\d+)/.exec(page.url())![1]);
  const flow = await api(baseURL!, 'GET', `/Flows/${id}`, tokens.token);
  expect(flow).toMatchObject({ title: 'Salon reminder', type: 'recordReminder', status: 'Pause', mode: 'test', delayMinutes: 1440, content: `${text.content} ${marker}`, source: 'booking' });

  // Found in the list by its message text.
  await page.goto('/flows');
  await page.getByRole('searchbox', { name: tf('search') }).fill(marker);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(page.locator('tbody tr')).toContainText('Salon reminder');

  // Quick edit: a bad test number is named and nothing changes; good input is saved.
  await page.goto(`/templates/yclients/edit/${id}`);
  await hydrated(page);
  await expect(page.getByRole('textbox', { name: t('form.title') })).toHaveValue('Salon reminder');
  await expect(page.getByRole('link', { name: t('fullEditor') })).toHaveAttribute('href', new RegExp(`/flows/edit/${id}$`));
  const phones = page.getByRole('textbox', { name: t('form.testPhones') });
  await phones.fill('+79161234567, abc');
  await page.getByRole('button', { name: t('save') }).click();
  await expect(page.getByRole('alert').filter({ hasText: tf('server.testPhoneInvalid') })).toBeVisible();
  expect((await api(baseURL!, 'GET', `/Flows/${id}`, tokens.token)).testPhones).toBe('');
  await expectNoSeriousA11yViolations(page, `${brand.id} template edit`);
  await phones.fill('+79161234567');
  await page.getByRole('textbox', { name: t('form.title') }).fill('Salon reminder 2');
  await page.getByRole('button', { name: t('save') }).click();
  await expect(page.getByText(t('saved'))).toBeVisible();
  expect(await api(baseURL!, 'GET', `/Flows/${id}`, tokens.token)).toMatchObject({ title: 'Salon reminder 2', testPhones: '+79161234567' });
});

test('unknown templates and foreign flows show a notice', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tTemplates(locale);
  const other = await customer(baseURL!, 'tpl-other');
  const foreign = await api(baseURL!, 'POST', '/Flows', other.token, { title: 'Theirs', content: 'Secret text', type: 'newRecord' });
  await prepareStorage(context, { tokens: await customer(baseURL!, 'tpl-me'), locale });
  await page.goto('/templates/yclients/add/orderCreated');
  await expect(page.getByRole('status').filter({ hasText: t('notFound') })).toBeVisible();
  await page.goto(`/templates/yclients/edit/${foreign.id}`);
  await expect(page.getByRole('status').filter({ hasText: t('flowNotFound') })).toBeVisible();
  await expect(page.getByText('Secret text')).toHaveCount(0);
});

test('an order template creates a flow that reacts to orders', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tTemplates(locale);
  const tokens = await customer(baseURL!, 'tpl-order');
  await prepareStorage(context, { tokens, locale });
  await page.goto('/templates/iikocrm/add/orderStatus');
  await hydrated(page);
  await expect(page.getByRole('textbox', { name: t('form.title') })).toHaveValue(templateText(findTemplate('iikocrm', 'orderStatus')!, locale).title);
  await page.getByRole('button', { name: t('create') }).click();
  await expect(page).toHaveURL(/\/flows\/edit\/\d+(\/[\w-]+)?$/);
  const id = Number(/\/flows\/edit\/(\d+)/.exec(page.url())![1]);
  expect(await api(baseURL!, 'GET', `/Flows/${id}`, tokens.token)).toMatchObject({ type: 'changedRecord', source: 'orders' });
});
