// WhatsApp numbers (/accounts/whats-app) and the public QR page (QrCodeWidgetView, /widget/qr/{linkId}) against the
// WAHA double the global setup starts (tests/e2e/waha-gateway.ts): add a number, see its QR and the rotation, the
// account limit, share the QR link, the phone scans, Connected on both pages, log out, delete; the wait while the
// gateway starts; a pairing code with its 30-second countdown and the 3-a-day limit; a server with no gateway. The link's 30-minute expiry needs the server's clock: the API
// tests cover it (tests/api/connections/whatsapp.test.ts); here a wrong token shows the §8 text.
import type { Page } from '@playwright/test';
import { customer } from './flows-support.ts';
import { expect, expectNoSeriousA11yViolations, hydrated, prepareStorage, tOf, tRoutes, test } from './support.ts';
import { wahaControl } from './waha-gateway.ts';
import { E2E_SHORT_TOKEN_PORT } from './ports.ts';

const PATH = '/accounts/whats-app';
const addButton = (page: Page, t: ReturnType<typeof tOf>) => page.locator('form[aria-labelledby="add-number-title"]').getByRole('button', { name: t('add.submit') });
/** A text whose number (written as 999) may be any. */
const textWithNumber = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('999', '\\d+')}$`);

/** The page's layout shift so far (the CLS entries the browser kept). */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list, observer) => {
          observer.disconnect();
          resolve(list.getEntries().reduce((sum, e) => sum + ((e as PerformanceEntry & { hadRecentInput: boolean; value: number }).hadRecentInput ? 0 : (e as PerformanceEntry & { value: number }).value), 0));
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(0), 500); // no entry at all: nothing shifted
      }),
  );

/** Opens the screen as a new customer (limit 1) and adds one number; the QR panel opens with it. */
async function withNumber(page: Page, context: import('@playwright/test').BrowserContext, baseURL: string, locale: Parameters<typeof tOf>[0], name: string) {
  const t = tOf(locale, 'connections');
  await prepareStorage(context, { tokens: await customer(baseURL, 'whatsapp'), locale });
  await page.goto(PATH);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tRoutes(locale)('accountsWhatsApp'));
  await hydrated(page);
  await expect(page.getByText(t('empty'))).toBeVisible();
  await expect(page.locator('[data-limit]')).toHaveText(t('limit', { used: 0, count: 1 }));
  await page.getByLabel(t('add.name')).fill(name);
  await addButton(page, t).click();
  const row = page.locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(name);
  const id = Number(await row.getAttribute('data-number-id'));
  return { t, session: `c${id}` };
}

test('adds a number, shows the rotating QR, shares the link, connects on the scan, logs out and deletes', async ({ page, context, browser, brand, baseURL }) => {
  const locale = brand.locale.default;
  const name = 'Reception';

  // A name is required; the message sits at the field and nothing is added.
  const t = tOf(locale, 'connections');
  await prepareStorage(context, { tokens: await customer(baseURL!, 'whatsapp'), locale });
  await page.goto(PATH);
  await hydrated(page);
  await addButton(page, t).click();
  await expect(page.getByLabel(t('add.name'))).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(t('add.nameRequired'))).toBeVisible();
  await expect(page.getByText(t('empty'))).toBeVisible();
  await expectNoSeriousA11yViolations(page, `${brand.id} ${PATH} empty`);

  await page.getByLabel(t('add.name')).fill(name);
  await addButton(page, t).click();
  const row = page.locator('tbody tr');
  await expect(row).toHaveCount(1);
  const session = `c${await row.getAttribute('data-number-id')}`;
  await expect(page.locator('[data-limit]')).toHaveText(t('limit', { used: 1, count: 1 }));

  // The QR panel opened with the new number: the QR drawn from the gateway's text, named for screen readers.
  const qr = page.getByRole('img', { name: t('qr.image', { name }) });
  await expect(qr).toBeVisible();
  await expect(row).toContainText(t('state.GotQrCode'));
  const first = await qr.locator('path').getAttribute('d');
  expect(first).toMatch(/^M\d/);
  await expectNoSeriousA11yViolations(page, `${brand.id} ${PATH} QR`);
  // The gateway rotates the QR; the open panel asks again and shows the new one.
  await wahaControl('rotate', session);
  await expect.poll(() => qr.locator('path').getAttribute('d'), { timeout: 15_000 }).not.toBe(first);

  // At the limit the §8 text shows at the form and nothing is added.
  await page.getByLabel(t('add.name')).fill('Second');
  await addButton(page, t).click();
  await expect(page.locator('form[aria-labelledby="add-number-title"] [role="alert"]')).toHaveText(t('server.accountLimitReached', { limit: 1 }));
  await expect(row).toHaveCount(1);

  // The 30-minute sharing link: opened with no session, it shows the same QR and the instructions.
  await page.getByRole('button', { name: t('actions.shareLabel', { name }) }).click();
  const link = page.locator('[data-qr-link]');
  await expect(link).toBeVisible();
  await expect(page.locator('[data-share-panel]')).toContainText(t('share.expires', { time: '\u0000' }).split('\u0000')[0]!.trim());
  const href = await link.getAttribute('href');
  expect(href).toMatch(/\/widget\/qr\/[\w-]{20,}$/);
  const stranger = await browser.newContext({ baseURL });
  await prepareStorage(stranger, { locale });
  const visitor = await stranger.newPage();
  await visitor.goto(new URL(href!).pathname);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(tRoutes(locale)('qrCodeWidgetView'));
  await expect(visitor.getByRole('img', { name: t('public.image') })).toBeVisible();
  await expect(visitor.getByText(t('public.steps'))).toBeVisible();
  await expectNoSeriousA11yViolations(visitor, `${brand.id} /widget/qr/{linkId}`);

  // The owner links it; the phone scans: Connected on the owner's screen (with the phone) and on the shared page.
  await page.getByRole('button', { name: t('actions.linkLabel', { name }) }).click();
  await expect(qr).toBeVisible();
  await wahaControl('scan', session);
  await expect(page.getByText(t('qr.connected', { name }))).toBeVisible({ timeout: 15_000 });
  await expect(row).toContainText(t('state.Connected'));
  await expect(row).toContainText('+79990001122');
  await expect(visitor.locator('[data-qr-status]')).toHaveText(t('public.connected'), { timeout: 15_000 });
  await expect(visitor.getByRole('img')).toHaveCount(0);
  await stranger.close();

  // A wrong token (of the right shape, so the server is asked): the §8 "QR code error" text.
  const nobody = await browser.newContext({ baseURL });
  await prepareStorage(nobody, { locale });
  const wrong = await nobody.newPage();
  await wrong.goto(`/widget/qr/${'A'.repeat(43)}`);
  await expect(wrong.locator('[data-qr-status]')).toHaveText(t('server.qrLinkNotFound'));
  // The text takes the QR's place in its box (no empty square above it), and nothing on the page moved.
  await expect(wrong.locator('[data-qr-box] [data-qr-status]')).toBeVisible();
  expect((await wrong.locator('[data-qr-box]').boundingBox())!.height).toBeGreaterThanOrEqual(255);
  await expect(wrong.locator('[data-qr-figure]')).toBeEmpty();
  expect(await layoutShift(wrong)).toBeLessThan(0.01);
  await nobody.close();

  // Log out asks first.
  await page.getByRole('button', { name: t('actions.logoutLabel', { name }) }).click();
  let dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(t('logout.title'));
  await dialog.getByRole('button', { name: t('logout.yes') }).click();
  await expect(row).toContainText(t('state.NotAuthorized'));

  // Delete asks first and says the number stops sending; cancel keeps it.
  await page.getByRole('button', { name: t('actions.deleteLabel', { name }) }).click();
  dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(t('remove.text', { name }));
  await dialog.getByRole('button', { name: t('remove.no') }).click();
  await expect(row).toHaveCount(1);
  await page.getByRole('button', { name: t('actions.deleteLabel', { name }) }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: t('remove.yes') }).click();
  await expect(page.getByText(t('empty'))).toBeVisible();
  expect((await wahaControl('status', session)).status).toBeNull(); // the gateway's session is gone too
});

test('while the gateway starts: up to 2 minutes, with the time waited; then the QR', async ({ page, context, brand, baseURL }) => {
  const { t, session } = await withNumber(page, context, baseURL!, brand.locale.default, 'Branch');
  await expect(page.getByRole('img', { name: t('qr.image', { name: 'Branch' }) })).toBeVisible();
  // The session fails and starts again: the open panel shows the wait, and the QR when it comes.
  await wahaControl('move', session, 'FAILED');
  await wahaControl('move', session, 'STARTING');
  const panel = page.locator('[data-qr-panel]');
  await expect(panel.getByText(t('qr.loading'), { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByRole('progressbar')).toBeVisible();
  await expect(panel.getByText(textWithNumber(t('qr.elapsed', { seconds: 999 })))).toBeVisible();
  await wahaControl('move', session, 'SCAN_QR_CODE');
  await expect(page.getByRole('img', { name: t('qr.image', { name: 'Branch' }) })).toBeVisible({ timeout: 15_000 });
});

test('links by a pairing code: the code with its 30-second countdown, then at most 3 a day', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  await page.clock.install();
  const { t } = await withNumber(page, context, baseURL!, locale, 'Front desk');
  await page.getByRole('button', { name: t('qr.useCode') }).click();
  const form = page.locator('form[aria-labelledby^="code-title-"]');
  const submit = form.getByRole('button', { name: t('code.submit') });
  await submit.click();
  await expect(form.getByText(t('code.phoneRequired'))).toBeVisible();
  await form.getByLabel(t('code.phone')).fill('+7 916 123-45-67');
  await submit.click();
  const code = form.locator('[data-pairing-code]');
  await expect(code.locator('output')).toHaveText(/^[0-9A-F]{4}-[0-9A-F]{4}$/);
  await expect(code.getByRole('timer')).toHaveText(textWithNumber(t('code.countdown', { seconds: 999 })));
  await expect(code).toContainText(t('code.left', { count: 2 }));
  await page.clock.fastForward(31_000);
  await expect(code.getByRole('timer')).toHaveText(t('code.expired'));

  await submit.click();
  await expect(code).toContainText(t('code.left', { count: 1 }));
  await submit.click();
  await expect(code).toContainText(t('code.left', { count: 0 }));
  await submit.click();
  await expect(form.getByRole('alert')).toHaveText(t('server.pairingCodeLimit', { limit: 3, hours: 24 }));
});

test('a server without a WhatsApp gateway: the screen explains it instead of failing', async ({ page, context, brand }) => {
  const locale = brand.locale.default;
  const t = tOf(locale, 'connections');
  const origin = `http://${brand.id}.localhost:${E2E_SHORT_TOKEN_PORT}`; // the second e2e server runs with no WAHA_URL
  await prepareStorage(context, { tokens: await customer(origin, 'nogateway'), locale });
  await page.goto(`${origin}${PATH}`);
  await hydrated(page);
  await expect(page.getByText(t('empty'))).toBeVisible();
  await page.getByLabel(t('add.name')).fill('Reception');
  await addButton(page, t).click();
  await expect(page.locator('form[aria-labelledby="add-number-title"] [role="alert"]')).toHaveText(t('server.gatewayNotConfigured'));
  await expect(page.locator('[data-no-gateway]')).toContainText(t('gateway.text'));
  await expect(page.getByText(t('empty'))).toBeVisible();
});

test('on a 375 px phone the numbers are cards with full-width buttons, and the page does not scroll sideways', async ({ page, context, brand, baseURL }) => {
  const { t, session } = await withNumber(page, context, baseURL!, brand.locale.default, 'Front desk of the main salon');
  await page.setViewportSize({ width: 375, height: 800 });
  const card = page.locator('[data-number-cards] li');
  await expect(card).toHaveCount(1);
  await expect(page.locator('table')).toHaveCount(0);
  await expect(card).toContainText('Front desk of the main salon');
  await expect(card).toContainText(t('state.GotQrCode'));
  await expect(card).toContainText(t('noPhone'));
  const link = card.getByRole('button', { name: t('actions.linkLabel', { name: 'Front desk of the main salon' }) });
  const remove = card.getByRole('button', { name: t('actions.deleteLabel', { name: 'Front desk of the main salon' }) });
  // Full-width buttons, one under another, in the order a row's buttons have.
  const [cardBox, linkBox, removeBox] = await Promise.all([card.boundingBox(), link.boundingBox(), remove.boundingBox()]);
  expect(linkBox!.width).toBeGreaterThan(cardBox!.width - 40);
  expect(removeBox!.y).toBeGreaterThan(linkBox!.y);
  await link.focus();
  await page.keyboard.press('Tab');
  await expect(card.getByRole('button', { name: t('actions.shareLabel', { name: 'Front desk of the main salon' }) })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(remove).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
  await expectNoSeriousA11yViolations(page, `${brand.id} ${PATH} cards at 375 px`);

  // Linked: the card shows the phone, the sending state and Log out; still no sideways scroll.
  await wahaControl('scan', session);
  await expect(card).toContainText(t('state.Connected'), { timeout: 15_000 });
  await expect(card).toContainText('+79990001122');
  await expect(card.locator('[data-sending]')).toBeVisible();
  await expect(card.getByRole('button', { name: t('actions.logoutLabel', { name: 'Front desk of the main salon' }) })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
  // Back to a wide screen: the same number as a table row.
  await page.setViewportSize({ width: 1024, height: 800 });
  await expect(page.locator('tbody tr')).toHaveCount(1);
});
