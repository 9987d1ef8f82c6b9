// Telegram bots, Twilio senders and Sigma SMS accounts (/accounts/telegram, /twilio, /sigma) against the doubles the
// global setup starts (tests/e2e/providers-gateway.ts): the empty state, a required field, a wrong credential's error
// at its field, adding (listed with the secret masked, never shown back), the bot's code step ('code not sent',
// 'Invalid code' with the attempts left, then Connected) and delete behind a confirmation.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { customer } from './flows-support.ts';
import { expect, expectNoSeriousA11yViolations, hydrated, prepareStorage, tOf, tRoutes, test } from './support.ts';
import { providerControl } from './providers-gateway.ts';
import { E2E_SIGMA_PORT, E2E_TELEGRAM_PORT, E2E_TWILIO_PORT } from './ports.ts';
import type { Brand } from '../../src/brand/load.ts';

type T = ReturnType<typeof tOf>;
const unique = () => `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
const form = (page: Page, kind: string) => page.locator(`form[aria-labelledby="add-${kind}-title"]`);
/** The field's error, next to it (and tied to it by aria-describedby). */
const fieldError = (page: Page, label: string) => page.getByLabel(label, { exact: true }).locator('xpath=..').locator('[data-field-error]');

/** Opens a kind's screen as a new customer: the empty state leads to the form. */
async function open(page: Page, context: import('@playwright/test').BrowserContext, baseURL: string, brand: Brand, path: string, route: string, kind: string) {
  const locale = brand.locale.default;
  const t = tOf(locale, 'connections');
  await prepareStorage(context, { tokens: await customer(baseURL, kind), locale });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tRoutes(locale)(route));
  await hydrated(page);
  await expect(page.getByText(t(`${kind}.empty`))).toBeVisible();
  await expectNoSeriousA11yViolations(page, `${brand.id} ${path} empty`);
  await page.getByRole('button', { name: t(`${kind}.first`) }).click();
  return t;
}

/** Deletes the only row through the confirmation; the empty state is back. */
async function remove(page: Page, t: T, kind: string, name: string) {
  await page.getByRole('button', { name: t('actions.deleteLabel', { name }) }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: t('remove.yes') }).click();
  await expect(page.locator('tbody tr')).toHaveCount(0);
  await expect(page.getByText(t(`${kind}.empty`))).toBeVisible();
}

test('Telegram: adds a bot by token, proves it by the code the bot sends, deletes it', async ({ page, context, brand, baseURL }) => {
  const t = await open(page, context, baseURL!, brand, '/accounts/telegram', 'accountsTelegram', 'telegram');
  const token = `${Date.now() % 1e9}:${randomBytes(27).toString('base64url')}`;
  const username = `e2e_${unique()}_bot`;
  const tokenField = page.getByLabel(t('telegram.token'), { exact: true });
  await expect(tokenField).toBeFocused();

  // Empty, then not a bot token, then a token Telegram refuses: each at the field, nothing added.
  await form(page, 'telegram').getByRole('button', { name: t('telegram.submit') }).click();
  await expect(tokenField).toHaveAttribute('aria-invalid', 'true');
  await expect(fieldError(page, t('telegram.token'))).toHaveText(t('problem.required'));
  await tokenField.fill('not-a-token');
  await form(page, 'telegram').getByRole('button', { name: t('telegram.submit') }).click();
  await expect(fieldError(page, t('telegram.token'))).toHaveText(t('server.telegramTokenInvalid'));
  await tokenField.fill(token);
  await form(page, 'telegram').getByRole('button', { name: t('telegram.submit') }).click();
  await expect(fieldError(page, t('telegram.token'))).toHaveText(t('server.telegramTokenRejected'));
  await expect(page.locator('tbody tr')).toHaveCount(0);

  // The bot exists at Telegram now: added, listed with the token masked, and the code step opens.
  await providerControl(E2E_TELEGRAM_PORT, 'bot', { token, username });
  await form(page, 'telegram').getByRole('button', { name: t('telegram.submit') }).click();
  const row = page.locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`@${username}`);
  await expect(row.locator('[data-masked]')).toHaveText(`••••${token.slice(-4)}`);
  await expect(row).toContainText(t('telegram.waiting'));
  await expect(page.locator('body')).not.toContainText(token);
  await expect(tokenField).toHaveValue('');
  const step = page.locator('[data-telegram-code]');
  await expect(step.getByRole('link', { name: t('telegram.stepOpen', { name: `@${username}` }) })).toHaveAttribute('href', `https://t.me/${username}`);
  await expectNoSeriousA11yViolations(page, `${brand.id} /accounts/telegram code step`);

  // A code before /start: 'code not sent' is the panel's text.
  const codeField = page.getByLabel(t('telegram.code'), { exact: true });
  await codeField.fill('123456');
  await step.getByRole('button', { name: t('telegram.confirm') }).click();
  await expect(step.locator('[data-form-message="error"]')).toHaveText(t('server.telegramCodeNotSent'));

  // /start: the bot answers with the code; a wrong one says so at the field with the attempts left.
  const { text } = await providerControl<{ text: string | null }>(E2E_TELEGRAM_PORT, 'start', { token, chat: 700_000 + (Date.now() % 100_000), lang: brand.locale.default.slice(0, 2) });
  const code = /\b(\d{6})\b/.exec(text ?? '')?.[1];
  expect(code, `the bot's answer: ${text}`).toBeTruthy();
  await codeField.fill(code === '000000' ? '111111' : '000000');
  await step.getByRole('button', { name: t('telegram.confirm') }).click();
  await expect(fieldError(page, t('telegram.code'))).toHaveText(`${t('server.telegramCodeInvalid')}. ${t('telegram.attemptsLeft', { count: 4 })}`);
  await codeField.fill(code!);
  await step.getByRole('button', { name: t('telegram.confirm') }).click();
  await expect(step).toHaveCount(0);
  await expect(row.locator('[data-state]')).toHaveAttribute('data-state', 'Connected');

  await remove(page, t, 'telegram', `@${username}`);
});

test('Twilio: a wrong token at its field, adds a WhatsApp sender listed masked, deletes it', async ({ page, context, brand, baseURL }) => {
  const t = await open(page, context, baseURL!, brand, '/accounts/twilio', 'accountsTwilio', 'twilio');
  const sid = `AC${randomBytes(16).toString('hex')}`;
  const token = randomBytes(16).toString('hex');
  const phone = `+1415${String(Date.now() % 1e7).padStart(7, '0')}`;
  await expect(page.getByLabel(t('twilio.name'), { exact: true })).toBeFocused();
  await providerControl(E2E_TWILIO_PORT, 'account', { sid, token, sender: `whatsapp:${phone}` });
  const submit = form(page, 'twilio').getByRole('button', { name: t('twilio.submit') });

  // Required fields at their fields; then a SID of the wrong shape, then a wrong token, each at its field.
  await submit.click();
  await expect(fieldError(page, t('twilio.accountSid'))).toHaveText(t('problem.required'));
  await expect(fieldError(page, t('twilio.authToken'))).toHaveText(t('problem.required'));
  await page.getByLabel(t('twilio.accountSid'), { exact: true }).fill('AC123');
  await page.getByLabel(t('twilio.authToken'), { exact: true }).fill('wrong-token-0000');
  await page.getByLabel(t('twilio.phone'), { exact: true }).fill(phone);
  await page.getByLabel(t('twilio.channel'), { exact: true }).selectOption('whatsapp');
  await submit.click();
  await expect(fieldError(page, t('twilio.accountSid'))).toHaveText(t('server.twilioSidInvalid'));
  await page.getByLabel(t('twilio.accountSid'), { exact: true }).fill(sid);
  await submit.click();
  await expect(fieldError(page, t('twilio.authToken'))).toHaveText(t('server.twilioCredentialsRejected'));
  await expect(page.locator('tbody tr')).toHaveCount(0);

  await page.getByLabel(t('twilio.authToken'), { exact: true }).fill(token);
  await page.getByLabel(t('twilio.name'), { exact: true }).fill('Front desk');
  await submit.click();
  const row = page.locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Front desk');
  await expect(row).toContainText(sid);
  await expect(row).toContainText(phone);
  await expect(row).toContainText(t('twilio.whatsapp'));
  await expect(row.locator('[data-masked]')).toHaveText(`••••${token.slice(-4)}`);
  await expect(page.locator('body')).not.toContainText(token);
  await expect(page.getByLabel(t('twilio.authToken'), { exact: true })).toHaveValue('');
  await expectNoSeriousA11yViolations(page, `${brand.id} /accounts/twilio listed`);

  await remove(page, t, 'twilio', 'Front desk');
});

test('Sigma SMS: a wrong password at its field, adds an account listed masked, deletes it', async ({ page, context, brand, baseURL }) => {
  const t = await open(page, context, baseURL!, brand, '/accounts/sigma', 'accountsSigma', 'sigma');
  const login = `salon-${unique()}`;
  const password = `pw-${randomBytes(8).toString('hex')}`;
  await providerControl(E2E_SIGMA_PORT, 'account', { login, password, sender: 'Salon' });
  const submit = form(page, 'sigma').getByRole('button', { name: t('sigma.submit') });

  await submit.click();
  await expect(fieldError(page, t('sigma.login'))).toHaveText(t('problem.required'));
  await page.getByLabel(t('sigma.login'), { exact: true }).fill(login);
  await page.getByLabel(t('sigma.password'), { exact: true }).fill('wrong-password');
  await page.getByLabel(t('sigma.sender'), { exact: true }).fill('Salon');
  await submit.click();
  await expect(fieldError(page, t('sigma.password'))).toHaveText(t('server.sigmaCredentialsRejected'));
  await page.getByLabel(t('sigma.password'), { exact: true }).fill(password);
  await page.getByLabel(t('sigma.sender'), { exact: true }).fill('Салон');
  await submit.click();
  await expect(fieldError(page, t('sigma.sender'))).toHaveText(t('server.sigmaSenderInvalid'));
  await expect(page.locator('tbody tr')).toHaveCount(0);

  await page.getByLabel(t('sigma.sender'), { exact: true }).fill('Salon');
  await submit.click();
  const row = page.locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(login);
  await expect(row).toContainText('Salon');
  await expect(row.locator('[data-masked]')).toHaveText(`••••${password.slice(-4)}`);
  await expect(page.locator('body')).not.toContainText(password);
  await expectNoSeriousA11yViolations(page, `${brand.id} /accounts/sigma listed`);

  await remove(page, t, 'sigma', login);
});
