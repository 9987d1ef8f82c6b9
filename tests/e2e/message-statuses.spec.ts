// Statuses after the send in the message log: a booking's notice goes out through the sandbox channel, and the
// owner plays the recipient's side from the log (delivered → read → replied) with the keyboard; each step shows its
// status and time, survives a reload and is what the API reports.
import { routesForBrand } from '../../src/routes/select.ts';
import { type Messages } from '../../src/i18n/translate.ts';
import type { Locale } from '../../src/i18n/locales.ts';
import { api, customer } from './flows-support.ts';
import { expect, expectNoSeriousA11yViolations, hydrated, prepareStorage, test, tOf } from './support.ts';

const tInsights = (locale: Locale) => tOf(locale, 'delivery');
const DAY = 86_400;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test.beforeEach(async ({ brand }) => {
  test.skip(!routesForBrand(brand).some((r) => r.name === 'messageLogs'), 'no message logs on this host');
});

test('the owner marks a sandbox message delivered, read and replied from the log', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tInsights(locale);
  const tokens = await customer(baseURL!, 'statuses');

  // A running new-record notice in combat mode, then a booking through the demo booking system.
  const welcome = await api(baseURL!, 'POST', '/Flows', tokens.token, { title: 'Welcome notice', content: 'Thanks for booking', type: 'newRecord', sendingHours: { from: 0, to: 24 } });
  await api(baseURL!, 'PATCH', `/Flows/${welcome.id}`, tokens.token, { mode: 'combat' });
  await api(baseURL!, 'POST', `/Flows/${welcome.id}/Resume`, tokens.token);
  await api(baseURL!, 'POST', '/Booking/Records', tokens.token, { phone: '+79031115566', name: 'Boris', startUnixTime: Math.floor(Date.now() / 1000) + 2 * DAY });

  await prepareStorage(context, { tokens, locale });
  await page.goto('/insights/message-logs/');
  await hydrated(page);
  const row = page.locator('tbody tr').filter({ hasText: 'Welcome notice' });
  // The engine dispatches every second: refresh until the log shows the notice sent.
  await expect(async () => {
    await page.getByRole('button', { name: t('logs.refresh') }).click();
    await expect(row.locator('[data-status]')).toHaveText(t('logs.status.sent'), { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(row.locator('[data-channel]')).toHaveText(t('logs.channelShort.sandbox'));
  await expect(row.locator('[data-channel]')).toHaveAttribute('title', t('logs.channel.sandbox'));
  const actions = row.getByRole('group', { name: t('logs.sandbox.group') });
  await expect(actions.getByRole('button')).toHaveText([t('logs.sandbox.mark.delivered'), t('logs.sandbox.mark.read'), t('logs.sandbox.mark.replied')]);
  await expect(row.locator('[data-time]')).toHaveCount(0);

  // Keyboard only: Enter on "Mark delivered"; the focus moves on to the next step each time.
  await actions.getByRole('button', { name: t('logs.sandbox.mark.delivered') }).focus();
  await page.keyboard.press('Enter');
  await expect(row.locator('[data-status]')).toHaveText(t('logs.status.delivered'));
  await expect(row.locator('[data-time="delivered"]')).toHaveText(new RegExp(`^${escape(t('logs.time.delivered', { time: '' }).trim())}.*\\d`));
  await expect(page.getByText(t('logs.sandbox.done', { status: t('logs.status.delivered') }))).toBeVisible();
  await expect(actions.getByRole('button')).toHaveText([t('logs.sandbox.mark.read'), t('logs.sandbox.mark.replied')]);
  await expect(actions.getByRole('button', { name: t('logs.sandbox.mark.read') })).toBeFocused();
  await expectNoSeriousA11yViolations(page, `${brand.id} /insights/message-logs/ sandbox controls`);

  await page.keyboard.press('Enter');
  await expect(row.locator('[data-status]')).toHaveText(t('logs.status.read'));
  await expect(row.locator('[data-time="read"]')).toHaveText(new RegExp(`^${escape(t('logs.time.read', { time: '' }).trim())}.*\\d`));
  await expect(actions.getByRole('button', { name: t('logs.sandbox.mark.replied') })).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(row.locator('[data-status]')).toHaveText(t('logs.status.replied'));
  await expect(row.locator('[data-time="replied"]')).toHaveText(new RegExp(`^${escape(t('logs.time.replied', { time: '' }).trim())}.*\\d`));
  // Nothing is left to play: the controls are gone and the focus stays in the row, on its status.
  await expect(row.getByRole('group', { name: t('logs.sandbox.group') })).toHaveCount(0);
  await expect(row.locator('[data-status]')).toBeFocused();
  await expect(row.locator('[data-time]')).toHaveCount(3);

  // The server holds the same: after a reload, and through the API.
  await page.reload();
  await hydrated(page);
  await expect(row.locator('[data-status]')).toHaveText(t('logs.status.replied'));
  await expect(row.locator('[data-time]')).toHaveCount(3);
  const list = await api(baseURL!, 'GET', `/Messages?flowId=${welcome.id}`, tokens.token);
  expect(list.messages[0]).toMatchObject({ status: 'replied', channel: 'sandbox' });
  for (const f of ['deliveredUnixTime', 'readUnixTime', 'repliedUnixTime']) expect(list.messages[0][f]).toBeGreaterThan(0);
  await expectNoSeriousA11yViolations(page, `${brand.id} /insights/message-logs/ replied`);
});
