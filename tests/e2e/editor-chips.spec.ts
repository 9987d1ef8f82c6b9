// The message editor around variable chips (issue 16 point 4): every character typed next to a chip is kept, an
// inserted chip reaches the preview, and what is saved (and shown after a reload) is what the preview showed.
import type { BrowserContext, Locator, Page } from '@playwright/test';
import type { Brand } from '../../src/brand/schema.ts';
import { expect, expectOnScreen, hydrated, prepareStorage, test, tOf } from './support.ts';
import { api, customer } from './flows-support.ts';
import { routesForBrand } from '../../src/routes/select.ts';
import type { Locale } from '../../src/i18n/locales.ts';

const tEditor = (locale: Locale) => tOf(locale, 'flows', 'editor');

test.beforeEach(async ({ brand }) => {
  test.skip(!routesForBrand(brand).some((r) => r.name === 'flowEdit'), 'no flow editor on this host');
});

type Fixtures = { page: Page; context: BrowserContext; brand: Brand; baseURL?: string };

/** A click in the empty part of the text box, below and right of the text: where a person clicks to go on writing
 * at the end (Chrome put the caret inside a chip that ends the text). */
async function clickAtEnd(page: Page, box: Locator) {
  const b = (await box.boundingBox())!;
  await page.mouse.click(b.x + b.width - 8, b.y + b.height - 8);
}

/**
 * An owner's flow with this text, opened in the editor: its texts, the text box, the preview, a chip button, and
 * `saved(content)`: saves, checks the stored text, reloads and checks the preview is what it was before saving.
 */
async function editorWith({ page, context, brand, baseURL }: Fixtures, content: string) {
  const locale = brand.locale.default;
  const t = tEditor(locale);
  const tokens = await customer(baseURL!, 'chips');
  const flow = await api(baseURL!, 'POST', '/Flows', tokens.token, { title: 'Chips', content, type: 'recordReminder' });
  await prepareStorage(context, { tokens, locale });
  await page.goto(`/flows/edit/${flow.id}/message`);
  await hydrated(page);
  const preview = page.getByTestId('message-preview');
  const saved = async (stored: string) => {
    const before = await preview.innerText();
    await page.getByRole('button', { name: t('save') }).click();
    await expectOnScreen(page.locator('[data-toast="success"]').filter({ hasText: t('saved') }));
    expect((await api(baseURL!, 'GET', `/Flows/${flow.id}`, tokens.token)).content).toBe(stored);
    await page.reload();
    await hydrated(page);
    await expect(preview).toHaveText(before);
  };
  const chipButton = (name: string) => page.getByRole('button', { name: `+ ${t(`var.${name}`)}`, exact: true });
  return { t, box: page.getByRole('textbox', { name: t('content') }), preview, saved, chipButton };
}

test('typing after a chip at the end keeps every character', async ({ page, context, brand, baseURL }) => {
  const { t, box, preview, saved } = await editorWith({ page, context, brand, baseURL }, 'Hello {clientName}');
  const chip = box.locator('[data-var="clientName"]');
  await expect(chip).toHaveText(t('var.clientName'));
  await clickAtEnd(page, box);
  await page.keyboard.type(', see you');
  await expect(chip).toHaveText(t('var.clientName')); // nothing went into the chip
  await expect(preview).toHaveText(`Hello ${t('sample.clientName')}, see you`);
  await saved('Hello {clientName}, see you');
});

test('a click on a chip puts the caret after it: typing and a new chip land there', async ({ page, context, brand, baseURL }) => {
  const { t, box, preview, saved, chipButton } = await editorWith({ page, context, brand, baseURL }, 'Hi {clientName}');
  await box.locator('[data-var="clientName"]').click();
  await page.keyboard.type('!');
  await chipButton('masterName').click();
  await page.keyboard.type(' ok');
  await expect(preview).toHaveText(`Hi ${t('sample.clientName')}!${t('sample.masterName')} ok`);
  await expect(box.locator('[data-var]')).toHaveText([t('var.clientName'), t('var.masterName')]);
  await saved('Hi {clientName}!{masterName} ok');
});

test('a chip inserted after a chip at the end shows in the preview and is saved', async ({ page, context, brand, baseURL }) => {
  const { t, box, preview, saved, chipButton } = await editorWith({ page, context, brand, baseURL }, 'Dear {clientName}');
  await clickAtEnd(page, box);
  await chipButton('recordDate').click();
  await expect(preview).toHaveText(`Dear ${t('sample.clientName')}${t('sample.recordDate')}`);
  // Typing right after the inserted chip continues the text.
  await page.keyboard.type(' at noon');
  await expect(preview).toHaveText(`Dear ${t('sample.clientName')}${t('sample.recordDate')} at noon`);
  await saved('Dear {clientName}{recordDate} at noon');
});

test('Backspace after a chip removes it whole; typing goes on after the text before it', async ({ page, context, brand, baseURL }) => {
  const { box, preview, saved } = await editorWith({ page, context, brand, baseURL }, 'See {masterName}');
  await clickAtEnd(page, box);
  await page.keyboard.press('Backspace');
  await expect(box.locator('[data-var]')).toHaveCount(0);
  await page.keyboard.type('you');
  await expect(preview).toHaveText('See you');
  await saved('See you');
});
