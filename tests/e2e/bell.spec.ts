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

  await prepareStorage(context, { tokens: await demoTokens(baseURL!), locale: brand.locale.default });
  await page.goto('/account/profile');
  const t = tShell(brand.locale.default);
  const badge = page.locator('[data-bell-count]');
  await expect(badge).toBeVisible();
  await page.locator('[data-bell] > summary').click();
  const panel = page.getByRole('region', { name: t('header.notifications') });
  await expect(panel.getByText(title)).toBeVisible();
  await expect(badge).toBeHidden();
  await page.reload();
  await expect(page.locator('[data-bell-list]').getByText(title)).toBeAttached();
  await expect(badge).toBeHidden();
});
