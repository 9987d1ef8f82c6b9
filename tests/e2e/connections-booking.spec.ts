// YCLIENTS (/accounts/yclients, issue 19) against the double the global setup starts (tests/e2e/booking-gateway.ts):
// the empty state leads to the connect form, a wrong password is refused, login and password connect, a company is
// linked from the connection's reachable companies, its pull ends with its masters, and those masters are what the
// flow editor's filters step offers. Then unlink and delete, each behind a confirmation. And the marketplace: the
// registration route forwards the salon to the screen, which confirms the install once.
import { expect, expectNoSeriousA11yViolations, hydrated, prepareStorage, tOf, tRoutes, test, uniqueEmail } from './support.ts';
import { api, customer } from './flows-support.ts';
import { bookingControl, E2E_YCLIENTS_APP, E2E_YCLIENTS_PARTNER, masterName } from './booking-gateway.ts';
import { signedUserData } from '../fakes/yclients-fake.ts';
import { routesForBrand } from '../../src/routes/select.ts';
import { localizedPath } from '../../src/routes/locale-paths.ts';

test.beforeEach(async ({ brand }) => {
  const names = routesForBrand(brand).map((r) => r.name);
  test.skip(!names.includes('accountsYclients') || !names.includes('flowEdit'), 'no YCLIENTS screen or flow editor on this host');
});

test('YCLIENTS: connects by login, links a company, pulls its masters into the flow filters, unlinks and deletes', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tOf(locale, 'connections');
  const tEditor = tOf(locale, 'flows', 'editor');
  const named = { system: 'YCLIENTS' };
  const tokens = await customer(baseURL!, 'booking');
  await prepareStorage(context, { tokens, locale });
  const tag = `e2e${Date.now().toString(36)}${brand.id.replace(/\W/g, '')}`;
  const user = await bookingControl<{ login: string; password: string; names: string[] }>('user', tag);
  const [center] = user.names;

  // Nothing yet: the empty state leads to the form; the webhook address is there from the start.
  await page.goto('/accounts/yclients');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tRoutes(locale)('accountsYclients'));
  await hydrated(page);
  await expect(page.getByText(t('bookingSystems.companies.empty', named))).toBeVisible();
  await expect(page.getByLabel(t('bookingSystems.webhook.label', named))).toHaveValue(/^https?:\/\//);
  await expectNoSeriousA11yViolations(page, `${brand.id} /accounts/yclients empty`);
  await page.getByRole('button', { name: t('bookingSystems.companies.emptyAction', named) }).click();
  const login = page.getByLabel(t('bookingSystems.form.login', named), { exact: true });
  await expect(login).toBeFocused();

  // A wrong password: refused, nothing connected.
  const form = page.locator('[data-booking-connect]');
  await login.fill(user.login);
  await page.getByLabel(t('bookingSystems.form.password', named), { exact: true }).fill('wrong-password');
  await form.getByRole('button', { name: t('bookingSystems.form.submit') }).click();
  await expect(form.locator('[data-field-error], [data-form-message="error"]').first()).toBeVisible();
  await expect(page.locator('[data-booking-account]')).toHaveCount(0);

  // The right one: the connection is listed and its reachable companies open.
  await page.getByLabel(t('bookingSystems.form.password', named), { exact: true }).fill(user.password);
  await form.getByRole('button', { name: t('bookingSystems.form.submit') }).click();
  await expect(page.locator('[data-booking-account]')).toHaveCount(1);
  await expect(page.locator('body')).not.toContainText(user.password);
  const reach = page.locator('[data-booking-reach]');
  await expect(reach.locator('[data-reachable-id]')).toHaveCount(2);

  // Link one branch: it is marked linked, listed, and its pull ends with its two masters.
  await reach.getByRole('button', { name: t('bookingSystems.reach.linkLabel', { name: center }) }).click();
  await expect(reach.locator('[data-reachable-id]').filter({ hasText: center }).locator('[data-linked]')).toBeVisible();
  const row = page.locator('[data-booking-company]').filter({ hasText: center });
  await expect(row).toHaveAttribute('data-sync', 'done');
  await expect(row.locator('[data-sync-counts]')).toContainText('2');
  await expect(row).toContainText('UTC+3');
  await expect(row).toContainText(t('bookingSystems.companies.never'));
  await expectNoSeriousA11yViolations(page, `${brand.id} /accounts/yclients linked`);
  // Pull again: it runs in the background and ends as before (the overview is read again while it runs).
  await row.getByRole('button', { name: `${t('bookingSystems.companies.pull')}: ${center}` }).click();
  await expect(row).toHaveAttribute('data-sync', 'done');
  await expect(row.locator('[data-sync-counts]')).toContainText('2');

  // The flow editor's filters step offers the pulled masters.
  const flow = await api(baseURL!, 'POST', '/Flows', tokens.token, { title: 'Visit reminder', content: 'Hello', type: 'recordReminder' });
  await page.goto(`/flows/edit/${flow.id}/filters`);
  await hydrated(page);
  const masters = page.getByRole('group', { name: tEditor('filter.masters') });
  await expect(masters.getByRole('checkbox', { name: masterName(tag, 1) })).toBeVisible();
  await expect(masters.getByRole('checkbox', { name: masterName(tag, 2) })).toBeVisible();

  // Unlink and delete, each confirmed.
  await page.goto('/accounts/yclients');
  await hydrated(page);
  await page.getByRole('button', { name: t('bookingSystems.companies.unlinkLabel', { name: center }) }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: t('remove.yes') }).click();
  await expect(page.locator('[data-booking-company]')).toHaveCount(0);
  const account = page.locator('[data-booking-account]');
  await account.getByRole('button', { name: t('bookingSystems.accounts.removeLabel', { name: user.login }) }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: t('remove.yes') }).click();
  await expect(account).toHaveCount(0);
});

test('YCLIENTS marketplace: sign-up from the install links the salon; ids the system refuses show the §8 error', async ({ page, context, brand }) => {
  test.skip(brand.id !== 'main-ru' && brand.id !== 'main-intl', 'the marketplace registration runs on the main hosts');
  const locale = brand.locale.default;
  const t = tOf(locale, 'connections');
  const tAccount = tOf(locale, 'account');
  const named = { system: 'YCLIENTS' };
  const tag = `mp${Date.now().toString(36)}${brand.id.replace(/\W/g, '')}`;
  const { salonId, name } = await bookingControl<{ salonId: number; name: string }>('install', tag);
  await prepareStorage(context, { locale });

  // The marketplace sends the owner to the registration route with the salon and the user data it signed with our
  // partner token; signing up lands on the screen.
  const signed = (salon: number) => {
    const { userData, userDataSign } = signedUserData(E2E_YCLIENTS_PARTNER, { id: 1, name: 'Owner', salon_id: salon });
    return new URLSearchParams({ salon_id: String(salon), user_data: userData, user_data_sign: userDataSign });
  };
  await page.goto(localizedPath(brand, locale, `/account/register/yclients/${E2E_YCLIENTS_APP}?${signed(salonId)}`));
  await expect(page.getByRole('button', { name: tAccount('register.submit') })).toBeEnabled();
  await page.getByLabel(tAccount('email'), { exact: true }).fill(uniqueEmail('market-yclients'));
  await page.getByLabel(tAccount('password'), { exact: true }).fill('secret1');
  await page.getByLabel(tAccount('confirmPassword')).fill('secret1');
  await page.getByLabel(tAccount('phone')).fill('+7 916 123-45-67');
  const country = page.getByLabel(tAccount('country'));
  if (await country.count()) await country.selectOption({ index: 1 });
  await page.getByLabel(tAccount('terms')).check();
  await page.getByRole('button', { name: tAccount('register.submit') }).click();

  // The install is confirmed once and the salon linked and pulled; the ids leave the address.
  await expect(page.locator('[data-marketplace="done"]')).toHaveText(t('bookingSystems.marketplace.done', { ...named, name }));
  expect(new URL(page.url()).search).toBe('');
  const row = page.locator('[data-booking-company]').filter({ hasText: name });
  await expect(row).toHaveAttribute('data-sync', 'done');
  await expect(page.locator('[data-booking-account]')).toContainText(t('bookingSystems.accounts.marketplace'));
  await expectNoSeriousA11yViolations(page, `${brand.id} /accounts/yclients marketplace`);

  // A salon that never installed the app: the system refuses, and the screen says so.
  await page.goto(`/accounts/yclients?${signed(salonId + 100_000)}&application_id=${E2E_YCLIENTS_APP}`);
  await expect(page.locator('[data-marketplace="failed"]')).toHaveText(t('bookingSystems.marketplace.failed', named));
  await expect(page.locator('[data-booking-company]')).toHaveCount(1);
  expect(new URL(page.url()).search).toBe('');

  // Another salon that installed the app, its user data signed under another key (a forged link): refused, not linked.
  const other = await bookingControl<{ salonId: number }>('install', `${tag}f`);
  const forged = signed(other.salonId);
  forged.set('user_data_sign', signedUserData('not-our-partner-token', { salon_id: other.salonId }).userDataSign);
  await page.goto(`/accounts/yclients?${forged}&application_id=${E2E_YCLIENTS_APP}`);
  await expect(page.locator('[data-marketplace="failed"]')).toHaveText(t('bookingSystems.marketplace.failed', named));
  await expect(page.locator('[data-booking-company]')).toHaveCount(1);
});

test('YCLIENTS: a user without some rights links the company with one notice per missing right; Altegio without a partner key says so', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tOf(locale, 'connections');
  const named = { system: 'YCLIENTS' };
  await prepareStorage(context, { tokens: await customer(baseURL!, 'booking-rights'), locale });
  const tag = `r${Date.now().toString(36)}${brand.id.replace(/\W/g, '')}`;
  const user = await bookingControl<{ token: string; names: string[] }>('user', tag, ['staff', 'services']);
  const [center] = user.names;

  // The token way: the connect form takes the user token the owner already has.
  await page.goto('/accounts/yclients');
  await hydrated(page);
  const form = page.locator('[data-booking-connect]');
  await form.getByRole('radio', { name: t('bookingSystems.form.byToken') }).check();
  await expect(form.getByLabel(t('bookingSystems.form.login', named), { exact: true })).toHaveCount(0);
  await form.getByLabel(t('bookingSystems.form.userToken'), { exact: true }).fill(user.token);
  await form.getByRole('button', { name: t('bookingSystems.form.submit') }).click();
  await expect(page.locator('[data-booking-account]')).toHaveCount(1);
  await expect(page.locator('body')).not.toContainText(user.token);
  const reach = page.locator('[data-booking-reach]');
  await reach.getByRole('button', { name: t('bookingSystems.reach.linkLabel', { name: center }) }).click();

  // Masters pulled; clients and the webhook refused: the status says so, and one sentence per right says what to give.
  const row = page.locator('[data-booking-company]').filter({ hasText: center });
  await expect(row).toHaveAttribute('data-sync', 'done');
  await expect(row.locator('[data-status]')).toHaveAttribute('data-status', 'rightsMissing');
  const notices = page.locator('[data-denied-company] [data-denied-right]');
  await expect(notices).toHaveText([t('bookingSystems.denied.clients', named), t('bookingSystems.denied.webhook', named)]);
  await expectNoSeriousA11yViolations(page, `${brand.id} /accounts/yclients rights missing`);

  // The e2e server has no Altegio partner key: a plain notice instead of the form; the webhook address still shows.
  await page.goto('/accounts/altegio');
  await hydrated(page);
  await expect(page.locator('[data-booking-notice="partner"]')).toHaveText(t('bookingSystems.partnerMissing', { system: 'Altegio' }));
  await expect(page.locator('[data-booking-connect]')).toHaveCount(0);
  await expect(page.getByLabel(t('bookingSystems.webhook.label', { system: 'Altegio' }))).toHaveValue(/^https?:\/\//);
});
