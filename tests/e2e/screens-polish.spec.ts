// Issue 16 point 9, from the screenshot pass: what the owner and staff see on the message log, conversion, the
// header avatar and the admin status and promo-code screens, in the brand's own language and at phone size.
import { routesForBrand } from '../../src/routes/select.ts';
import { avatarInitials } from '../../src/scripts/initials.ts';
import { adminTokens, apiCall as api, demoTokens, expect, hydrated, prepareStorage, test, tOf } from './support.ts';

test.beforeEach(async ({ brand }) => {
  test.skip(brand.variant !== 'default' || !routesForBrand(brand).some((r) => r.name === 'messageLogs'), 'the default cabinet only');
});

test('message log rows stay one line per channel, queued rows say when their text is made; conversion opens on a flow; the avatar shows initials', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tOf(locale, 'delivery');
  const tokens = await demoTokens(baseURL!);
  await prepareStorage(context, { tokens, locale });
  await page.setViewportSize({ width: 1366, height: 768 });

  await page.goto('/insights/message-logs/?status=queued');
  await hydrated(page);
  const rows = page.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  const queued = await api(baseURL!, 'GET', '/Messages?status=queued&pageSize=20', tokens.token);
  const withoutText = queued.body.messages.filter((m: { text: string }) => !m.text).length;
  expect(withoutText, 'the demo has queued messages whose text is made at sending').toBeGreaterThan(0);
  await expect(rows.filter({ hasText: t('logs.textAtSending') })).toHaveCount(withoutText);
  // The channel cell holds a short name on one line; the long explanation is its tooltip and the legend.
  const sandbox = page.locator('[data-channel]').filter({ hasText: t('logs.channelShort.sandbox') }).first();
  await expect(sandbox).toHaveAttribute('title', t('logs.channel.sandbox'));
  const box = (await sandbox.boundingBox())!;
  const lineHeight = await sandbox.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  expect(box.height).toBeLessThan(lineHeight * 1.5);
  await expect(page.getByText(t('logs.legendSandbox'))).toBeVisible();
  // Every column fits a 1366 px screen: the table does not scroll sideways.
  const scroll = await page.locator('table').evaluate((table) => ({ wide: table.scrollWidth, box: table.parentElement!.clientWidth }));
  expect(scroll.wide).toBeLessThanOrEqual(scroll.box);

  // Conversion without a flow in the address opens on the flow that sent last, and puts it in the address.
  await page.goto('/insights/conversion');
  await hydrated(page);
  await expect(page).toHaveURL(/flowId=\d+/);
  const flowId = new URL(page.url()).searchParams.get('flowId')!;
  await expect(page.getByLabel(t('conversion.flow'))).toHaveValue(flowId);
  await expect(page.getByTestId('messaged')).toBeVisible();

  // The avatar: the owner's initials when the profile has a name.
  const me = (await api(baseURL!, 'GET', '/Account/CurrentUser', tokens.token)).body;
  expect(me.fullName).toBeTruthy();
  await expect(page.locator('[data-user-initial]')).toHaveText(avatarInitials(me));
  expect(avatarInitials(me).length).toBe(2);
});

test('admin status reads in the page language, an unknown company is "not found"; tariffs stay in their box on a phone', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tOf(locale, 'admin');
  const staff = await adminTokens(baseURL!);
  await prepareStorage(context, { tokens: staff, locale });

  // A connected company (the demo salon's).
  let companyId = 0;
  for (let id = 1; id <= 20 && !companyId; id++) {
    const res = await api(baseURL!, 'GET', `/Admin/Status/${id}`, staff.token);
    if (res.status === 200 && res.body.company.status === 'Connected') companyId = id;
  }
  expect(companyId).toBeGreaterThan(0);
  await page.goto(`/admin/status/${companyId}`);
  await hydrated(page);
  await expect(page.locator('[data-company-state]')).toHaveText(t('status.states.Connected'));

  await page.goto('/admin/status/2147483647');
  await hydrated(page);
  await expect(page.locator('[data-not-found]')).toHaveText(t('server.companyNotFound'));
  await expect(page.getByText(t('common.loadFailed'))).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/promocodes/create');
  await hydrated(page);
  const box = (await page.locator('[data-tariffs]').boundingBox())!;
  const labels = page.locator('[data-tariffs] label');
  await expect(labels).toHaveCount(26);
  const edges = await labels.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right));
  for (const right of edges) expect(right).toBeLessThanOrEqual(box.x + box.width + 0.5);
});
