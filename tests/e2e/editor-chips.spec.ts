// The message editor around variable chips (issue 16 point 4): every character typed next to a chip is kept, an
// inserted chip reaches the preview, and what is saved (and shown after a reload) is what the preview showed.
import type { Locator, Page } from '@playwright/test';
import { expect, expectOnScreen, hydrated, prepareStorage, test, tOf } from './support.ts';
import { api, customer } from './flows-support.ts';
import { routesForBrand } from '../../src/routes/select.ts';
import type { Locale } from '../../src/i18n/locales.ts';

const tEditor = (locale: Locale) => tOf(locale, 'flows', 'editor');

test.beforeEach(async ({ brand }) => {
  test.skip(!routesForBrand(brand).some((r) => r.name === 'flowEdit'), 'no flow editor on this host');
});

/** An owner's flow whose text ends with a chip, opened in the editor. */
async function openFlow(page: Page, context: import('@playwright/test').BrowserContext, baseURL: string, locale: Locale, content: string) {
  const tokens = await customer(baseURL, 'chips');
  const flow = await api(baseURL, 'POST', '/Flows', tokens.token, { title: 'Chips', content, type: 'recordReminder' });
  await prepareStorage(context, { tokens, locale });
  await page.goto(`/flows/edit/${flow.id}/message`);
  await hydrated(page);
  return { tokens, id: flow.id as number };
}

/** A click in the empty part of the text box, below and right of the text: where a person clicks to go on writing
 * at the end (Chrome put the caret inside a chip that ends the text). */
async function clickAtEnd(page: Page, box: Locator) {
  const b = (await box.boundingBox())!;
  await page.mouse.click(b.x + b.width - 8, b.y + b.height - 8);
}

/** Saves, checks the stored text, reloads, and checks the preview is the same as before saving. */
async function saveAndReload(page: Page, baseURL: string, token: string, id: number, t: ReturnType<typeof tEditor>, content: string) {
  const preview = page.getByTestId('message-preview');
  const before = await preview.innerText();
  await page.getByRole('button', { name: t('save') }).click();
  await expectOnScreen(page.locator('[data-toast="success"]').filter({ hasText: t('saved') }));
  expect((await api(baseURL, 'GET', `/Flows/${id}`, token)).content).toBe(content);
  await page.reload();
  await hydrated(page);
  await expect(preview).toHaveText(before);
}

test('typing after a chip at the end keeps every character', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tEditor(locale);
  const { tokens, id } = await openFlow(page, context, baseURL!, locale, 'Hello {clientName}');
  const box = page.getByRole('textbox', { name: t('content') });
  const chip = box.locator('[data-var="clientName"]');
  await expect(chip).toHaveText(t('var.clientName'));

  await clickAtEnd(page, box);
  await page.keyboard.type(', see you');
  await expect(chip).toHaveText(t('var.clientName')); // nothing went into the chip
  const preview = page.getByTestId('message-preview');
  await expect(preview).toHaveText(`Hello ${t('sample.clientName')}, see you`);
  await saveAndReload(page, baseURL!, tokens.token, id, t, 'Hello {clientName}, see you');
});

test('a click on a chip puts the caret after it: typing and a new chip land there', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tEditor(locale);
  const { tokens, id } = await openFlow(page, context, baseURL!, locale, 'Hi {clientName}');
  const box = page.getByRole('textbox', { name: t('content') });
  await box.locator('[data-var="clientName"]').click();
  await page.keyboard.type('!');
  await page.getByRole('button', { name: `+ ${t('var.masterName')}`, exact: true }).click();
  await page.keyboard.type(' ok');
  const preview = page.getByTestId('message-preview');
  await expect(preview).toHaveText(`Hi ${t('sample.clientName')}!${t('sample.masterName')} ok`);
  await expect(box.locator('[data-var]')).toHaveText([t('var.clientName'), t('var.masterName')]);
  await saveAndReload(page, baseURL!, tokens.token, id, t, 'Hi {clientName}!{masterName} ok');
});

test('a chip inserted after a chip at the end shows in the preview and is saved', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tEditor(locale);
  const { tokens, id } = await openFlow(page, context, baseURL!, locale, 'Dear {clientName}');
  const box = page.getByRole('textbox', { name: t('content') });
  await clickAtEnd(page, box);
  await page.getByRole('button', { name: `+ ${t('var.recordDate')}`, exact: true }).click();
  const preview = page.getByTestId('message-preview');
  await expect(preview).toHaveText(`Dear ${t('sample.clientName')}${t('sample.recordDate')}`);
  // Typing right after the inserted chip continues the text.
  await page.keyboard.type(' at noon');
  await expect(preview).toHaveText(`Dear ${t('sample.clientName')}${t('sample.recordDate')} at noon`);
  await saveAndReload(page, baseURL!, tokens.token, id, t, 'Dear {clientName}{recordDate} at noon');
});

test('Backspace after a chip removes it whole; typing goes on after the text before it', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tEditor(locale);
  const { tokens, id } = await openFlow(page, context, baseURL!, locale, 'See {masterName}');
  const box = page.getByRole('textbox', { name: t('content') });
  await clickAtEnd(page, box);
  await page.keyboard.press('Backspace');
  await expect(box.locator('[data-var]')).toHaveCount(0);
  await page.keyboard.type('you');
  await expect(page.getByTestId('message-preview')).toHaveText('See you');
  await saveAndReload(page, baseURL!, tokens.token, id, t, 'See you');
});
