// The distribution editor (issue 20): a distribution from a pasted phone table (an invalid and a repeated row reported
// per row), a test number, dispatch hours, Save, then a test start whose progress is watched until it is done (the
// e2e server's delivery channel sends at once). Steps are addressable by URL; the §6 notice for a missing tariff.
import { expect, expectNoSeriousA11yViolations, hydrated, prepareStorage, test, tOf, type Tokens } from './support.ts';
import { adminTokens } from './support.ts';
import { api, customer } from './flows-support.ts';
import type { Locale } from '../../src/i18n/locales.ts';
import { routesForBrand } from '../../src/routes/select.ts';

const tEditor = (locale: Locale) => tOf(locale, 'distributions', 'editor');
/** The flow editor's texts the editor's reused parts show (their distribution wording is in `editor.parts`). */
const tParts = (locale: Locale) => tOf(locale, 'flows', 'editor');

/** A fresh owner (the base booking tariff, trial ended) and, when `tariff13`, WhatsApp distribution paid for a month. */
async function owner(baseURL: string, tariff13: boolean): Promise<Tokens> {
  const tokens = await customer(baseURL, 'dist');
  if (tariff13) {
    const me = await api(baseURL, 'GET', '/Account/CurrentUser', tokens.token);
    const staff = await adminTokens(baseURL);
    const now = Math.floor(Date.now() / 1000);
    await api(baseURL, 'POST', `/Admin/Users/${me.id}/Pays`, staff.token, { tariff: 13, dateBeginUnixTime: now - 86_400, dateEndUnixTime: now + 30 * 86_400 });
  }
  return tokens;
}

test.beforeEach(async ({ brand }) => {
  test.skip(!routesForBrand(brand).some((r) => r.name === 'distributionEdit'), 'no distributions on this host');
});

test('a distribution from a pasted table, started in test mode, reaches done', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tEditor(locale);
  const tp = tParts(locale);
  const tokens = await owner(baseURL!, true);
  const created = await api(baseURL!, 'POST', '/Distributions', tokens.token, { title: 'Spring offer' });
  const id = created.id as number;
  await prepareStorage(context, { tokens, locale });

  // An unknown step opens the first; the message step is the flow editor's (title, text, preview).
  await page.goto(`/distributions/edit/${id}/nonsense`);
  await hydrated(page);
  await expect(page).toHaveURL(new RegExp(`/distributions/edit/${id}/message$`));
  await expect(page.getByLabel(t('parts.title'))).toHaveValue('Spring offer');
  await expect(page.getByTestId('message-preview')).toBeVisible();
  await expectNoSeriousA11yViolations(page, `${brand.id} distribution editor: message`);

  // Recipients: a pasted table of five rows, one not a phone and one repeated; both reported with row and reason.
  await page.getByRole('link', { name: new RegExp(t('step.recipients')) }).click();
  await expect(page).toHaveURL(new RegExp(`/distributions/edit/${id}/recipients$`));
  await expect(page.getByText(t('noTable'))).toBeVisible();
  await page.getByLabel(t('paste')).fill('+7 916 123-45-01, Anna\n+79161234502\nnot a phone\n+7 916 123 45 01\n+79161234503; Boris');
  await page.getByRole('button', { name: t('usePaste') }).click();
  const report = page.getByTestId('import-report');
  await expect(report).toContainText(t('report', { rows: 5, accepted: 3, rejected: 2 }));
  const rejected = report.getByRole('region', { name: t('rejectedTitle') });
  await expect(rejected.getByRole('row')).toHaveCount(3);
  await expect(rejected.getByRole('row').nth(1)).toContainText(`3not a phone${t('issue.phoneInvalid')}`);
  await expect(rejected.getByRole('row').nth(2)).toContainText(t('issue.duplicate'));
  await expect(rejected.getByRole('row').nth(2)).toContainText('4');
  await expect(page.getByTestId('stored-table')).toHaveText(t('stored', { name: t('pasted'), accepted: 3, rejected: 2 }));
  await expect(page.getByText(t('blacklistNote'))).toBeVisible();
  await expect(page.getByTestId('audience-preview')).toContainText(t('preview.remaining'));
  await expectNoSeriousA11yViolations(page, `${brand.id} distribution editor: recipients`);

  // Sending: a test number; the mode stays test.
  await page.getByRole('link', { name: new RegExp(t('step.sending')) }).click();
  await page.getByLabel(tp('testPhones')).fill('+79161234599');

  // Schedule: every hour, so the test goes out whatever the time of the run; the back button returns a step.
  await page.getByRole('link', { name: new RegExp(t('step.schedule')) }).click();
  await expect(page).toHaveURL(new RegExp(`/distributions/edit/${id}/schedule$`));
  const hours = page.getByRole('group', { name: t('hours') });
  await hours.getByLabel(tp('from')).fill('0');
  await hours.getByLabel(tp('to')).fill('24');
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/distributions/edit/${id}/sending$`));
  await expect(page.getByLabel(tp('testPhones'))).toHaveValue('+79161234599');
  await page.getByRole('button', { name: t('save'), exact: true }).click();
  await expect(page.getByText(t('saved'))).toBeVisible();

  // Start in test mode: one message to the test number; the status and the test line reach done.
  await page.getByRole('link', { name: new RegExp(t('step.start')) }).click();
  await page.getByRole('button', { name: t('start.startTest') }).click();
  await expect(page.getByTestId('test-run')).toHaveText(t('start.testDone', { number: 1, sent: 1, messages: 1, failed: 0 }), { timeout: 30_000 });
  await expect(page.getByTestId('distribution-status')).toContainText(t('status.Done'));

  // Reloaded, the stored settings are there.
  await page.goto(`/distributions/edit/${id}/schedule`);
  await hydrated(page);
  await expect(page.getByRole('group', { name: t('hours') }).getByLabel(tp('to'))).toHaveValue('24');
});

test('a live start asks first, naming how many get the message', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tEditor(locale);
  const tp = tParts(locale);
  const tokens = await owner(baseURL!, true);
  const created = await api(baseURL!, 'POST', '/Distributions', tokens.token, { title: 'Live' });
  await api(baseURL!, 'PUT', `/Distributions/${created.id}/Recipients`, tokens.token, { text: '+79161234521\n+79161234522\n+79161234523\n+79161234524' });
  await prepareStorage(context, { tokens, locale });
  await page.goto(`/distributions/edit/${created.id}/sending`);
  await hydrated(page);

  // Live mode is the flow editor's confirmed switch, worded for a distribution.
  const live = page.getByRole('radio', { name: tp('modeName.combat') });
  await live.click();
  const ask = page.getByRole('dialog', { name: t('parts.combat.title') });
  await ask.getByRole('button', { name: t('parts.combat.yes') }).click();
  await expect(live).toBeChecked();
  await page.getByRole('link', { name: new RegExp(t('step.start')) }).click();
  await expect(page.getByText(t('start.savesFirst'))).toBeVisible();

  // Start saves the mode, then asks with the count of those who remain; "not now" changes nothing.
  await page.getByRole('button', { name: t('start.startCombat') }).click();
  const confirm = page.getByRole('alertdialog', { name: t('start.confirmTitle') });
  await expect(confirm).toContainText(t('start.confirmText', { count: 4, cap: 300 }));
  await confirm.getByRole('button', { name: t('start.confirmNo') }).click();
  await expect(page.getByTestId('distribution-status')).toContainText(t('status.Pause'));
  await page.getByRole('button', { name: t('start.startCombat') }).click();
  await confirm.getByRole('button', { name: t('start.confirmYes') }).click();
  await expect(page.getByText(t('start.started'))).toBeVisible();
  await expect(page.getByTestId('distribution-status')).not.toContainText(t('status.Pause'));
  const stored = await api(baseURL!, 'GET', `/Distributions/${created.id}`, tokens.token);
  expect(stored.mode).toBe('combat');
});

test('without tariff 13 the editor says what to buy', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tEditor(locale);
  const tokens = await owner(baseURL!, false);
  const created = await api(baseURL!, 'POST', '/Distributions', tokens.token, { title: 'No tariff' });
  await prepareStorage(context, { tokens, locale });
  await page.goto(`/distributions/edit/${created.id}/start`);
  await hydrated(page);
  await expect(page.getByRole('alert').filter({ hasText: t('notAvailable') })).toBeVisible();
  await expect(page.getByRole('alert').getByRole('link', { name: t('toPayments') })).toHaveAttribute('href', /\/payments$/);
  await expect(page.getByRole('button', { name: t('start.startTest') })).toBeDisabled();
});

test('a CSV table, the client base with a saved audience, and the schedule’s checks', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tEditor(locale);
  const tp = tParts(locale);
  const tokens = await owner(baseURL!, true);
  const created = await api(baseURL!, 'POST', '/Distributions', tokens.token, { title: 'Audience' });
  await prepareStorage(context, { tokens, locale });
  await page.goto(`/distributions/edit/${created.id}/recipients`);
  await hydrated(page);

  // A CSV file replaces the table; the short row is reported.
  const csv = 'phone,name\n+79161234511,Anna\n+79161234512,Olga\n12,Short\n+79161234513,Ivan\n';
  await page.getByLabel(t('file', { formats: 'CSV / XLSX' })).setInputFiles({ name: 'clients.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByTestId('stored-table')).toHaveText(t('stored', { name: 'clients.csv', accepted: 3, rejected: 1 }));
  await expect(page.getByTestId('import-report').getByRole('region', { name: t('rejectedTitle') })).toContainText(t('issue.phoneInvalid'));

  // The client base: a range checked as typed, then filters saved as an audience, picked, and deleted after a question.
  await page.getByRole('radio', { name: t('sourceName.clients') }).check();
  const visits = page.getByRole('group', { name: tp('filter.visitCount') });
  await visits.getByLabel(tp('from')).fill('10');
  await visits.getByLabel(tp('to')).fill('5');
  await expect(visits.getByText(tp('rule.rangeInvalid'))).toBeVisible();
  await visits.getByLabel(tp('from')).fill('1');
  await expect(visits.getByText(tp('rule.rangeInvalid'))).toHaveCount(0);
  await expect(page.getByText(t('segmentsEmpty'))).toBeVisible();
  await page.getByLabel(t('segmentName')).fill('Regulars');
  await page.getByRole('button', { name: t('saveSegment') }).click();
  await expect(page.getByText(t('segmentSaved'))).toBeVisible();
  await expect(page.getByLabel(t('segmentPick'))).toHaveValue(/\d+/);
  await page.getByRole('button', { name: t('deleteSegment') }).click();
  const dialog = page.getByRole('alertdialog', { name: t('deleteSegmentTitle') });
  await dialog.getByRole('button', { name: t('deleteSegmentYes') }).click();
  await expect(page.getByText(t('segmentDeleted'))).toBeVisible();
  await expect(page.getByText(t('segmentsEmpty'))).toBeVisible();

  // Schedule: no day is refused here; a cap above the §9 maximum is refused by the server, on the field.
  await page.getByRole('link', { name: new RegExp(t('step.schedule')) }).click();
  const days = page.getByRole('group', { name: t('days') });
  for (const box of await days.getByRole('checkbox').all()) await box.uncheck();
  await expect(days).toContainText(t('rule.daysRequired'));
  await days.getByRole('checkbox').first().check();
  const cap = page.getByLabel(t('dailyCap'));
  await cap.fill('301');
  await page.getByRole('button', { name: t('save'), exact: true }).click();
  await expect(cap).toHaveAccessibleDescription(t('rule.dailyCapTooHigh', { max: 300 }));
  await cap.fill('100');
  await page.getByRole('button', { name: t('save'), exact: true }).click();
  await expect(page.getByText(t('saved'))).toBeVisible();
  await expectNoSeriousA11yViolations(page, `${brand.id} distribution editor: schedule`);
  const stored = await api(baseURL!, 'GET', `/Distributions/${created.id}`, tokens.token);
  expect(stored).toMatchObject({ source: 'clients', dailyCap: 100, daysOfWeek: [1], filters: { visitCount: { from: 1, to: 5 } } });
});
