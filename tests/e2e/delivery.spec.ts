// The delivery screens (issue 7): the message log with its filters kept in the URL, and a flow's conversion by
// window. A fresh customer runs two flows, books through the demo booking system and the sandbox channel sends.
import { routesForBrand } from '../../src/routes/select.ts';
import { type Messages } from '../../src/i18n/translate.ts';
import type { Locale } from '../../src/i18n/locales.ts';
import { formatDays } from '../../src/shared/duration.ts';
import { api, customer } from './flows-support.ts';
import { expect, expectNoSeriousA11yViolations, hydrated, prepareStorage, tRoutes, test, tOf, tUi } from './support.ts';

const tInsights = (locale: Locale) => tOf(locale, 'delivery');
const DAY = 86_400;

test.beforeEach(async ({ brand }) => {
  test.skip(!routesForBrand(brand).some((r) => r.name === 'messageLogs'), 'no message logs on this host');
});

/** Waits until the flow's messages reach the status (the e2e server dispatches every second). */
async function until(baseURL: string, token: string, flowId: number, status: string, count: number) {
  for (let i = 0; i < 100; i++) {
    const list = await api(baseURL, 'GET', `/Messages?flowId=${flowId}&status=${status}`, token);
    if (list.total >= count) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`flow ${flowId}: fewer than ${count} messages ${status}`);
}

test('the message log lists, filters and pages by URL; conversion switches windows', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tInsights(locale);
  const tokens = await customer(baseURL!, 'insights');
  await prepareStorage(context, { tokens, locale });

  // Nothing has been sent yet: the empty state.
  await page.goto('/insights/message-logs/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tRoutes(locale)('messageLogs'));
  await expect(page.getByText(t('logs.empty'))).toBeVisible();

  // Two running flows: a new-record notice at any hour, and visit reminders (24/2/1 h before).
  const welcome = await api(baseURL!, 'POST', '/Flows', tokens.token, { title: 'Welcome notice', content: 'Thanks for booking', type: 'newRecord', sendingHours: { from: 0, to: 24 } });
  const reminder = await api(baseURL!, 'POST', '/Flows', tokens.token, { title: 'Visit reminder', content: 'See you soon', type: 'recordReminder', sendingHours: { from: 0, to: 24 } });
  // The notice runs in combat (to the client: only such sends count for conversion); reminders stay in test mode.
  await api(baseURL!, 'PATCH', `/Flows/${welcome.id}`, tokens.token, { mode: 'combat' });
  for (const f of [welcome, reminder]) await api(baseURL!, 'POST', `/Flows/${f.id}/Resume`, tokens.token);

  // A booking: the notice goes out at once to the client, three reminders wait.
  const start = Math.floor(Date.now() / 1000) + 3 * DAY;
  const first = await api(baseURL!, 'POST', '/Booking/Records', tokens.token, { phone: '+79031112233', name: 'Anna', startUnixTime: start });
  await until(baseURL!, tokens.token, welcome.id, 'sent', 1);
  // Cancelled: the reminders are withdrawn. Booked again after the notice: the client converts.
  await api(baseURL!, 'POST', `/Booking/Records/${first.id}/Cancel`, tokens.token);
  await api(baseURL!, 'POST', '/Booking/Records', tokens.token, { phone: '+79031112233', name: 'Anna', startUnixTime: start + DAY });
  await until(baseURL!, tokens.token, welcome.id, 'sent', 2);

  await page.reload();
  await hydrated(page);
  const rows = page.locator('tbody tr');
  await expect(page.getByText(t('logs.found', { count: 8 }))).toBeVisible();
  await expect(rows).toHaveCount(8);
  const sent = rows.filter({ hasText: 'Welcome notice' }).first();
  await expect(sent).toContainText(t('logs.status.sent'));
  await expect(sent).toContainText('+79031112233');
  await expect(sent).not.toContainText(t('logs.sentTo', { phone: '+79161234567' }));
  // A short channel name in the cell, its explanation as the tooltip and once above the table.
  await expect(sent.locator('[data-channel]')).toHaveText(t('logs.channelShort.sandbox'));
  await expect(sent.locator('[data-channel]')).toHaveAttribute('title', t('logs.channel.sandbox'));
  await expect(page.getByText(t('logs.legendSandbox'))).toBeVisible();
  // The reminders still queued have no text yet (made at sending), and the row says so.
  await expect(rows.filter({ hasText: 'Visit reminder' }).filter({ hasText: t('logs.status.queued') }).first()).toContainText(t('logs.textAtSending'));
  await expect(sent.getByRole('link', { name: 'Welcome notice' })).toHaveAttribute('href', new RegExp(`/flows/edit/${welcome.id}$`));
  await expectNoSeriousA11yViolations(page, `${brand.id} /insights/message-logs/`);

  // Filter by status: the cancelled reminders with their reason; the filter is in the URL and survives a reload.
  await page.getByLabel(t('logs.filter.status')).selectOption('cancelled');
  await expect(rows).toHaveCount(3);
  for (const row of await rows.all()) await expect(row).toContainText(t('logs.reason.recordCancelled'));
  await expect(page).toHaveURL(/status=cancelled/);
  await page.reload();
  await hydrated(page);
  await expect(page.getByLabel(t('logs.filter.status'))).toHaveValue('cancelled');
  await expect(rows).toHaveCount(3);
  await page.getByLabel(t('logs.filter.status')).selectOption('failed');
  await expect(page.getByText(t('logs.emptyFiltered'))).toBeVisible();
  await page.getByLabel(t('logs.filter.status')).selectOption('');
  await page.getByLabel(t('logs.filter.flow')).selectOption(String(welcome.id));
  await expect(rows).toHaveCount(2);
  await expect(page).toHaveURL(new RegExp(`flowId=${welcome.id}`));
  await page.getByLabel(t('logs.filter.channel')).selectOption('telegram');
  await expect(page.getByText(t('logs.emptyFiltered'))).toBeVisible();

  // Four more clients book: 24 messages, two pages of 20; the page number is in the URL as well.
  for (let i = 0; i < 4; i++) await api(baseURL!, 'POST', '/Booking/Records', tokens.token, { phone: `+7903111224${i}`, startUnixTime: start });
  await until(baseURL!, tokens.token, welcome.id, 'sent', 6);
  await page.goto('/insights/message-logs/');
  await hydrated(page);
  await expect(rows).toHaveCount(20);
  const pages = page.getByRole('navigation', { name: tUi(locale)('pages') });
  await expect(pages).toContainText(tUi(locale)('pageOf', { page: 1, pages: 2 }));
  await pages.getByRole('button', { name: tUi(locale)('next') }).click();
  await expect(rows).toHaveCount(4);
  await expect(page).toHaveURL(/page=2/);

  // Conversion, opened as the flows list links it: five clients messaged, one booked again within the window.
  await page.goto(`/insights/conversion?flowId=${welcome.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tRoutes(locale)('insightsConversion'));
  await hydrated(page);
  await expect(page.getByRole('heading', { name: t('conversion.result', { period: formatDays(locale, 7) }) })).toBeVisible();
  await expect(page.getByTestId('messaged')).toHaveText('5');
  await expect(page.getByTestId('converted')).toHaveText('1');
  await expect(page.getByTestId('share')).toHaveText(new Intl.NumberFormat(locale, { style: 'percent' }).format(0.2));
  // The radios are visually hidden inside their labels: pick a window the way a pointer does.
  await page.locator('label', { has: page.getByRole('radio', { name: formatDays(locale, 30) }) }).click();
  await expect(page.getByRole('radio', { name: formatDays(locale, 30) })).toBeChecked();
  await expect(page.getByRole('heading', { name: t('conversion.result', { period: formatDays(locale, 30) }) })).toBeVisible();
  await expect(page).toHaveURL(/days=30/);
  await expect(page.getByTestId('converted')).toHaveText('1');
  await page.getByText(t('conversion.howTitle')).click();
  await expect(page.getByText(t('conversion.how'))).toBeVisible();
  await expectNoSeriousA11yViolations(page, `${brand.id} /insights/conversion`);

  // The reminder flow never sent anything: nobody messaged, zero share.
  await page.getByLabel(t('conversion.flow')).selectOption(String(reminder.id));
  await expect(page.getByText(t('conversion.nobody'))).toBeVisible();
  await expect(page.getByTestId('messaged')).toHaveText('0');
  await expect(page).toHaveURL(new RegExp(`flowId=${reminder.id}&days=30`));
});

test('conversion of another owner\'s flow reveals nothing', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tInsights(locale);
  const owner = await customer(baseURL!, 'insights-owner');
  const flow = await api(baseURL!, 'POST', '/Flows', owner.token, { title: 'Private flow', content: 'Hi', type: 'newRecord' });
  await prepareStorage(context, { tokens: await customer(baseURL!, 'insights-other'), locale });
  await page.goto(`/insights/conversion?flowId=${flow.id}`);
  await hydrated(page);
  await expect(page.getByText(t('conversion.missing'))).toBeVisible();
  await expect(page.getByText('Private flow')).toHaveCount(0);
});
