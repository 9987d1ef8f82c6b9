// The header bell: the service notifications staff publish (GET /News) and the owner's WhatsApp warning (GET
// /Accounts/Sending, docs/connections.md "Screens").
import { api, customer } from './flows-support.ts';
import { adminTokens, demoTokens, expect, expectNoSeriousA11yViolations, prepareStorage, tShell, test } from './support.ts';
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
