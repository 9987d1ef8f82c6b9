// Quick start (§2): 4 addressable steps, goals → test-mode flows through the real API, start options, set-up request.
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, hydrated, mailTo, prepareStorage, tOnboarding, tRoutes, test, type Tokens } from './support.ts';
import { api, customer, tFlows } from './flows-support.ts';
import { routesForBrand } from '../../src/routes/select.ts';
import { defaultFlowText, findTemplate } from '../../src/shared/flows/templates.ts';
import { localDay, startOfDay } from '../../src/shared/flows/quickstart.ts';

/** A fresh owner with the base booking tariff (0): booking kinds and review requests run, repeat visits do not. */
async function owner(baseURL: string, tag: string): Promise<{ tokens: Tokens; email: string }> {
  const tokens = await customer(baseURL, `quickstart-${tag}`);
  return { tokens, email: (await api(baseURL, 'GET', '/Account/CurrentUser', tokens.token)).email };
}

const flowsOf = async (baseURL: string, token: string) => ((await api(baseURL, 'GET', '/Flows?pageSize=100', token)).flows as any[]);

/** Counts the quick start's writes, to prove a failed local check sends nothing. */
function writes(page: Page) {
  const sent: string[] = [];
  page.on('request', (r) => r.method() !== 'GET' && r.url().includes('/api/v1/') && !r.url().includes('RefreshToken') && sent.push(r.url()));
  return sent;
}

test.beforeEach(async ({ brand }) => {
  test.skip(!routesForBrand(brand).some((r) => r.name === 'quickstart'), 'no quick start on this host');
});

test('walks the 4 steps by keyboard and address, then starts test-mode flows now', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tOnboarding(locale);
  const tf = tFlows(locale);
  const text = (kind: Parameters<typeof defaultFlowText>[0]) => defaultFlowText(kind, locale);
  const { tokens } = await owner(baseURL!, 'now');
  await prepareStorage(context, { tokens, locale });
  const sent = writes(page);
  await page.goto('/account/quickstart');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tRoutes(locale)('quickstart'));
  const stepHeading = page.locator('#quickstart-step');
  await expect(stepHeading).toHaveText(t('quickstart.stepTitle', { step: 1, count: 4, name: t('quickstart.steps.goals') }));
  await expect(page.getByRole('navigation', { name: t('quickstart.progress') }).locator('[aria-current="step"]')).toContainText(t('quickstart.steps.goals'));
  await expectNoSeriousA11yViolations(page, `${brand.id} quick start step 1`);

  // No goal: the message sits next to the goals and nothing is sent.
  await page.getByRole('button', { name: t('quickstart.next') }).click();
  const goals = page.getByRole('group', { name: t('quickstart.goalsLegend') });
  await expect(goals.locator('[data-field-error]')).toHaveText(t('quickstart.errors.goalsRequired'));
  await expect(goals).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page, `${brand.id} quick start goals error`);
  expect(sent).toEqual([]);

  // Keyboard only: Space ticks a goal, Enter moves on, and focus lands on the new step's heading.
  await page.getByRole('checkbox', { name: t('quickstart.goals.noShows') }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: t('quickstart.goals.reactivate') })).toBeChecked();
  await page.getByRole('checkbox', { name: t('quickstart.goals.feedback') }).check();
  await page.getByRole('checkbox', { name: t('quickstart.goals.mapRatings') }).check();
  await page.getByRole('button', { name: t('quickstart.next') }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\?step=2$/);
  await expect(stepHeading).toBeFocused();
  await expect(stepHeading).toHaveText(t('quickstart.stepTitle', { step: 2, count: 4, name: t('quickstart.steps.messages') }));
  // Feedback and map ratings share one review request: 4 flows, each previewed with its default text.
  for (const kind of ['recordReminder', 'newRecord', 'repeatVisit', 'reviewRequest'] as const) await expect(page.getByRole('heading', { level: 3, name: text(kind).title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3 })).toHaveCount(4);
  await expect(page.getByText(t('quickstart.testModePhone', { phone: '+79161234567' }))).toBeVisible();
  await expectNoSeriousA11yViolations(page, `${brand.id} quick start step 2`);

  // Each step has an address: back returns to the goals with the answers kept, forward to the messages again.
  await page.goBack();
  await expect(stepHeading).toHaveText(t('quickstart.stepTitle', { step: 1, count: 4, name: t('quickstart.steps.goals') }));
  await expect(page.getByRole('checkbox', { name: t('quickstart.goals.feedback') })).toBeChecked();
  await page.goForward();
  await expect(page).toHaveURL(/\?step=2$/);
  await page.getByRole('button', { name: t('quickstart.next') }).click();

  // Step 3: a planned start without a date is stopped next to the date field.
  await expect(stepHeading).toHaveText(t('quickstart.stepTitle', { step: 3, count: 4, name: t('quickstart.steps.start') }));
  await page.getByRole('button', { name: t('quickstart.next') }).click();
  await expect(page.getByRole('group', { name: t('quickstart.startLegend') }).locator('[data-field-error]')).toHaveText(t('quickstart.errors.startRequired'));
  await page.getByRole('radio', { name: t('quickstart.start.planned') }).check();
  await page.getByRole('button', { name: t('quickstart.next') }).click();
  const day = page.getByLabel(t('quickstart.plannedDay'));
  await expect(day).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(t('quickstart.errors.nextStartRequired'))).toBeVisible();
  await expectNoSeriousA11yViolations(page, `${brand.id} quick start step 3`);
  expect(sent).toEqual([]);
  await page.getByRole('radio', { name: t('quickstart.start.now') }).check();
  await page.getByRole('button', { name: t('quickstart.next') }).click();

  // Step 4: the summary, then the flows are created and started.
  await expect(stepHeading).toHaveText(t('quickstart.stepTitle', { step: 4, count: 4, name: t('quickstart.steps.confirm') }));
  await expect(page.getByText(t('quickstart.flowsToCreate', { count: 4 }))).toBeVisible();
  await expectNoSeriousA11yViolations(page, `${brand.id} quick start step 4`);
  // A reload keeps the answers and the step.
  await page.reload();
  await hydrated(page);
  await expect(stepHeading).toHaveText(t('quickstart.stepTitle', { step: 4, count: 4, name: t('quickstart.steps.confirm') }));
  await page.getByRole('button', { name: t('quickstart.finish') }).click();

  await expect(page.getByRole('heading', { name: t('quickstart.result.title') })).toBeFocused();
  await expect(page.getByText(t('quickstart.result.created', { count: 4, total: 4 }))).toBeVisible();
  const list = page.getByRole('list', { name: t('quickstart.result.list') });
  await expect(list.locator('[data-flow-kind="recordReminder"]')).toContainText(t('quickstart.result.started'));
  // Repeat visits are not in the base tariff: the §8 text shows on that flow, the others still start.
  await expect(list.locator('[data-flow-kind="repeatVisit"]')).toContainText(t('quickstart.result.notStarted'));
  await expect(list.locator('[data-flow-kind="repeatVisit"]')).toContainText(tf('server.flowNotAvailable'));
  await expect(page.getByRole('link', { name: t('quickstart.result.toFlows') })).toHaveAttribute('href', /\/flows$/);
  await expectNoSeriousA11yViolations(page, `${brand.id} quick start result`);

  const flows = await flowsOf(baseURL!, tokens.token);
  expect(flows).toHaveLength(4);
  const byKind = Object.fromEntries(flows.map((f) => [f.type, f]));
  expect(flows.every((f) => f.mode === 'test')).toBe(true);
  // Default texts in the page's language, with the booking catalogue's timing.
  expect(byKind.recordReminder).toMatchObject({ ...findTemplate('yclients', 'recordReminder')!.timing, ...text('recordReminder'), status: 'Waiting' });
  expect(byKind.newRecord.status).toBe('Working');
  expect(byKind.reviewRequest.status).toBe('Waiting');
  expect(byKind.repeatVisit.status).toBe('Unavailable');
  for (const f of flows) await expect(page.getByRole('link', { name: f.title })).toHaveAttribute('href', new RegExp(`/flows/edit/${f.id}$`));
});

test('a step opened by address without its answers falls back to the first one', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tOnboarding(locale);
  const { tokens } = await owner(baseURL!, 'address');
  await prepareStorage(context, { tokens, locale });
  await page.goto('/account/quickstartAltegio?step=3');
  await hydrated(page);
  await expect(page.locator('#quickstart-step')).toHaveText(t('quickstart.stepTitle', { step: 1, count: 4, name: t('quickstart.steps.goals') }));
  await expect(page.getByText(t('quickstart.introSystem', { system: 'Altegio' }))).toBeVisible();
});

test('planned for tomorrow: the flows carry their next start', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tOnboarding(locale);
  const { tokens } = await owner(baseURL!, 'tomorrow');
  await prepareStorage(context, { tokens, locale });
  await page.goto('/account/quickstartYclientsSimple');
  await hydrated(page);
  // The simple variant comes with the recommended goals chosen.
  await expect(page.getByRole('checkbox', { name: t('quickstart.goals.noShows') })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: t('quickstart.goals.feedback') })).toBeChecked();
  await page.getByRole('button', { name: t('quickstart.next') }).click();
  await page.getByRole('button', { name: t('quickstart.next') }).click();
  await page.getByRole('radio', { name: t('quickstart.start.tomorrow'), exact: true }).check();
  await page.getByRole('button', { name: t('quickstart.next') }).click();
  await page.getByRole('button', { name: t('quickstart.finish') }).click();
  await expect(page.getByText(t('quickstart.result.created', { count: 3, total: 3 }))).toBeVisible();

  const at = startOfDay(localDay(new Date(), 1));
  const flows = await flowsOf(baseURL!, tokens.token);
  expect(flows.map((f) => [f.status, f.mode, f.nextStart])).toEqual(Array(3).fill(['Pause', 'test', at]));
});

test('contact a manager: the flows wait paused and a set-up request is sent', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tOnboarding(locale);
  const { tokens, email } = await owner(baseURL!, 'manager');
  await prepareStorage(context, { tokens, locale });
  await page.goto('/account/quickstartYclients');
  await hydrated(page);
  await expect(page.getByText(t('quickstart.introSystem', { system: 'YCLIENTS' }))).toBeVisible();
  await page.getByRole('checkbox', { name: t('quickstart.goals.dailyReport') }).check();
  await page.getByRole('button', { name: t('quickstart.next') }).click();
  await page.getByRole('button', { name: t('quickstart.next') }).click();
  await page.getByRole('radio', { name: t('quickstart.start.manager') }).check();
  await page.getByRole('button', { name: t('quickstart.next') }).click();
  await page.getByRole('button', { name: t('quickstart.finishManager') }).click();

  await expect(page.locator('[data-form-message="success"]')).toHaveText(t('server.setUpRequested'));
  await expect(page.locator('[data-flow-kind="dailyReport"]')).toContainText(t('quickstart.result.paused'));
  const flows = await flowsOf(baseURL!, tokens.token);
  expect(flows.map((f) => [f.type, f.mode, f.nextStart])).toEqual([['dailyReport', 'test', null]]);
  // Support is told who asked (the request is recorded server-side with the same call).
  await expect.poll(async () => (await mailTo('support@cabinet.local')).some((m) => m.text.includes(email))).toBe(true);
});
