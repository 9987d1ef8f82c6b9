// Home (issue 16): a new owner signs up, lands on Home, runs the quick start from the checklist and reaches a running
// test-mode flow in the trial, without staff help; the demo account shows a living salon on Home, Flows and the log.
import type { Page } from '@playwright/test';
import { demoTokens, expect, expectNoSeriousA11yViolations, hydrated, prepareStorage, tAccount, tOf, tOnboarding, tRoutes, test, uniqueEmail } from './support.ts';
import type { Locale } from '../../src/i18n/locales.ts';

test.beforeEach(({ brand }) => {
  test.skip(brand.id !== 'main-ru' && brand.id !== 'main-intl', 'Home journeys run on the main hosts');
});

const tHome = (locale: Locale) => tOf(locale, 'home');
const step = (page: Page, name: string) => page.locator(`[data-step="${name}"]`);
/** Where a Home section starts on the page (the checklist or the week). */
const top = async (page: Page, section: 'checklist' | 'week') => (await page.locator(`[data-home-${section}]`).boundingBox())!.y;

test('a new owner signs up, lands on Home and reaches a running test flow through the quick start', async ({ page, context, brand }) => {
  const locale = brand.locale.default;
  const t = tAccount(locale);
  const th = tHome(locale);
  const tq = tOnboarding(locale);
  await prepareStorage(context, { locale });
  await page.goto('/account/register');
  await expect(page.getByRole('button', { name: t('register.submit') })).toBeEnabled();
  await page.getByLabel(t('email'), { exact: true }).fill(uniqueEmail('home'));
  await page.getByLabel(t('password'), { exact: true }).fill('first-pass1');
  await page.getByLabel(t('confirmPassword')).fill('first-pass1');
  await page.getByLabel(t('phone')).fill('+7 916 123-45-67');
  const country = page.getByLabel(t('country'));
  if (await country.count()) await country.selectOption({ index: 1 });
  await page.getByLabel(t('terms')).check();
  await page.getByRole('button', { name: t('register.submit') }).click();

  // Home: the checklist, nothing done yet, the trial's end in the pay step, and an empty week leading to step one.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tRoutes(locale)('home'));
  await expect(page.getByText(th('checklist.progress', { done: 0, total: 6 }))).toBeVisible();
  for (const name of ['whatsApp', 'bookingSystem', 'quickstart', 'testFlow', 'combatFlow', 'paid']) await expect(step(page, name)).toHaveAttribute('data-done', 'false');
  await expect(step(page, 'paid').locator('[data-trial="active"]')).toBeVisible();
  await expect(page.getByText(th('week.empty'))).toBeVisible();
  await expect(page.getByText(/not built|не готов/i)).toHaveCount(0);
  // Setup not done: the checklist leads, unfolded, and the week follows it.
  await expect(page.locator('[data-setup-complete]')).toHaveCount(0);
  expect(await top(page, 'checklist')).toBeLessThan(await top(page, 'week'));
  await expectNoSeriousA11yViolations(page, `${brand.id} home (new owner)`);

  // The quick start from its step: one goal, start now.
  await step(page, 'quickstart').getByRole('link').click();
  await hydrated(page);
  await page.getByRole('checkbox', { name: tq('quickstart.goals.noShows') }).check();
  await page.getByRole('button', { name: tq('quickstart.next') }).click();
  await page.getByRole('button', { name: tq('quickstart.next') }).click();
  await page.getByRole('radio', { name: tq('quickstart.start.now') }).check();
  await page.getByRole('button', { name: tq('quickstart.next') }).click();
  await page.getByRole('button', { name: tq('quickstart.finish') }).click();
  const list = page.getByRole('list', { name: tq('quickstart.result.list') });
  // The trial opens every kind the quick start makes: both flows really start.
  for (const kind of ['recordReminder', 'newRecord']) await expect(list.locator(`[data-flow-kind="${kind}"]`)).toContainText(tq('quickstart.result.started'));
  const trial = page.locator('[data-trial="active"]');
  await expect(trial).toBeVisible();
  await expect(trial.getByRole('link', { name: tq('trial.pay') })).toHaveAttribute('href', /\/payments$/);

  // Back on Home the steps tick themselves and the week shows the running flows.
  await page.goto('/');
  await expect(step(page, 'quickstart')).toHaveAttribute('data-done', 'true');
  await expect(step(page, 'testFlow')).toHaveAttribute('data-done', 'true');
  await expect(step(page, 'combatFlow')).toHaveAttribute('data-done', 'false');
  await expect(page.getByText(th('checklist.progress', { done: 2, total: 6 }))).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: /^2$/ }).first()).toBeVisible();
});

test('the demo account shows a living salon on Home, Flows, the message log, conversion, subscribers and the blacklist', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const th = tHome(locale);
  await prepareStorage(context, { tokens: await demoTokens(baseURL!), locale });
  await page.goto('/');
  await expect(page.getByText(th('checklist.progress', { done: 6, total: 6 }))).toBeVisible();
  // Every step done: the week leads and the checklist is one folded "Setup complete" line below it, which opens.
  const folded = page.locator('[data-setup-complete]');
  await expect(folded.getByRole('heading', { name: th('checklist.complete') })).toBeVisible();
  expect(await top(page, 'week')).toBeLessThan(await top(page, 'checklist'));
  await expect(step(page, 'whatsApp')).toBeHidden();
  await folded.locator('summary').click();
  await expect(step(page, 'whatsApp')).toBeVisible();
  await expect(step(page, 'paid')).toHaveAttribute('data-done', 'true');
  const sent = page.locator('dt', { hasText: th('week.sent') }).locator('xpath=following-sibling::dd[1]');
  await expect(sent).toHaveText(/^[1-9][\d\s]*$/);
  await expect(page.locator('dt', { hasText: th('week.conversion') }).locator('xpath=following-sibling::dd[1]')).toHaveText(/^\d+%$/);
  await expectNoSeriousA11yViolations(page, `${brand.id} home (demo)`);

  await page.getByRole('link', { name: tRoutes(locale)('flows') }).last().click();
  await expect(page.locator('tbody tr')).toHaveCount(6);
  await page.goto('/insights/message-logs/');
  await expect(page.locator('tbody tr').first()).toBeVisible();
  expect(await page.locator('tbody tr').count()).toBeGreaterThan(5);
  // Conversion opens on a flow that sent, with numbers; subscribers and the blacklist have rows.
  await page.goto('/insights/conversion');
  await expect(page.getByTestId('messaged')).toHaveText(/^[1-9]\d*$/);
  for (const path of ['/phones/subscribers', '/phones/ignore']) {
    await page.goto(path);
    await expect(page.locator('tbody tr').first(), path).toBeVisible();
  }
});

test('/demo opens the demo salon in the page language: English on main-intl, Russian on main-ru', async ({ page, context, brand }) => {
  const locale = brand.locale.default;
  await prepareStorage(context, { locale });
  await page.goto('/demo');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tRoutes(locale)('home'));
  await page.goto('/flows');
  const titles = page.locator('tbody tr td:nth-child(2)');
  await expect(titles).toHaveCount(6);
  const text = (await titles.allTextContents()).join(' | ');
  if (locale === 'ru') expect(text).toMatch(/[А-Яа-я]/);
  else expect(text).not.toMatch(/[А-Яа-яЁё]/);
  await page.goto('/insights/message-logs/');
  await expect(page.locator('tbody tr').first()).toBeVisible();
  const log = await page.locator('tbody').innerText();
  if (locale === 'ru') expect(log).toMatch(/[А-Яа-я]/);
  else expect(log).not.toMatch(/[А-Яа-яЁё]/);
});
