// The header bell: the service notifications staff publish (GET /News), the owner's WhatsApp warning (GET
// /Accounts/Sending, docs/connections.md "Screens") and the pay warnings (GET /PayInfos, docs/shell.md).
import type { BrowserContext, Page } from '@playwright/test';
import { isEnabled } from '../../src/brand/flags.ts';
import { loadBrand } from '../../src/brand/load.ts';
import type { Locale } from '../../src/i18n/locales.ts';
import { api, customer, endTrial } from './flows-support.ts';
import { adminTokens, demoTokens, expect, expectNoSeriousA11yViolations, prepareStorage, tShell, tUi, test, uniqueEmail, type Tokens } from './support.ts';
import { wahaControl } from './waha-gateway.ts';

test('a service notification published by staff appears in the bell, counted until opened', async ({ page, context, brand, baseURL }) => {
  test.skip(brand.id !== 'main-ru', 'one host is enough: the bell is the same component everywhere');
  const staff = await adminTokens(baseURL!);
  const title = `Maintenance ${Date.now()}`;
  const created = await fetch(`http://127.0.0.1:${new URL(baseURL!).port}/api/v1/Admin/News`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${staff.token}` },
    body: JSON.stringify({ title, text: 'WhatsApp sending pauses tonight from 02:00 to 02:30.', level: 'warning' }),
  });
  expect(created.status).toBeLessThan(300);
  const { id } = (await created.json()) as { id: number };

  await prepareStorage(context, { tokens: await demoTokens(baseURL!), locale: brand.locale.default });
  await page.goto('/account/profile');
  const t = tShell(brand.locale.default);
  const badge = page.locator('[data-bell-count]');
  await expect(badge).toBeVisible();
  await page.locator('[data-bell] > summary').click();
  const panel = page.getByRole('region', { name: t('header.notifications') });
  await expect(panel.getByText(title)).toBeVisible();
  await expect(badge).toBeHidden();
  // Other brands' tests publish news at the same time: after the reload the badge counts exactly the items of the
  // page's own answer that are newer than what was opened (ours is not among them), hidden when there are none.
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/News');
  await page.reload();
  const latest = (await (await answer).json()) as { id: number }[];
  await expect(page.locator('[data-bell-list]').getByText(title)).toBeAttached();
  const seen = Number(await page.evaluate(() => localStorage.getItem('newsSeenId')));
  expect(seen).toBeGreaterThanOrEqual(id);
  const newer = latest.filter((item) => item.id > seen).length;
  if (newer) await expect(badge).toHaveText(String(newer));
  else await expect(badge).toBeHidden();
});

test('the bell warns "WhatsApp disconnected" while an owner\'s number is not linked, linking to the numbers, and not once it is', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tShell(locale);
  const tokens = await customer(baseURL!, 'bell');
  // A number added through the API starts its session on the WAHA double and waits for the scan: not linked.
  const number = (await api(baseURL!, 'POST', '/Accounts/WhatsApp', tokens.token, { name: 'Reception' })) as { id: number };
  await prepareStorage(context, { tokens, locale });
  // News other specs publish would count too: this browser has seen them all, so the badge counts the warning alone.
  await context.addInitScript(() => localStorage.setItem('newsSeenId', String(Number.MAX_SAFE_INTEGER)));
  await page.goto('/account/profile');
  const badge = page.locator('[data-bell-count]');
  await expect(badge).toHaveText('1');
  await page.locator('[data-bell] > summary').click();
  const panel = page.getByRole('region', { name: t('header.notifications') });
  const warning = panel.getByRole('link', { name: t('bell.disconnected') });
  await expect(warning).toBeVisible();
  await expect(panel.getByText(t('bell.disconnectedText'))).toBeVisible();
  await expect(panel.getByText(t('bell.paused'))).toBeHidden();
  await expect(panel.getByText(t('header.noNotifications'))).toBeHidden();
  await expectNoSeriousA11yViolations(page, `${brand.id} bell with the WhatsApp warning`);
  // A warning is a state, not news: opening the bell does not clear it.
  await expect(badge).toHaveText('1');
  await warning.click();
  await expect(page).toHaveURL(/\/accounts\/whats-app\/?$/);

  // The phone scans: Connected (the gateway's webhook), and the next page's bell has nothing to say.
  await wahaControl('scan', `c${number.id}`);
  await expect.poll(async () => ((await api(baseURL!, 'GET', `/Accounts/WhatsApp/${number.id}`, tokens.token)) as { state: string }).state, { timeout: 15_000 }).toBe('Connected');
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/Accounts/Sending');
  await page.goto('/account/profile');
  await answer;
  await expect(badge).toBeHidden();
  await page.locator('[data-bell] > summary').click();
  await expect(panel.getByText(t('bell.disconnected'))).toBeHidden();
});

// Issue 18: the payment end-date reminder and the §8 message-limit warning, in the header and in the bell, where the
// host sets `payNotifications` (both hosts of this spec do; quality, with a bell but no payments, does not).

/** A new owner with the base booking tariff paid until `days` from now (negative: ended), and optionally staff's
 * "available messages" (their monthly allowance, issue 18). */
async function payingOwner(baseURL: string, days: number, availableMessages?: number): Promise<Tokens & { id: number }> {
  const email = uniqueEmail('bell-pay');
  await api(baseURL, 'POST', '/account/register', undefined, { email, password: 'secret1', confirmPassword: 'secret1', phone: '+79161234567' });
  const tokens = (await api(baseURL, 'POST', '/account/login', undefined, { email, password: 'secret1' })) as Tokens;
  const me = (await api(baseURL, 'GET', '/Account/CurrentUser', tokens.token)) as { id: number };
  const staff = await adminTokens(baseURL);
  const now = Math.floor(Date.now() / 1000);
  await endTrial(baseURL, me.id, staff.token);
  await api(baseURL, 'POST', `/Admin/Users/${me.id}/Pays`, staff.token, { tariff: 0, dateBeginUnixTime: now - 30 * 86_400, dateEndUnixTime: now + days * 86_400 });
  if (availableMessages !== undefined) await api(baseURL, 'PATCH', `/Admin/Users/${me.id}`, staff.token, { availableMessagesCount: availableMessages });
  return { ...tokens, id: me.id };
}

/** The end date as the page words it (its language, the day in UTC: pay-reminder.ts). */
async function pageDate(page: Page, endsAtMs: number): Promise<string> {
  return page.evaluate((ms) => new Intl.DateTimeFormat(document.documentElement.lang, { dateStyle: 'long', timeZone: 'UTC' }).format(ms), endsAtMs);
}

/** Opens a page as the owner with every news item seen (news other specs publish would count in the badge). */
async function openAs(page: Page, context: BrowserContext, tokens: Tokens, locale: Locale, path = '/account/profile') {
  await prepareStorage(context, { tokens, locale });
  await context.addInitScript(() => localStorage.setItem('newsSeenId', String(Number.MAX_SAFE_INTEGER)));
  const payInfos: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/v1/PayInfos/')) payInfos.push(request.url());
  });
  await page.goto(path);
  return payInfos;
}

test('an owner whose paid period ends in 2 days with 50 messages left sees both warnings in the header and the bell, from one PayInfos read', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tShell(locale);
  const ui = tUi(locale);
  const tokens = await payingOwner(baseURL!, 2, 50);
  const ends = ((await api(baseURL!, 'GET', '/Account/NearestPaymentEndDate', tokens.token)) as { dateEndUnixTime: number }).dateEndUnixTime;
  const payInfos = await openAs(page, context, tokens, locale);
  const expiring = t('header.payExpiring', { date: await pageDate(page, ends * 1000) });

  const header = page.locator('header');
  const reminder = header.locator('> a[data-pay-alert="reminder"]');
  const allowance = header.locator('> a[data-pay-alert="allowance"]');
  await expect(reminder).toHaveText(expiring);
  await expect(reminder).toHaveAttribute('data-state', 'expiring');
  // Below 1280 px wide the header shows an icon named by the text (the default viewport is exactly 1280: the text).
  await expect(reminder.locator('[data-label]')).toBeVisible();
  await expect(allowance).toHaveText(ui('allowance.low'));
  await expect(allowance).toHaveAttribute('data-state', 'low');
  await expect(allowance).toHaveAttribute('href', /\/payments$/);

  const badge = page.locator('[data-bell-count]');
  await expect(badge).toHaveText('2');
  await page.locator('[data-bell] > summary').click();
  const panel = page.getByRole('region', { name: t('header.notifications') });
  await expect(panel.getByRole('link', { name: expiring })).toBeVisible();
  await expect(panel.getByRole('link', { name: ui('allowance.low') })).toBeVisible();
  await expect(panel.getByText(t('header.noNotifications'))).toBeHidden();
  await expectNoSeriousA11yViolations(page, `${brand.id} header and bell with the pay warnings`);
  // Warnings are states, not news: opening the bell does not clear them.
  await expect(badge).toHaveText('2');
  expect(payInfos).toHaveLength(1);
  await panel.getByRole('link', { name: ui('allowance.low') }).click();
  await expect(page).toHaveURL(/\/payments\/?$/);
});

test('an ended paid period shows as expired in the bell and the header', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tShell(locale);
  const tokens = await payingOwner(baseURL!, -2);
  const ends = ((await api(baseURL!, 'GET', '/Account/NearestPaymentEndDate', tokens.token)) as { dateEndUnixTime: number }).dateEndUnixTime;
  await openAs(page, context, tokens, locale);
  const expired = t('header.payExpired', { date: await pageDate(page, ends * 1000) });
  await expect(page.locator('header > a[data-pay-alert="reminder"]')).toHaveText(expired);
  await expect(page.locator('header > a[data-pay-alert="reminder"]')).toHaveAttribute('data-state', 'expired');
  await expect(page.locator('header > a[data-pay-alert="allowance"]')).toBeHidden();
  await expect(page.locator('[data-bell-count]')).toHaveText('1');
  await page.locator('[data-bell] > summary').click();
  await expect(page.getByRole('region', { name: t('header.notifications') }).getByRole('link', { name: expired })).toBeVisible();

  // On a phone the header has no room for it (docs/shell.md): the bell carries it, and nothing overflows sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(page.locator('header > a[data-pay-alert="reminder"]')).toBeHidden();
  await expect(page.locator('[data-bell-count]')).toHaveText('1');
  await expect(page.getByRole('region', { name: t('header.notifications') }).getByRole('link', { name: expired })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});

test('an owner who used their whole allowance sees "You have reached your message limit" in the header and the bell', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tShell(locale);
  const ui = tUi(locale);
  const tokens = await payingOwner(baseURL!, 30, 1);
  // One message out (a new-record notice to a booking's client) spends the allowance of one.
  const notice = (await api(baseURL!, 'POST', '/Flows', tokens.token, { title: 'Welcome notice', content: 'Thanks for booking', type: 'newRecord', sendingHours: { from: 0, to: 24 } })) as { id: number };
  await api(baseURL!, 'PATCH', `/Flows/${notice.id}`, tokens.token, { mode: 'combat' });
  await api(baseURL!, 'POST', `/Flows/${notice.id}/Resume`, tokens.token);
  await api(baseURL!, 'POST', '/Booking/Records', tokens.token, { phone: '+79031112233', name: 'Anna', startUnixTime: Math.floor(Date.now() / 1000) + 3 * 86_400 });
  await expect.poll(async () => ((await api(baseURL!, 'GET', '/Messages', tokens.token)) as { allowance: { left: number } }).allowance.left, { timeout: 20_000 }).toBe(0);

  await openAs(page, context, tokens, locale);
  const allowance = page.locator('header > a[data-pay-alert="allowance"]');
  await expect(allowance).toHaveText(ui('allowance.reached'));
  await expect(allowance).toHaveAttribute('data-state', 'reached');
  // Paid for 30 more days: no end-date reminder.
  await expect(page.locator('header > a[data-pay-alert="reminder"]')).toBeHidden();
  await expect(page.locator('[data-bell-count]')).toHaveText('1');
  await page.locator('[data-bell] > summary').click();
  const panel = page.getByRole('region', { name: t('header.notifications') });
  await expect(panel.getByRole('link', { name: ui('allowance.reached') })).toBeVisible();
  await expect(panel.getByText(ui('allowance.low'))).toBeHidden();
});

test('a host without payNotifications (quality: a bell, no payments) shows neither warning and reads no PayInfos', async ({ page, context, brand, baseURL }) => {
  test.skip(brand.id !== 'main-intl', 'one visit to the quality host is enough');
  const quality = loadBrand('quality');
  expect(isEnabled(quality, 'payNotifications')).toBe(false);
  expect(isEnabled(quality, 'notificationBell')).toBe(true);
  const tokens = await payingOwner(baseURL!, 2, 50);
  const origin = `http://quality.localhost:${new URL(baseURL!).port}`;
  const payInfos = await openAs(page, context, tokens, quality.locale.default, `${origin}/account/update`);
  await expect(page.locator('[data-user-email]')).not.toBeEmpty();
  await expect(page.locator('[data-pay-alert]')).toHaveCount(0);
  await page.locator('[data-bell] > summary').click();
  await expect(page.getByRole('region', { name: tShell(quality.locale.default)('header.notifications') }).getByText(tUi(quality.locale.default)('allowance.low'))).toHaveCount(0);
  await expect(page.locator('[data-bell-count]')).toBeHidden();
  expect(payInfos).toHaveLength(0);
});
