import { adminTokens, demoTokens, expect, prepareStorage, tShell, test } from './support.ts';

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
