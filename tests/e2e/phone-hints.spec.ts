// Phone hints follow the owner's country on every phone field (issue 16, point 7): the blacklist and subscribers add
// forms and the flows' test numbers show the profile country's example, like the profile itself.
import { expect, hydrated, prepareStorage, test, tOf, uniqueEmail } from './support.ts';
import { api, tFlows } from './flows-support.ts';
import { routesForBrand } from '../../src/routes/select.ts';

test.beforeEach(async ({ brand }) => {
  test.skip(!routesForBrand(brand).some((r) => r.name === 'subscribers'), 'no phone lists on this host');
});

test('an owner in Brazil sees Brazilian examples on the blacklist, subscribers and test numbers, not "+7 999"', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tOf(locale, 'phones');
  const email = uniqueEmail('hint');
  await api(baseURL!, 'POST', '/account/register', undefined, { email, password: 'secret1', confirmPassword: 'secret1', phone: '+5511961234567', countryId: 55 });
  const tokens = await api(baseURL!, 'POST', '/account/login', undefined, { email, password: 'secret1' });
  await api(baseURL!, 'POST', '/Flows', tokens.token, { title: 'Hint flow', content: 'Hello', type: 'recordReminder' });
  await prepareStorage(context, { tokens, locale });

  for (const path of ['/phones/ignore', '/phones/subscribers']) {
    await page.goto(path);
    await hydrated(page);
    const field = page.getByLabel(t('add.phone'));
    await expect(field).toHaveAccessibleDescription(/\+55\s11/);
    await expect(page.getByText(/\+7 999/)).toHaveCount(0);
  }

  const tf = tFlows(locale);
  await page.goto('/flows');
  await hydrated(page);
  await page.getByRole('checkbox', { name: tf('select', { title: 'Hint flow' }) }).check();
  await page.getByRole('button', { name: tf('testPhones.open') }).click();
  await expect(page.locator('input[placeholder^="+55"]')).toBeVisible();
});
