// The flow editor (issue 6): steps in the URL, message text with variable chips and markup, live preview, sanitized
// paste, buttons, image upload, §5 rules next to their fields, confirmed switch to live mode, save and reload.
import { join } from 'node:path';
import { expect, expectNoSeriousA11yViolations, hydrated, prepareStorage, test, type Tokens, tOf } from './support.ts';
import { api, customer } from './flows-support.ts';
import { providerControl } from './providers-gateway.ts';
import { E2E_WABA_PORT } from './ports.ts';
import { routesForBrand } from '../../src/routes/select.ts';
import type { Locale } from '../../src/i18n/locales.ts';
import { formatMinutes } from '../../src/shared/duration.ts';

const tEditor = (locale: Locale) => tOf(locale, 'flows', 'editor');
// A 1×1 PNG, made here rather than kept as a binary fixture.
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

async function ownerWithFlow(baseURL: string): Promise<{ tokens: Tokens; id: number }> {
  const tokens = await customer(baseURL, 'editor');
  const flow = await api(baseURL, 'POST', '/Flows', tokens.token, { title: 'Visit reminder', content: 'Hello', type: 'recordReminder' });
  return { tokens, id: flow.id };
}

test.beforeEach(async ({ brand }) => {
  test.skip(!routesForBrand(brand).some((r) => r.name === 'flowEdit'), 'no flow editor on this host');
});

test('edits, validates and saves a flow', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tEditor(locale);
  const { tokens, id } = await ownerWithFlow(baseURL!);
  await prepareStorage(context, { tokens, locale });

  // An unknown step opens the first one, and the address says so.
  await page.goto(`/flows/edit/${id}/nonsense`);
  await hydrated(page);
  await expect(page).toHaveURL(new RegExp(`/flows/edit/${id}/message$`));
  const box = page.getByRole('textbox', { name: t('content') });
  await expect(box).toHaveText('Hello');

  // Text, a variable chip at the caret, then markup; the preview shows the client's view with sample values.
  await box.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Hi ');
  await page.getByRole('button', { name: `+ ${t('var.clientName')}`, exact: true }).click();
  await page.keyboard.type(', see you *soon*');
  await expect(box.locator('[data-var="clientName"]')).toHaveText(t('var.clientName'));
  const preview = page.getByTestId('message-preview');
  await expect(preview).toHaveText(`Hi ${t('sample.clientName')}, see you soon`);
  await expect(preview.locator('b')).toHaveText('soon');

  // Paste keeps bold and variable spans only; scripts and event handlers never reach the page.
  await box.evaluate((el) => {
    const data = new DataTransfer();
    data.setData('text/html', ' <strong>now</strong> <script>window.pwned=1</script><img src=x onerror="window.pwned=1"><a href="javascript:alert(1)">x</a><span data-var="masterName">?</span>');
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(box.locator('[data-var="masterName"]')).toHaveText(t('var.masterName'));
  await expect(box.locator('img, script, a')).toHaveCount(0);
  await expect(preview.locator('b')).toHaveText(['soon', 'now']);
  expect(await page.evaluate(() => (window as any).pwned)).toBeUndefined();

  // The image: a wrong type is refused with the rule's text; a PNG uploads and shows.
  const file = page.getByLabel(t('image'), { exact: true });
  await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText(t('rule.imageFormat', { formats: 'PNG, JPG, JPEG' }))).toBeVisible();
  await file.setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: t('imageAlt', { name: 'dot.png' }) })).toBeVisible();
  await expectNoSeriousA11yViolations(page, `${brand.id} flow editor: message`);

  // Buttons: only the simple answer can be added.
  await page.getByRole('link', { name: new RegExp(t('step.buttons')) }).click();
  await expect(page).toHaveURL(new RegExp(`/flows/edit/${id}/buttons$`));
  await expect(page.getByRole('button', { name: `+ ${t('buttonType.url')}` })).toBeDisabled();
  await expect(page.getByRole('button', { name: `+ ${t('buttonType.call')}` })).toBeDisabled();
  await page.getByRole('button', { name: `+ ${t('buttonType.simpleAnswer')}` }).click();
  await expect(page.getByRole('button', { name: `+ ${t('buttonType.simpleAnswer')}` })).toBeDisabled();
  const buttonText = page.getByLabel(t('buttonText', { type: t('buttonType.simpleAnswer') }));
  await expect(buttonText).toHaveAccessibleDescription(t('rule.buttonTextRequired'));
  await buttonText.fill('Confirm');
  await expect(buttonText).toHaveAccessibleDescription('');

  // A §5 rule next to its field, before saving; Save lists it and writes nothing.
  await page.getByRole('link', { name: new RegExp(t('step.timing')) }).click();
  const from = page.getByRole('group', { name: t('sendingHours') }).getByLabel(t('from'));
  const to = page.getByRole('group', { name: t('sendingHours') }).getByLabel(t('to'));
  await from.fill('22');
  await to.fill('8');
  await expect(from).toHaveAccessibleDescription(t('rule.sendingHoursInvalid'));
  await page.getByRole('button', { name: t('save') }).click();
  await expect(page.getByRole('alert').filter({ hasText: t('fixErrors') })).toContainText(t('rule.sendingHoursInvalid'));
  expect((await api(baseURL!, 'GET', `/Flows/${id}`, tokens.token)).content).toBe('Hello');

  // Back and forward walk the steps.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/buttons$`));
  await expect(page.getByRole('heading', { level: 2, name: t('step.buttons') })).toBeVisible();
  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`/timing$`));
  await from.fill('10');
  await to.fill('20');
  await expect(from).toHaveAccessibleDescription('');
  // A delay kept in minutes also reads in human units under its field (issue 16: not a bare "43200").
  const delay = page.getByLabel(t('delayMinutes'));
  await delay.fill('43200');
  await expect(page.locator('label', { has: delay })).toContainText(formatMinutes(locale, 43_200));

  // Test numbers, then live mode behind a confirmation.
  await page.getByRole('link', { name: new RegExp(t('step.mode')) }).click();
  const phones = page.getByRole('textbox', { name: t('testPhones') });
  await phones.fill('+79161234567, 12');
  await expect(phones).toHaveAccessibleDescription(new RegExp(t('rule.testPhoneInvalid')));
  // A limit only the server checks (the contract's length of the field) comes back next to the field; nothing saved.
  await phones.fill(Array.from({ length: 80 }, (_, i) => `+7916123${String(i).padStart(4, '0')}`).join(', '));
  await page.getByRole('button', { name: t('save') }).click();
  await expect(phones).toHaveAccessibleDescription(new RegExp(t('serverRule.maxLength')));
  expect((await api(baseURL!, 'GET', `/Flows/${id}`, tokens.token)).content).toBe('Hello');
  await phones.fill('+79161234567, +79031234567');
  const live = page.getByRole('radio', { name: t('modeName.combat') });
  await live.click(); // stays unchecked until confirmed
  const dialog = page.getByRole('dialog', { name: t('combat.title') });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: t('combat.no') })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('radio', { name: t('modeName.test') })).toBeChecked();
  await live.click(); // stays unchecked until confirmed
  await dialog.getByRole('button', { name: t('combat.yes') }).click();
  await expect(live).toBeChecked();
  await expectNoSeriousA11yViolations(page, `${brand.id} flow editor: mode`);

  await page.getByRole('button', { name: t('save') }).click();
  await expect(page.getByText(t('saved'))).toBeVisible();

  const saved = await api(baseURL!, 'GET', `/Flows/${id}`, tokens.token);
  expect(saved).toMatchObject({
    content: 'Hi {clientName}, see you *soon* *now* x{masterName}',
    mode: 'combat',
    testPhones: '+79161234567, +79031234567',
    sendingHours: { from: 10, to: 20 },
    delayMinutes: 43_200,
    buttons: [{ type: 'simpleAnswer', text: 'Confirm', enabled: true }],
    image: { fileName: 'dot.png', sizeBytes: PNG.length },
  });

  // After a reload everything is still there.
  await page.reload();
  await hydrated(page);
  await expect(live).toBeChecked();
  await expect(phones).toHaveValue('+79161234567, +79031234567');
  await page.getByRole('link', { name: new RegExp(t('step.message')) }).click();
  await expect(box.locator('[data-var="clientName"]')).toHaveText(t('var.clientName'));
  await expect(preview.locator('b')).toHaveText(['soon', 'now']);
  await expect(page.getByRole('img', { name: t('imageAlt', { name: 'dot.png' }) })).toBeVisible();
});

test('filters step: masters and services from the booking model, statuses, categories, client category, change switches', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tEditor(locale);
  const { tokens, id } = await ownerWithFlow(baseURL!);
  await prepareStorage(context, { tokens, locale });

  // No masters or services yet: each list says so.
  await page.goto(`/flows/edit/${id}/filters`);
  await hydrated(page);
  await expect(page.getByText(t('pickEmpty.masters'))).toBeVisible();
  await expect(page.getByText(t('pickEmpty.services'))).toBeVisible();

  const master = await api(baseURL!, 'POST', '/Booking/Masters', tokens.token, { name: 'Anna Petrova' });
  const service = await api(baseURL!, 'POST', '/Booking/Services', tokens.token, { title: 'Haircut' });
  await api(baseURL!, 'POST', '/Booking/Services', tokens.token, { title: 'Colouring' });
  await page.reload();
  await hydrated(page);
  const masters = page.getByRole('group', { name: t('filter.masters') });
  const services = page.getByRole('group', { name: t('filter.services') });
  await expect(services.getByRole('checkbox')).toHaveCount(2);
  await masters.getByRole('checkbox', { name: 'Anna Petrova' }).check();
  // Keyboard: focus the checkbox and tick it with Space.
  await services.getByRole('checkbox', { name: 'Haircut' }).focus();
  await page.keyboard.press('Space');
  await expect(services.getByRole('checkbox', { name: 'Haircut' })).toBeChecked();
  // The §3 filters without a source id: visit statuses, client categories, category words; no delivery type on a booking flow.
  await page.getByRole('group', { name: t('filter.statuses') }).getByRole('checkbox', { name: t('recordStatus.confirmed') }).check();
  await page.getByRole('group', { name: t('filter.clientCategory') }).getByRole('checkbox', { name: t('clientCategory.regular') }).check();
  await expect(page.getByRole('group', { name: t('filter.types') })).toHaveCount(0);
  await page.getByRole('textbox', { name: t('filter.categories') }).fill('hair, colour,');
  const dateSwitch = page.getByRole('switch', { name: t('change.date') });
  await expect(dateSwitch).toBeChecked();
  await dateSwitch.uncheck();
  await expectNoSeriousA11yViolations(page, `${brand.id} flow editor: filters`);
  await page.getByRole('button', { name: t('save') }).click();
  await expect(page.getByText(t('saved'))).toBeVisible();

  const saved = await api(baseURL!, 'GET', `/Flows/${id}`, tokens.token);
  expect(saved.filters).toMatchObject({
    masters: [String(master.id)],
    services: [String(service.id)],
    statuses: ['confirmed'],
    clientCategory: ['regular'],
    categories: ['hair', 'colour'],
    types: [],
  });
  expect(saved.changeConsideration).toEqual({ date: false, time: true, master: true, services: true });

  await page.reload();
  await hydrated(page);
  await expect(masters.getByRole('checkbox', { name: 'Anna Petrova' })).toBeChecked();
  await expect(services.getByRole('checkbox', { name: 'Haircut' })).toBeChecked();
  await expect(services.getByRole('checkbox', { name: 'Colouring' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: t('recordStatus.confirmed') })).toBeChecked();
  await expect(page.getByRole('textbox', { name: t('filter.categories') })).toHaveValue('hair, colour');
  await expect(dateSwitch).not.toBeChecked();
});

test('sends through a WhatsApp Business account: an approved template and a value per variable, saved', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tEditor(locale);
  const { tokens, id } = await ownerWithFlow(baseURL!);
  const apiKey = `e2ewaba${Date.now()}${process.pid}`;
  await providerControl(E2E_WABA_PORT, 'account', { apiKey, templates: 'visit_reminder', body: 'Hello {{1}}, see you {{2}}' });
  const account = await api(baseURL!, 'POST', '/Accounts/Waba', tokens.token, { apiKey, name: 'Salon' });
  await prepareStorage(context, { tokens, locale });

  await page.goto(`/flows/edit/${id}/mode`);
  await hydrated(page);
  await page.getByRole('combobox', { name: t('sendFrom') }).selectOption(String(account.id));
  await expect(page.getByText(t('waba.hint'))).toBeVisible();
  const template = page.getByRole('combobox', { name: t('waba.template') });
  await template.selectOption('visit_reminder|ru');
  await expect(page.getByText('Hello {{1}}, see you {{2}}')).toBeVisible();
  await expect(page.getByText(t('waba.window'))).toBeVisible();
  await page.getByRole('combobox', { name: t('waba.variable', { n: 1 }) }).selectOption('clientName');
  // {{2}} left as an empty fixed text: the server names the mapping.
  await page.getByRole('button', { name: t('save'), exact: true }).click();
  await expect(page.locator('#err-wabaVariables')).toHaveText(t('serverRule.wabaVariablesMissing'));
  await page.getByRole('textbox', { name: t('waba.fixedText', { n: 2 }) }).fill('tomorrow');
  await expectNoSeriousA11yViolations(page, `${brand.id} flow editor WhatsApp Business template`);
  await page.getByRole('button', { name: t('save'), exact: true }).click();
  await expect(page.getByText(t('saved'))).toBeVisible();
  expect(await api(baseURL!, 'GET', `/Flows/${id}`, tokens.token)).toMatchObject({
    connectionId: account.id,
    wabaTemplate: { name: 'visit_reminder', language: 'ru' },
    wabaVariables: [{ variable: 'clientName' }, { text: 'tomorrow' }],
  });

  await page.reload();
  await hydrated(page);
  await expect(template).toHaveValue('visit_reminder|ru');
  await expect(page.getByRole('textbox', { name: t('waba.fixedText', { n: 2 }) })).toHaveValue('tomorrow');
});

test("another user's flow shows the not-found notice", async ({ page, context, brand, baseURL }) => {
  const t = tEditor(brand.locale.default);
  const { id } = await ownerWithFlow(baseURL!);
  const other = await ownerWithFlow(baseURL!);
  await prepareStorage(context, { tokens: other.tokens, locale: brand.locale.default });
  await page.goto(`/flows/edit/${id}`);
  await expect(page.getByRole('alert')).toContainText(t('notFound'));
});
