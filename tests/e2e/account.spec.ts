import { readFileSync } from 'node:fs';
import { importJWK, SignJWT } from 'jose';
import type { Page } from '@playwright/test';
import { toSystemLanguage } from '../../src/i18n/locales.ts';
import { localizedPath } from '../../src/routes/locale-paths.ts';
import { E2E_SHORT_TOKEN_PORT, GOOGLE_CLIENT_ID } from './ports.ts';
import { expect, linkIn, mailTo, prepareStorage, tAccount, tRoutes, tShell, test, uniqueEmail } from './support.ts';

// The account journeys run on the two main hosts: main-ru in Russian, main-intl in English.
test.beforeEach(({ brand }) => {
  test.skip(brand.id !== 'main-ru' && brand.id !== 'main-intl', 'account journeys run on the main hosts');
});

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** A fresh visitor again (no tokens), keeping the page's language. */
const forgetSession = (page: Page, locale: string) => page.evaluate((l) => (localStorage.clear(), localStorage.setItem('locale', l)), locale);

/** Forms are usable once their island is hydrated: the submit button says so by becoming enabled. */
const ready = (page: Page, name: string) => expect(page.getByRole('button', { name })).toBeEnabled();

async function register(page: Page, t: ReturnType<typeof tAccount>, fields: { email: string; password: string; confirm?: string; phone?: string; terms?: boolean }) {
  await ready(page, t('register.submit'));
  await page.getByLabel(t('email'), { exact: true }).fill(fields.email);
  await page.getByLabel(t('password'), { exact: true }).fill(fields.password);
  await page.getByLabel(t('confirmPassword')).fill(fields.confirm ?? fields.password);
  await page.getByLabel(t('phone')).fill(fields.phone ?? '+7 916 123-45-67');
  const country = page.getByLabel(t('country'));
  if (await country.count()) await country.selectOption({ index: 1 });
  if (fields.terms !== false) await page.getByLabel(t('terms')).check();
  await page.getByRole('button', { name: t('register.submit') }).click();
}

async function signIn(page: Page, t: ReturnType<typeof tAccount>, email: string, password: string) {
  await ready(page, t('login.submit'));
  await page.getByLabel(t('email'), { exact: true }).fill(email);
  await page.getByLabel(t('password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: t('login.submit') }).click();
}

test('register → confirm → sign out → sign in → profile → reset password → sign in with the new one', async ({ page, context, brand }) => {
  const locale = brand.locale.default;
  const t = tAccount(locale);
  const shell = tShell(locale);
  await prepareStorage(context, { locale });
  const email = uniqueEmail('journey');

  await page.goto('/account/register');
  await register(page, t, { email, password: 'first-pass1' });
  await expect(heading(page)).toHaveText(tRoutes(locale)('home'));
  await expect(page.locator('[data-user-email]')).toHaveText(email);

  const confirmMail = (await mailTo(email))[0]!;
  // The account keeps the language it signed up in, and its mails are in it (issue 16 point 7).
  expect(confirmMail.subject).toBe({ ru: 'Подтвердите e-mail', en: 'Confirm your email', uk: 'Підтвердьте e-mail', 'pt-BR': 'Confirme seu e-mail' }[locale]);
  await page.goto(linkIn(confirmMail.text, '/Account/ConfirmEmail'));
  await expect(page.getByRole('status')).toHaveText(t('server.emailConfirmed'));

  await page.goto('/');
  await page.locator('[data-user-menu] > summary').click();
  await page.getByRole('button', { name: shell('header.logout') }).click();
  await expect(heading(page)).toHaveText(tRoutes(locale)('login'));
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  await signIn(page, t, email, 'first-pass1');
  await expect(heading(page)).toHaveText(tRoutes(locale)('home'));

  await page.goto('/account/profile');
  await ready(page, t('profile.savePhone'));
  await page.getByRole('textbox', { name: t('phone') }).fill('+380 44 123 4567');
  await page.getByRole('button', { name: t('profile.savePhone') }).click();
  await expect(page.locator('[data-toast="success"]')).toContainText(t('server.phoneChanged'));
  await page.getByLabel(t('profile.noIikoReports')).check();
  await page.getByRole('button', { name: t('profile.saveReports') }).click();
  await expect(page.locator('[data-toast="success"]').last()).toContainText(t('server.reportSettingsChanged'));
  await page.reload();
  await expect(page.getByRole('textbox', { name: t('phone') })).toHaveValue('+380441234567');
  await expect(page.getByLabel(t('profile.noIikoReports'))).toBeChecked();

  await page.locator('[data-user-menu] > summary').click();
  await page.getByRole('button', { name: shell('header.logout') }).click();
  await expect(heading(page)).toHaveText(tRoutes(locale)('login'));
  await page.goto('/account/forgot-password');
  await ready(page, t('forgot.submit'));
  await page.getByLabel(t('email'), { exact: true }).fill(email);
  await page.getByRole('button', { name: t('forgot.submit') }).click();
  await expect(page.getByRole('status')).toHaveText(t('server.forgotPasswordSent'));

  const resetMail = (await mailTo(email, 2))[0]!;
  await page.goto(linkIn(resetMail.text, '/account/reset-password'));
  await ready(page, t('reset.submit'));
  await expect(page.getByLabel(t('code'))).not.toHaveValue('');
  await page.getByLabel(t('newPassword')).fill('second-pass2');
  await page.getByLabel(t('confirmPassword')).fill('second-pass2');
  await page.getByRole('button', { name: t('reset.submit') }).click();
  await expect(page.getByRole('status')).toHaveText(t('server.passwordChanged'));

  await page.goto('/account/login');
  await signIn(page, t, email, 'first-pass1');
  await expect(page.getByRole('alert')).toHaveText(t('server.invalidCredentials'));
  await signIn(page, t, email, 'second-pass2');
  await expect(heading(page)).toHaveText(tRoutes(locale)('home'));
});

test('§5 rules are shown next to their field before any request is sent', async ({ page, context, brand }) => {
  const locale = brand.locale.default;
  const t = tAccount(locale);
  await prepareStorage(context, { locale });
  const calls: string[] = [];
  page.on('request', (r) => r.url().includes('/api/v1/account/register') && calls.push(r.url()));
  await page.goto('/account/register');
  const cases: [Parameters<typeof register>[2], string, string][] = [
    [{ email: '', password: 'secret1' }, t('email'), t('validation.emailRequired')],
    [{ email: 'not-an-email', password: 'secret1' }, t('email'), t('validation.emailInvalid')],
    [{ email: `${'a'.repeat(250)}@x.io`, password: 'secret1' }, t('email'), t('validation.emailTooLong')],
    [{ email: 'a@b.io', password: '12345' }, t('password'), t('validation.passwordLength')],
    [{ email: 'a@b.io', password: '123456789012345678901' }, t('password'), t('validation.passwordLength')],
    [{ email: 'a@b.io', password: 'пароль12' }, t('password'), t('validation.passwordCyrillic')],
    [{ email: 'a@b.io', password: 'has space1' }, t('password'), t('validation.passwordSpaces')],
    [{ email: 'a@b.io', password: 'secret1', confirm: 'secret2' }, t('confirmPassword'), t('validation.passwordsDontMatch')],
    [{ email: 'a@b.io', password: 'secret1', phone: '12' }, t('phone'), t('validation.phoneInvalid')],
    [{ email: 'a@b.io', password: 'secret1', terms: false }, t('terms'), t('validation.termsRequired')],
  ];
  for (const [fields, label, message] of cases) {
    await page.reload();
    await register(page, t, fields);
    const field = page.getByLabel(label, { exact: true });
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('[data-field-error]').filter({ hasText: message })).toBeVisible();
  }
  expect(calls).toEqual([]);
});

test('server texts of §8: taken email, wrong password, unknown email, bad reset, bad confirmation', async ({ page, context, brand }) => {
  const locale = brand.locale.default;
  const t = tAccount(locale);
  await prepareStorage(context, { locale });
  await page.goto('/account/register');
  await register(page, t, { email: 'demo@cabinet.local', password: 'secret1' });
  await expect(page.getByRole('alert')).toHaveText(t('server.emailTaken'));

  await page.goto('/account/login');
  await signIn(page, t, 'demo@cabinet.local', 'wrong-pass');
  await expect(page.getByRole('alert')).toHaveText(t('server.invalidCredentials'));

  await page.goto('/account/forgot-password');
  await ready(page, t('forgot.submit'));
  await page.getByLabel(t('email'), { exact: true }).fill('nobody-here@example.com');
  await page.getByRole('button', { name: t('forgot.submit') }).click();
  await expect(page.getByRole('alert')).toHaveText(t('server.forgotPasswordFailed'));

  await page.goto('/account/reset-password');
  await ready(page, t('reset.submit'));
  await page.getByRole('button', { name: t('reset.submit') }).click();
  await expect(page.getByRole('alert')).toHaveText(t('validation.notAllFieldsFilled'));
  await page.getByLabel(t('email'), { exact: true }).fill('demo@cabinet.local');
  await page.getByLabel(t('code')).fill('000000');
  await page.getByLabel(t('newPassword')).fill('secret1');
  await page.getByLabel(t('confirmPassword')).fill('secret2');
  await page.getByRole('button', { name: t('reset.submit') }).click();
  await expect(page.getByRole('alert')).toHaveText(t('validation.passwordsDontMatch'));
  await page.getByLabel(t('confirmPassword')).fill('secret1');
  await page.getByRole('button', { name: t('reset.submit') }).click();
  await expect(page.getByRole('alert')).toHaveText(t('server.resetPasswordFailed'));

  await page.goto('/Account/ConfirmEmail?userId=1&code=wrong');
  await expect(page.getByRole('alert')).toHaveText(t('server.emailConfirmFailed'));
});

test('a form is sent once however often it is clicked', async ({ page, context, brand }) => {
  const locale = brand.locale.default;
  const t = tAccount(locale);
  await prepareStorage(context, { locale });
  let logins = 0;
  await page.route('**/api/v1/account/login', async (route) => {
    logins++;
    await new Promise((r) => setTimeout(r, 500)); // a slow network
    await route.continue();
  });
  await page.goto('/account/login');
  await ready(page, t('login.submit'));
  await page.getByLabel(t('email'), { exact: true }).fill('demo@cabinet.local');
  await page.getByLabel(t('password'), { exact: true }).fill('demo123');
  const button = page.getByRole('button', { name: t('login.submit') });
  await button.click();
  await page.locator('form').evaluate((form: HTMLFormElement) => form.requestSubmit());
  await expect(heading(page)).toHaveText(tRoutes(locale)('home'));
  expect(logins).toBe(1);
});

test('demo, marketplace registration and Google sign-in', async ({ page, context, brand }) => {
  const locale = brand.locale.default;
  const t = tAccount(locale);
  await prepareStorage(context, { locale });
  await page.goto('/demo');
  // The demo owner of the page's language (src/server/modules/demo/accounts.ts DEMO_ACCOUNTS).
  const language = toSystemLanguage(locale);
  await expect(page.locator('[data-user-email]')).toHaveText(language === 'ru' ? 'demo@cabinet.local' : `demo-${language.replace('_', '-')}@cabinet.local`);
  await forgetSession(page, locale);

  const email = uniqueEmail('market');
  await page.goto(`${localizedPath(brand, locale, '/account/register/altegio/app-77')}`);
  await expect(page.getByText(t('register.marketplace', { system: 'Altegio' }))).toBeVisible();
  await register(page, t, { email, password: 'secret1' });
  await expect(page.locator('[data-user-email]')).toHaveText(email);
  await expect(page.locator('[data-account-item="altegio"]')).not.toHaveAttribute('hidden');
  await expect(page.locator('[data-account-item="yclients"]')).toHaveAttribute('hidden');
  await forgetSession(page, locale);

  const key = JSON.parse(readFileSync(new URL('./fixtures/google-test-key.json', import.meta.url), 'utf8'));
  const googleEmail = uniqueEmail('google');
  const idToken = await new SignJWT({ email: googleEmail, email_verified: true, name: 'Google User' })
    .setProtectedHeader({ alg: 'RS256', kid: key.privateJwk.kid })
    .setIssuer('https://accounts.google.com')
    .setAudience(GOOGLE_CLIENT_ID)
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(await importJWK(key.privateJwk, 'RS256'));
  await page.goto(`/account/google/callback#id_token=${idToken}`);
  await expect(heading(page)).toHaveText(tRoutes(locale)('accountUpdate'));
  expect(page.url()).not.toContain('id_token');
  await ready(page, t('update.submit'));
  await page.getByLabel(t('phone')).fill('+5511987654321');
  await page.getByLabel(t('country')).selectOption({ index: 1 });
  await page.getByRole('button', { name: t('update.submit') }).click();
  await expect(heading(page)).toHaveText(tRoutes(locale)('home'));
  await expect(page.locator('[data-user-email]')).toHaveText(googleEmail);

  await forgetSession(page, locale);
  await page.goto('/account/google/callback#id_token=forged.token.value');
  await expect(page.getByRole('alert')).toHaveText(t('server.externalLoginFailed'));
});

test('toasts: at most five, each gone after five seconds', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tAccount(locale);
  const { demoTokens } = await import('./support.ts');
  await prepareStorage(context, { tokens: await demoTokens(baseURL!), locale });
  await page.clock.install();
  await page.goto('/account/profile');
  await page.clock.pauseAt(Date.now() + 60_000); // time stands still until the test moves it
  const save = page.getByRole('button', { name: t('profile.saveReports') });
  for (let i = 0; i < 6; i++) {
    await Promise.all([page.waitForResponse((r) => r.url().includes('/api/v1/Account/Profile')), save.click()]);
    await expect(save).toBeEnabled();
    await expect(page.locator('[data-toast="success"]')).toHaveCount(Math.min(i + 1, 5));
  }
  await page.clock.fastForward(4900);
  await expect(page.locator('[data-toast]')).toHaveCount(5);
  await page.clock.fastForward(200);
  await expect(page.locator('[data-toast]')).toHaveCount(0);
});

test('an access token that expires mid-session is renewed silently', async ({ page, context, brand }) => {
  const locale = brand.locale.default;
  const t = tAccount(locale);
  const origin = `http://${brand.id}.localhost:${E2E_SHORT_TOKEN_PORT}`;
  await prepareStorage(context, { locale });
  await page.goto(`${origin}/account/login`);
  await signIn(page, t, 'demo@cabinet.local', 'demo123');
  await expect(heading(page)).toHaveText(tRoutes(locale)('home'));
  const first = await page.evaluate(() => localStorage.getItem('token'));
  await page.waitForTimeout(4000); // the access token (3 s) has expired
  await page.goto(`${origin}/account/profile`);
  await expect(page.getByRole('textbox', { name: t('phone') })).toHaveValue('+79990000000');
  const renewed = await page.evaluate(() => localStorage.getItem('token'));
  expect(renewed).not.toBe(first);
  await expect(heading(page)).toHaveText(tRoutes(locale)('profile'));
});

test('the support chat loads once for a signed-in user, and the page works when it cannot', async ({ page, context, brand, baseURL }) => {
  test.skip(!brand.supportChat, 'no support chat on this host');
  const { demoTokens } = await import('./support.ts');
  await prepareStorage(context, { tokens: await demoTokens(baseURL!), locale: brand.locale.default });
  let loads = 0;
  await page.route(brand.supportChat!.scriptUrl, (route) => {
    loads++;
    return route.fulfill({ contentType: 'text/javascript', body: 'window.__chatSeen = window.supportChatSettings;' });
  });
  await page.goto('/account/profile');
  await expect.poll(() => page.evaluate(() => (window as any).__chatSeen?.phone)).toBe('+79990000000');
  const settings = await page.evaluate(() => (window as any).__chatSeen);
  expect(settings.email).toBe('demo@cabinet.local');
  expect(settings.adminPaymentsUrl).toMatch(/\/admin\/pays\?userId=\d+$/);
  expect(loads).toBe(1);

  await page.unroute(brand.supportChat!.scriptUrl);
  await page.route(brand.supportChat!.scriptUrl, (route) => route.abort());
  await page.goto('/account/profile');
  await expect(heading(page)).toHaveText(tRoutes(brand.locale.default)('profile'));
  await expect(page.getByRole('textbox', { name: tAccount(brand.locale.default)('phone') })).toBeVisible();
});
