// Sending settings (issue 17, docs/connections.md "Screens"): the owner's fallback order on /accounts/whats-app, saved
// and shown after a reload; a Connected number's warm-up and today's cap, and a paused number's alert with Resume;
// the flow editor's "Send from" (`connectionId`), with no numbers (only the default) and with one, saved.
// The e2e server delivers through the sandbox, which never sends through a number, so the engine cannot pause one
// here: the paused test takes the real server's sending state and marks it paused in the browser's copy only, then
// Resume goes to the real server (a number not paused answers its state unchanged). The pause itself and Resume's
// effect are the API tests' (tests/api/connections/sending-limits.test.ts).
import type { Page } from '@playwright/test';
import { api, customer } from './flows-support.ts';
import { expect, expectNoSeriousA11yViolations, hydrated, prepareStorage, tOf, test, type Tokens } from './support.ts';
import { wahaControl } from './waha-gateway.ts';

const PATH = '/accounts/whats-app';
const fallbackForm = (page: Page) => page.locator('form[data-fallback-order]');
const kinds = (page: Page) => fallbackForm(page).locator('li[data-kind]');

/** A number added through the API and scanned on the gateway double: Connected. */
async function connectedNumber(baseURL: string, tokens: Tokens, name: string): Promise<number> {
  const number = await api(baseURL, 'POST', '/Accounts/WhatsApp', tokens.token, { name });
  await wahaControl('scan', `c${number.id}`);
  await expect.poll(async () => (await api(baseURL, 'GET', `/Accounts/WhatsApp/${number.id}`, tokens.token)).state).toBe('Connected');
  return number.id;
}

test('the fallback order is changed with the keyboard, saved and shown after a reload', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tOf(locale, 'connections');
  const tokens = await customer(baseURL!, 'fallback');
  await prepareStorage(context, { tokens, locale });
  await page.goto(PATH);
  await hydrated(page);

  const form = fallbackForm(page);
  await expect(form.getByRole('heading', { name: t('sending.order.title') })).toBeVisible();
  await expect(form.locator('[data-order-summary]')).toHaveText(t('sending.order.only', { first: 'WhatsApp' }));
  await expect(form.getByText(t('sending.order.smsNote'))).toBeVisible();
  // The only kind cannot be removed: the order holds 1 to 3 kinds.
  await expect(form.getByRole('button', { name: t('sending.order.remove', { kind: 'WhatsApp' }) })).toBeDisabled();

  await form.getByRole('button', { name: t('sending.order.add', { kind: 'Telegram' }) }).click();
  await form.getByRole('button', { name: t('sending.order.add', { kind: 'SMS' }) }).click();
  await expect(kinds(page)).toHaveText([/WhatsApp/, /Telegram/, /SMS/]);

  // Keyboard: the focus follows the moved kind, so Enter twice lifts SMS to the top.
  const up = form.getByRole('button', { name: t('sending.order.up', { kind: 'SMS' }) });
  await up.focus();
  await page.keyboard.press('Enter');
  await expect(up).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(form.getByRole('button', { name: t('sending.order.down', { kind: 'SMS' }) })).toBeFocused();
  await expect(kinds(page)).toHaveText([/SMS/, /WhatsApp/, /Telegram/]);
  await form.getByRole('button', { name: t('sending.order.remove', { kind: 'Telegram' }) }).click();
  await expect(form.getByRole('button', { name: t('sending.order.add', { kind: 'Telegram' }) })).toBeFocused();
  await expect(kinds(page)).toHaveText([/SMS/, /WhatsApp/]);
  await expectNoSeriousA11yViolations(page, `${brand.id} ${PATH} fallback order`);

  await form.getByRole('button', { name: t('sending.order.save') }).click();
  await expect(page.getByText(t('sending.order.saved'))).toBeVisible();
  expect((await api(baseURL!, 'GET', '/Accounts/Sending', tokens.token)).fallbackOrder).toEqual(['sms', 'whatsapp']);

  await page.reload();
  await hydrated(page);
  await expect(kinds(page)).toHaveText([/SMS/, /WhatsApp/]);
  await expect(form.locator('[data-order-summary]')).toHaveText(t('sending.order.summary', { first: 'SMS', rest: 'WhatsApp' }));
});

test("a Connected number shows its warm-up and today's cap; paused, its reason and Resume", async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tOf(locale, 'connections');
  const tokens = await customer(baseURL!, 'sending');
  const id = await connectedNumber(baseURL!, tokens, 'Front desk');
  const real = await api(baseURL!, 'GET', `/Accounts/WhatsApp/${id}/Sending`, tokens.token);
  expect(real).toMatchObject({ paused: false, warmupDay: null, sentToday: 0 });

  await prepareStorage(context, { tokens, locale });
  await page.goto(PATH);
  await hydrated(page);
  const row = page.locator(`tbody tr[data-number-id="${id}"]`);
  await expect(row.locator('[data-sending="active"]')).toHaveText(t('sending.notStarted', { cap: real.dailyCap, sent: 0 }));

  // The browser's copy of the state says paused (see the note at the top); Resume asks the real server.
  const detail = 'Account is temporarily blocked';
  await page.route(`**/api/v1/Accounts/WhatsApp/${id}/Sending`, async (route) => {
    // Read from the server directly: the brand's host name resolves only inside the browser.
    const state = await api(baseURL!, 'GET', `/Accounts/WhatsApp/${id}/Sending`, tokens.token);
    await route.fulfill({ json: { ...state, paused: true, pauseReason: 'blocked', pauseDetail: detail, pausedUnixTime: Math.floor(Date.now() / 1000) } });
  });
  await page.reload();
  await hydrated(page);
  const alert = row.getByRole('alert');
  await expect(alert).toContainText(t('sending.paused.title'));
  await expect(alert).toContainText(t('sending.paused.blocked', { detail }));
  await expect(alert).toContainText(t('sending.paused.waiting'));
  await expectNoSeriousA11yViolations(page, `${brand.id} ${PATH} paused number`);

  await alert.getByRole('button', { name: t('sending.resumeLabel', { name: 'Front desk' }) }).click();
  await expect(page.getByText(t('sending.resumed', { name: 'Front desk' }))).toBeVisible();
  await expect(row.getByRole('alert')).toHaveCount(0);
  await expect(row.locator('[data-sending="active"]')).toHaveText(t('sending.notStarted', { cap: real.dailyCap, sent: 0 }));
});

test('the flow editor sends from the default or a chosen number, saved with the flow', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tOf(locale, 'flows', 'editor');
  const tokens = await customer(baseURL!, 'sendfrom');
  const flow = await api(baseURL!, 'POST', '/Flows', tokens.token, { title: 'Visit reminder', content: 'Hello', type: 'recordReminder' });
  await prepareStorage(context, { tokens, locale });

  // No numbers yet: only the default.
  await page.goto(`/flows/edit/${flow.id}/mode`);
  await hydrated(page);
  const select = page.getByRole('combobox', { name: t('sendFrom') });
  await expect(select.locator('option')).toHaveText([t('sendFromDefault')]);
  await expect(page.getByText(t('sendFromHint'))).toBeVisible();
  await expectNoSeriousA11yViolations(page, `${brand.id} flow editor send from`);

  const id = await connectedNumber(baseURL!, tokens, 'Salon');
  await page.reload();
  await hydrated(page);
  await expect(select.locator('option')).toHaveText([t('sendFromDefault'), 'Salon +79990001122']);
  await select.selectOption(String(id));
  await page.getByRole('button', { name: t('save'), exact: true }).click();
  await expect(page.getByText(t('saved'))).toBeVisible();
  expect((await api(baseURL!, 'GET', `/Flows/${flow.id}`, tokens.token)).connectionId).toBe(id);

  await page.reload();
  await hydrated(page);
  await expect(select).toHaveValue(String(id));
  // The number is deleted elsewhere while the editor still offers it: the server's 400 shows at the select.
  await api(baseURL!, 'DELETE', `/Accounts/WhatsApp/${id}`, tokens.token);
  await page.getByRole('button', { name: t('save'), exact: true }).click();
  await expect(page.locator('#err-connectionId')).toHaveText(t('serverRule.connectionNotFound'));
  await expect(select).toHaveAttribute('aria-invalid', 'true');
  // Back to the default: saved as null.
  await select.selectOption('');
  await page.getByRole('button', { name: t('save'), exact: true }).click();
  await expect(page.getByText(t('saved'))).toBeVisible();
  expect((await api(baseURL!, 'GET', `/Flows/${flow.id}`, tokens.token)).connectionId).toBeNull();
});
