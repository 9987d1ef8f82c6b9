// The admin area end to end (issue 5): find a user, edit a field, add/edit a payment, pay link, a user's flows
// (copy to another user) and ignore list, promo codes.
import { SignJWT } from 'jose';
import { adminTokens, apiCall as api, expect, expectNoSeriousA11yViolations, hydrated, newCustomer, prepareStorage, test, type Tokens, tOf } from './support.ts';
import { E2E_JWT_SECRET } from './ports.ts';
import { routesForBrand } from '../../src/routes/select.ts';
import { localizedPath } from '../../src/routes/locale-paths.ts';
import type { Brand } from '../../src/brand/schema.ts';
import { tRoutes, tUi } from './support.ts';

const t = tOf('en', 'admin');
/** The English page of a path on this brand (no prefix where English is the default). */
const en = (brand: Brand, path: string) => localizedPath(brand, 'en', path);

/**
 * An access token with role `admin` (not super-admin). The e2e server only bootstraps a super-admin and roles are
 * not editable through the API, so the test signs one with the servers' configured JWT_SECRET.
 */
async function plainAdminToken(baseURL: string, staff: Tokens): Promise<string> {
  const me = await api(baseURL, 'GET', '/Account/CurrentUser', staff.token);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role: 'admin' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(me.body.id))
    .setIssuer('cabinet')
    .setIssuedAt(now)
    .setExpirationTime(now + 600)
    .sign(new TextEncoder().encode(E2E_JWT_SECRET));
}

test.describe.configure({ mode: 'serial' });

let staff: Tokens;
test.beforeAll(async ({}, info) => {
  staff = await adminTokens(info.project.use.baseURL!);
});

test.beforeEach(async ({ brand, context }) => {
  test.skip(brand.variant !== 'default', 'the admin area lives on default-variant hosts');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
});

test('find a user, edit a field, add and edit a payment, fetch its pay link', async ({ page, context, baseURL, brand }) => {
  const stamp = Date.now().toString(36);
  const email = `e2e-admin-${stamp}@example.com`;
  const created = await api(baseURL!, 'POST', '/account/register', undefined, { email, password: 'secret1', confirmPassword: 'secret1', phone: '+79161234567', countryId: 1 });
  expect(created.status).toBe(201);
  await prepareStorage(context, { tokens: staff, locale: 'en' });

  // Find the user.
  await page.goto(en(brand, '/admin/users'));
  await hydrated(page);
  await page.getByRole('searchbox', { name: t('users.search') }).fill(`e2e-admin-${stamp}`);
  await page.getByRole('link', { name: email }).click();
  await expect(page).toHaveURL(/\/admin\/users\/?\?id=\d+$/);
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(email) })).toBeVisible();

  // Edit a field; it survives a reload.
  const profile = page.getByRole('region', { name: t('user.title') });
  await profile.getByLabel(t('user.fullName'), { exact: true }).fill(`Owner ${stamp}`);
  await page.getByRole('button', { name: t('user.save') }).click();
  await expect(page.getByText(t('users.saved'))).toBeVisible();
  await page.reload();
  await expect(profile.getByLabel(t('user.fullName'), { exact: true })).toHaveValue(`Owner ${stamp}`);

  // Add a payment with the §9 defaults; it is at the top of page 1.
  const payments = page.getByRole('table', { name: t('pays.caption') });
  await page.getByRole('button', { name: t('pays.add') }).click();
  const dialog = page.getByRole('dialog', { name: t('pays.addTitle') });
  await expect(dialog.getByLabel(t('pays.field.amount'))).toHaveValue('2500');
  await expect(dialog.getByLabel(t('pays.field.currency'))).toHaveValue('RUB');
  await expect(dialog.getByLabel(t('pays.field.tariff'))).toHaveValue('1');
  await expect(dialog.getByLabel(t('pays.field.success'))).toBeChecked();
  await expect(dialog.getByRole('option', { name: 'Legacy cash desk' })).toHaveCount(0); // only [FM] destinations
  await dialog.getByLabel(t('pays.field.payDestination')).selectOption({ label: 'Card [FM]' });
  await dialog.getByLabel(t('pays.field.dateEndUnixTime')).fill('2027-01-31');
  await dialog.getByLabel(t('pays.field.comment')).fill(`first ${stamp}`);
  await dialog.getByRole('button', { name: t('pays.save') }).click();
  await expect(dialog).toBeHidden();
  const top = payments.locator('tbody tr').first();
  await expect(top).toContainText(`first ${stamp}`);
  await expect(top).toContainText('2 500 RUB');
  await expect(top).toContainText(`1 · ${t('tariff.bookingExtended')}`);
  const payId = await top.getAttribute('data-pay-id');

  // Edit it.
  await page.getByRole('button', { name: t('pays.editOne', { id: payId! }) }).click();
  const edit = page.getByRole('dialog', { name: t('pays.editTitle', { id: payId! }) });
  await expect(edit.getByLabel(t('pays.field.dateEndUnixTime'))).toHaveValue('2027-01-31');
  await edit.getByLabel(t('pays.field.amount')).fill('1990');
  await edit.getByRole('button', { name: t('pays.save') }).click();
  await expect(edit).toBeHidden();
  await expect(payments.locator('tbody tr').first()).toContainText('1 990 RUB');

  // Fetch its pay link and copy it.
  await page.getByRole('button', { name: t('pays.linkOne', { id: payId! }) }).click();
  const link = page.getByLabel(t('pays.linkFor', { id: payId! }));
  await expect(link).toHaveValue(/\/publicPayments\?payment=[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: t('pays.copy') }).click();
  await expect(page.getByText(t('pays.copied'))).toBeVisible();
});


test("a user's flows and ignore list; copy a flow to another user and see it there", async ({ page, context, baseURL, brand }) => {
  const stamp = Date.now().toString(36);
  const owner = await newCustomer(baseURL!, `e2e-flows-owner-${stamp}@example.com`);
  const target = await newCustomer(baseURL!, `e2e-flows-target-${stamp}@example.com`);
  for (const title of [`Reminder ${stamp}`, `Second ${stamp}`]) {
    const flow = await api(baseURL!, 'POST', '/Flows', owner.token, { title, content: 'Hello {clientName}', type: 'recordReminder' });
    expect(flow.status).toBe(201);
  }
  expect((await api(baseURL!, 'POST', '/Phones/Ignore', owner.token, { phone: '+79161112233', comment: `stop ${stamp}` })).status).toBe(201);
  await prepareStorage(context, { tokens: staff, locale: 'en' });

  await page.goto(en(brand, '/admin/users') + `?id=${owner.id}`);
  const flows = page.getByRole('region', { name: t('flows.title'), exact: true });
  const table = flows.getByRole('table', { name: t('flows.caption') });
  await expect(table).toContainText(`Reminder ${stamp}`);
  await expect(table).toContainText(`Second ${stamp}`);
  const ignore = page.getByRole('region', { name: t('ignore.title') });
  await expect(ignore.getByRole('table', { name: t('ignore.caption') })).toContainText('79161112233');
  await expect(ignore).toContainText(`stop ${stamp}`);

  // Copy one flow to the other user, confirming first.
  await flows.getByRole('checkbox', { name: t('flows.selectOne', { title: `Reminder ${stamp}` }) }).check();
  await flows.getByLabel(t('flows.target')).fill(String(target.id));
  await flows.getByLabel(t('flows.action')).selectOption('copy');
  await flows.getByRole('button', { name: t('flows.submit') }).click();
  const confirm = flows.getByRole('alertdialog');
  await expect(confirm).toContainText(t('flows.confirmCopy', { count: 1, target: target.id }));
  await expectNoSeriousA11yViolations(page, `${brand.id} user flows and ignore list`);
  await confirm.getByRole('button', { name: t('flows.confirm') }).click();
  await expect(flows.getByRole('status')).toContainText(t('flows.result', { ok: 1, failed: 0 }));
  await expect(table.locator('tbody tr')).toHaveCount(2); // a copy leaves the source as it was

  await flows.getByRole('link', { name: t('flows.openTarget', { id: target.id }) }).click();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`e2e-flows-target-${stamp}`) })).toBeVisible();
  const copied = page.getByRole('region', { name: t('flows.title'), exact: true }).getByRole('table', { name: t('flows.caption') });
  await expect(copied.locator('tbody tr')).toHaveCount(1);
  await expect(copied).toContainText(`Reminder ${stamp}`);
});

// The kit's confirmation dialog (it replaced window.confirm here): the safe choice has the focus, Esc keeps the item.
test('deleting a notification or a contact asks first', async ({ page, context, baseURL, brand }) => {
  const stamp = Date.now().toString(36);
  const owner = await newCustomer(baseURL!, `e2e-contacts-${stamp}@example.com`);
  await prepareStorage(context, { tokens: staff, locale: 'en' });

  await page.goto(en(brand, '/admin/news'));
  await hydrated(page);
  const title = `Maintenance ${stamp}`;
  await page.getByLabel(t('news.titleField')).fill(title);
  await page.getByLabel(t('news.text')).fill('Tonight, for an hour.');
  await page.getByRole('button', { name: t('news.publish') }).click();
  const remove = page.getByRole('button', { name: t('news.deleteOne', { title }) });
  await remove.click();
  const dialog = page.getByRole('alertdialog', { name: t('news.confirmDelete', { title }) });
  await expect(dialog.getByRole('button', { name: t('common.cancel') })).toBeFocused();
  await expectNoSeriousA11yViolations(page, `${brand.id} delete notification dialog`);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(remove).toBeFocused();
  await remove.click();
  await dialog.getByRole('button', { name: t('common.delete'), exact: true }).click();
  await expect(remove).toHaveCount(0);

  await page.goto(en(brand, '/admin/users') + `?id=${owner.id}`);
  const contacts = page.getByRole('region', { name: t('contacts.title'), exact: true });
  const name = `Anna ${stamp}`;
  await contacts.getByLabel(t('contacts.fullName')).fill(name);
  await contacts.getByRole('button', { name: t('contacts.add') }).click();
  const removeContact = contacts.getByRole('button', { name: t('contacts.deleteOne', { name }) });
  await removeContact.click();
  await page.getByRole('alertdialog', { name: t('contacts.confirmDelete', { name }) }).getByRole('button', { name: t('common.delete'), exact: true }).click();
  await expect(removeContact).toHaveCount(0);
  await expect(contacts.getByRole('status').filter({ hasText: t('contacts.none') })).toBeVisible();
});

test('a super-admin creates a promo code; an admin is refused', async ({ page, context, baseURL, browser, brand }) => {
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  await prepareStorage(context, { tokens: staff, locale: 'en' });
  await page.goto(en(brand, '/admin/promocodes/create'));
  await hydrated(page);
  await page.getByLabel(t('promo.field.code'), { exact: true }).fill(code);
  await page.getByLabel(t('promo.field.discountPercent')).fill('15');
  // Tariffs are named (§3), not bare numbers.
  const tariff13 = `13 · ${t('tariff.whatsappDistribution')}`;
  await page.getByLabel(tariff13).check();
  await page.getByRole('button', { name: t('promo.submit') }).click();
  await expect(page.getByText(t('promo.created', { code }))).toBeVisible();
  await page.goto(en(brand, '/admin/promocodes'));
  await expect(page.getByRole('cell', { name: code })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(code) })).toContainText(tariff13);

  // An admin (not super-admin): the page sends them home and the server answers 403.
  const admin = await plainAdminToken(baseURL!, staff);
  const refused = await api(baseURL!, 'POST', '/Admin/Promocodes', admin, { code: `${code}X`, discountPercent: 5, paymentCount: 1, paymentsCountByUser: 1 });
  expect(refused.status).toBe(403);
  const adminContext = await browser.newContext({ baseURL, locale: 'en-US' });
  await prepareStorage(adminContext, { tokens: { token: admin, refreshToken: staff.refreshToken }, locale: 'en' });
  const adminPage = await adminContext.newPage();
  await adminPage.goto(en(brand, '/admin/promocodes/create'));
  await expect(adminPage).not.toHaveURL(/promocodes\/create/);
  await adminPage.goto(en(brand, '/admin/promocodes'));
  await expect(adminPage.getByRole('cell', { name: code })).toBeVisible();
  await expect(adminPage.getByRole('link', { name: t('promo.create') })).toHaveCount(0);
  await adminContext.close();
});

// Every admin screen with real data (routes.spec sweeps the pages too; here they are filled and the modal open).
test('every admin screen: heading, data, no serious accessibility violations', async ({ page, context, brand }) => {
  await prepareStorage(context, { tokens: staff, locale: 'en' });
  const admin = routesForBrand(brand).filter((r) => r.domain === 'admin');
  expect(admin.length).toBe(10);
  for (const route of admin) {
    const path = route.path.replace(':userId', '1').replace(':companyId', '2');
    await page.goto(en(brand, path));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tRoutes('en')(route.name));
    await expect(page.getByText(tUi('en')('loading'))).toHaveCount(0);
    await expect(page.getByText(t('common.loadFailed'))).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, `${brand.id} ${path}`);
  }
  await page.goto(en(brand, '/admin/users') + '?id=1');
  await page.getByRole('button', { name: t('pays.add') }).click();
  await expect(page.getByRole('dialog', { name: t('pays.addTitle') })).toBeVisible();
  await expectNoSeriousA11yViolations(page, `${brand.id} payment modal`);
});
