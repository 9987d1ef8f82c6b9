// Way-finding (issue 16 point 8): "New flow" on Flows, links to templates, message logs and subscribers where owners
// look (the Flows page, a flow's row menu), the staff section of the sidebar, and a quick start run twice that offers
// to reuse what it made instead of duplicating it (point 2).
import { routesForBrand } from '../../src/routes/select.ts';
import { kindsForGoals } from '../../src/shared/flows/quickstart.ts';
import { defaultFlowText } from '../../src/shared/flows/templates.ts';
import { adminTokens, demoTokens, expect, expectOnScreen, hydrated, prepareStorage, tOf, tOnboarding, tRoutes, tShell, test } from './support.ts';
import { api, customer, tFlows } from './flows-support.ts';

test('Flows: a "New flow" button, links to templates, message logs and subscribers, and a row menu', async ({ page, context, brand, baseURL }) => {
  test.skip(!routesForBrand(brand).some((r) => r.name === 'flows'), 'no flows on this host');
  const locale = brand.locale.default;
  const tf = tFlows(locale);
  const routes = tRoutes(locale);
  const tokens = await customer(baseURL!, 'wayfinding');
  const flow = await api(baseURL!, 'POST', '/Flows', tokens.token, { title: 'Way flow', content: 'Hello', type: 'recordReminder' });
  await prepareStorage(context, { tokens, locale });
  await page.goto('/flows');
  await hydrated(page);

  if (brand.flags.addFlowButton) {
    const add = page.getByRole('link', { name: tShell(locale)(brand.addFlowTextKey), exact: true });
    await expectOnScreen(add);
    await expect(add).toHaveAttribute('href', /\/templates$/);
  }
  const related = page.getByRole('navigation', { name: tShell(locale)('flowLinks') });
  for (const [route, path] of [['templates', /\/templates$/], ['messageLogs', /\/insights\/message-logs\/$/], ['subscribers', /\/phones\/subscribers$/]] as const) {
    await expect(related.getByRole('link', { name: routes(route), exact: true })).toHaveAttribute('href', path);
  }

  const row = page.locator('tbody tr').filter({ hasText: 'Way flow' });
  await row.locator('[data-row-menu] summary').click();
  const log = row.getByRole('link', { name: tf('messageLog') });
  await expectOnScreen(log);
  await expect(row.getByRole('link', { name: tf('edit') })).toHaveAttribute('href', new RegExp(`/flows/edit/${flow.id}$`));
  await log.click();
  await expect(page).toHaveURL(new RegExp(`/insights/message-logs/\\?flowId=${flow.id}$`));
});

test('the sidebar has an admin section for staff, and none for owners', async ({ page, context, brand, baseURL }) => {
  test.skip(!routesForBrand(brand).some((r) => r.name === 'adminUsers'), 'no admin screens on this host');
  const locale = brand.locale.default;
  const t = tShell(locale);
  const nav = page.getByRole('navigation', { name: t('mainNavigation') });
  await prepareStorage(context, { tokens: await demoTokens(baseURL!), locale });
  await page.goto('/flows');
  await hydrated(page);
  await expect(nav.getByRole('list', { name: t('staffNavigation') })).toHaveCount(0);

  const staff = await context.browser()!.newContext({ baseURL: page.url(), viewport: { width: 1366, height: 768 } });
  await prepareStorage(staff, { tokens: await adminTokens(baseURL!), locale });
  const staffPage = await staff.newPage();
  await staffPage.goto(new URL('/flows', page.url()).href);
  const section = staffPage.getByRole('navigation', { name: t('mainNavigation') }).getByRole('list', { name: t('staffNavigation') });
  await expect(section).toBeVisible();
  for (const route of ['adminUsers', 'adminPays', 'adminPromocodes']) await expect(section.getByRole('link', { name: tRoutes(locale)(route), exact: true })).toBeVisible();
  await section.getByRole('link', { name: tRoutes(locale)('adminPromocodes'), exact: true }).click();
  await expect(staffPage.getByRole('heading', { level: 1 })).toHaveText(tRoutes(locale)('adminPromocodes'));
  await expect(staffPage.getByRole('link', { name: tOf(locale, 'admin')('promo.create') })).toBeVisible();
  await staff.close();
});

test('a quick start run again offers to reuse the flows it made, and reuses them', async ({ page, context, brand, baseURL }) => {
  test.skip(!routesForBrand(brand).some((r) => r.name === 'quickstart'), 'no quick start on this host');
  const locale = brand.locale.default;
  const t = tOnboarding(locale);
  const tokens = await customer(baseURL!, 'reuse');
  const kinds = kindsForGoals(['noShows']);
  // What a first run made: the goal's flows with the quick start's titles.
  for (const kind of kinds) {
    const text = defaultFlowText(kind, locale);
    await api(baseURL!, 'POST', '/Flows', tokens.token, { title: text.title, content: text.content, type: kind });
  }
  const count = async () => (await api(baseURL!, 'GET', '/Flows?pageSize=100', tokens.token)).total as number;
  expect(await count()).toBe(kinds.length);
  await prepareStorage(context, { tokens, locale });

  const runAgain = async (choice: 'use' | 'new') => {
    await page.goto('/account/quickstart');
    await hydrated(page);
    await page.getByRole('checkbox', { name: t('quickstart.goals.noShows') }).check();
    await page.getByRole('button', { name: t('quickstart.next') }).click();
    await page.getByRole('button', { name: t('quickstart.next') }).click();
    await page.getByRole('radio', { name: t('quickstart.start.tomorrow'), exact: true }).check();
    await page.getByRole('button', { name: t('quickstart.next') }).click();
    const offer = page.getByRole('group', { name: t('reuse.legend') });
    await expectOnScreen(offer);
    await expect(offer).toContainText(defaultFlowText(kinds[0]!, locale).title);
    await expect(offer.getByRole('radio', { name: t('reuse.use') })).toBeChecked();
    await offer.getByRole('radio', { name: t(`reuse.${choice}`) }).check();
    await page.getByRole('button', { name: t('quickstart.finish') }).click();
    await expect(page.getByRole('heading', { name: t('quickstart.result.title') })).toBeVisible();
  };

  await runAgain('use');
  await expect(page.locator('[data-reused]')).toHaveCount(kinds.length);
  expect(await count()).toBe(kinds.length);
  await runAgain('new');
  expect(await count()).toBe(kinds.length * 2);
});
