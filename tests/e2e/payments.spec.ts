// The payments screens (issue 18): the host's tariffs, the cart priced by the server with a refusal of each kind at its
// field, promo code and auto-pay never together, the terms before paying, the history; the journey on the YooKassa
// host (main-ru) and the Stripe host (main-intl) through the providers' doubles and their payer page
// (tests/e2e/payment-gateway.ts): choose a tariff → pay → the provider's page → back on /payments paid →
// /payments/subscriptions Active → the flow that was Unavailable is available; a canceled payment; the public pay page; the owner's pay link paid signed out.
import type { Page } from '@playwright/test';
import type { Locale } from '../../src/i18n/locales.ts';
import { formatMinor } from '../../src/features/payments/cart.ts';
import { TARIFFS } from '../../src/shared/tariffs.ts';
import { api, customer, tFlows } from './flows-support.ts';
import { adminTokens, expect, expectNoSeriousA11yViolations, hydrated, prepareStorage, tOf, tRoutes, test, type Tokens } from './support.ts';

const PATH = '/payments';
/** Analytics (16): bought for the whole account, offered on both main hosts, and it opens the daily report (docs/payments.md). */
const ANALYTICS = 16;
/** The base booking plan (0): bought per booking company. */
const BOOKING = 0;

const tPay = (locale: Locale) => tOf(locale, 'payments');
const nameOf = (locale: Locale, id: number) => tPay(locale)(`tariff.${TARIFFS[id as keyof typeof TARIFFS]}`);
const card = (page: Page, id: number) => page.locator(`[data-tariff="${id}"]`);
const cartLine = (page: Page, id: number) => page.locator(`[data-cart-line="${id}"]`);

/** The catalogue and a quote as this host's server answers them (the host named as the browser names it). */
async function hostApi(baseURL: string, method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${new URL(baseURL).port}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'client-host': new URL(baseURL).origin, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as any;
}

async function openPayments(page: Page, context: import('@playwright/test').BrowserContext, tokens: Tokens, locale: Locale, path = PATH) {
  await prepareStorage(context, { tokens, locale });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tRoutes(locale)('payments'));
  await hydrated(page);
}

test('shows the tariffs with prices, what each unlocks, the periods with their discounts, and the history', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tPay(locale);
  const tokens = await customer(baseURL!, 'pay-catalogue');
  const catalogue = await hostApi(baseURL!, 'GET', '/Payments/Tariffs', tokens.token);
  await openPayments(page, context, tokens, locale);

  // Every tariff the host offers, in its order, with its monthly price in the brand's currency (§9 spaces).
  await expect(page.locator('[data-tariff]')).toHaveCount(catalogue.tariffs.length);
  const analytics = catalogue.tariffs.find((x: { id: number }) => x.id === ANALYTICS);
  await expect(card(page, ANALYTICS).getByRole('heading')).toHaveText(nameOf(locale, ANALYTICS));
  await expect(card(page, ANALYTICS).locator('[data-price]')).toHaveText(t('catalogue.price.account', { price: formatMinor(analytics.monthlyPrice, catalogue.currency, locale) }));
  await expect(card(page, ANALYTICS).locator('[data-unlocks]')).toContainText(tFlows(locale)('kind.dailyReport'));
  await expect(card(page, ANALYTICS).locator('[data-unlocks]')).toContainText(t('feature.analytics'));

  // The history: the plan staff recorded for this customer (customer()), beside the ended trial.
  const history = page.locator('[data-payment-history] tbody tr');
  await expect(history.filter({ hasText: nameOf(locale, BOOKING) })).toHaveCount(1);

  // A per-company tariff for an owner with no booking company leads to where one is connected.
  await card(page, BOOKING).getByRole('button', { name: t('catalogue.addLabel', { name: nameOf(locale, BOOKING) }) }).click();
  await expect(cartLine(page, BOOKING).locator('[data-no-units="company"]')).toContainText(t('cart.noUnits.company'));
  await expect(cartLine(page, BOOKING).getByRole('link', { name: t('cart.connect') })).toBeVisible();

  // Periods with 'Cheaper by N%' (§9).
  for (const option of catalogue.months.filter((m: { discountPercent: number }) => m.discountPercent > 0)) {
    await expect(page.getByText(t('cart.cheaper', { percent: option.discountPercent }))).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page, `${brand.id} ${PATH}`);
});

test('prices the cart as it changes; refuses a small pack and a promo code at their fields; terms before paying', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tPay(locale);
  const tokens = await customer(baseURL!, 'pay-cart');
  await openPayments(page, context, tokens, locale);

  await card(page, ANALYTICS).getByRole('button', { name: t('catalogue.addLabel', { name: nameOf(locale, ANALYTICS) }) }).click();
  await expect(card(page, ANALYTICS).getByRole('button')).toHaveText(t('catalogue.inCart'));
  // Three months: the total is the server's quote.
  await page.getByRole('radio', { name: new RegExp(`^${t('cart.monthsOption', { count: 3 })}`) }).check();
  const expected = await hostApi(baseURL!, 'POST', '/Payments/Quote', tokens.token, { items: [{ tariff: ANALYTICS, months: 3 }], autoPay: false });
  await expect(page.locator('[data-total]')).toHaveText(t('total.sum', { total: formatMinor(expected.total, expected.currency, locale) }));

  // §5: a distribution pack under 500 messages is refused at its field; a whole number is asked for first.
  const messages = page.getByRole('textbox', { name: t('packs.messages') });
  await messages.fill('12.5');
  await expect(page.getByText(t('packs.whole'))).toBeVisible();
  await messages.fill('100');
  await expect(messages).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(t('server.messagesPackTooSmall', { minimum: 500 }))).toBeVisible();
  await messages.fill('500');
  await expect(messages).not.toHaveAttribute('aria-invalid', 'true');
  // §5 AI balance: the spec's own words.
  const ai = page.getByRole('textbox', { name: t('packs.aiBalance') });
  await ai.fill('5');
  await expect(page.getByText(t('server.aiBalanceTooSmall'))).toBeVisible();
  await ai.fill('');

  // Auto-pay on, then a promo code: auto-pay goes off and cannot be turned on while a code is typed (§5).
  const autoPay = page.getByRole('checkbox', { name: t('autoPay.label') });
  await autoPay.check();
  const promo = page.getByRole('textbox', { name: t('promo.label') });
  await promo.fill('NOSUCHCODE');
  await expect(autoPay).not.toBeChecked();
  await expect(autoPay).toBeDisabled();
  await expect(page.locator('[data-autopay-note]')).toHaveText(t('autoPay.withPromo'));
  // §8 refusals by code, next to the field; one month only with a code, so back to one month first.
  await page.getByRole('radio', { name: new RegExp(`^${t('cart.monthsOption', { count: 1 })}`) }).check();
  await expect(promo).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(t('server.promocodeNotFound'))).toBeVisible();
  await promo.fill('x');
  await expect(page.getByText(t('server.promocodeInvalid'))).toBeVisible();
  await promo.fill('');
  await expect(autoPay).toBeEnabled();
  await expect(promo).not.toHaveAttribute('aria-invalid', 'true');

  // §5: the terms before paying; nothing is sent without them.
  await page.getByRole('button', { name: t('pay.button'), exact: true }).click();
  const terms = page.getByRole('checkbox', { name: t('terms.label') });
  await expect(terms).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(t('terms.required'))).toBeVisible();
  await expect(page).toHaveURL(/\/payments$/);
  await expectNoSeriousA11yViolations(page, `${brand.id} ${PATH} cart`);
});

/** Adds analytics to the cart (auto-pay on when asked), accepts the terms and pays: the browser is on the provider's (double's) page. */
async function payAtProvider(page: Page, locale: Locale, autoPay = false) {
  const t = tPay(locale);
  await card(page, ANALYTICS).getByRole('button', { name: t('catalogue.addLabel', { name: nameOf(locale, ANALYTICS) }) }).click();
  if (autoPay) await page.getByRole('checkbox', { name: t('autoPay.label') }).check();
  await expect(page.locator('[data-total]')).toBeVisible();
  await page.getByRole('checkbox', { name: t('terms.label') }).check();
  await page.getByRole('button', { name: t('pay.button'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/test payment$/);
}

test('pays for a tariff at the provider, comes back paid, sees the subscription Active and the flow available', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tPay(locale);
  const tf = tFlows(locale);
  const tokens = await customer(baseURL!, 'pay-journey');
  // A daily report: outside the base booking plan, so Unavailable until analytics is paid.
  await api(baseURL!, 'POST', '/Flows', tokens.token, { title: 'Daily figures', content: 'Today', type: 'dailyReport' });
  await prepareStorage(context, { tokens, locale });
  await page.goto('/flows');
  const flow = page.locator('tbody tr', { hasText: 'Daily figures' });
  await expect(flow).toContainText(tf('status.Unavailable'));

  await page.goto(PATH);
  await hydrated(page);
  // With auto-pay: the payment becomes a subscription that renews (a one-off payment is a period, not a subscription).
  await payAtProvider(page, locale, true);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  // Back on /payments?checkout=<id>: paid, with what was switched on.
  await expect(page).toHaveURL(/\/payments\?checkout=/);
  const result = page.locator('[data-checkout-status]');
  await expect(result).toHaveAttribute('data-checkout-status', 'paid', { timeout: 20_000 });
  await expect(result.locator('[data-switched-on]')).toContainText(nameOf(locale, ANALYTICS));
  await expectNoSeriousA11yViolations(page, `${brand.id} ${PATH} paid`);

  // The subscription is Active.
  await result.getByRole('link', { name: t('result.toSubscriptions') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tRoutes(locale)('subscriptions'));
  const sub = page.locator('[data-subscription]', { hasText: nameOf(locale, ANALYTICS) });
  await expect(sub.locator('[data-state]')).toHaveText(t('subs.Active'));
  await expect(sub).toContainText(t('subs.paidMonths', { count: 1 }));
  await expect(sub.getByRole('switch', { name: t('subs.autoPayLabel', { name: nameOf(locale, ANALYTICS) }) })).toHaveAttribute('aria-checked', 'true');
  await expectNoSeriousA11yViolations(page, `${brand.id} /payments/subscriptions`);

  // The daily report is no longer Unavailable.
  await page.goto('/flows');
  await expect(flow).toBeVisible();
  await expect(flow).not.toContainText(tf('status.Unavailable'));
});

test('a payment canceled at the provider says so and offers to try again', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tPay(locale);
  await openPayments(page, context, await customer(baseURL!, 'pay-cancel'), locale);
  await payAtProvider(page, locale);
  await page.getByRole('button', { name: 'Cancel payment' }).click();
  const result = page.locator('[data-checkout-status]');
  await expect(result).toHaveAttribute('data-checkout-status', 'canceled', { timeout: 20_000 });
  await expect(result).toContainText(t('result.canceled'));
  await result.getByRole('button', { name: t('result.retry') }).click();
  await expect(result).toHaveCount(0);
  await expect(page).toHaveURL(/\/payments$/);
});

test('subscriptions: the trial is listed; auto-pay without a saved method explains how; cancel asks first', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tPay(locale);
  // Sign-up starts the §9 trial (tariff 1), a subscription that ends in its charge unless cancelled.
  const tokens = await customer(baseURL!, 'pay-subs');
  await prepareStorage(context, { tokens, locale });
  await page.goto('/payments/subscriptions');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tRoutes(locale)('subscriptions'));
  await hydrated(page);
  const name = nameOf(locale, 1);
  const trial = page.locator('[data-subscription]', { hasText: name });
  await expect(trial.locator('[data-trial]')).toHaveText(t('subs.trial'));
  await expect(trial.locator('[data-state]')).toHaveText(t('subs.Active'));
  await expectNoSeriousA11yViolations(page, `${brand.id} /payments/subscriptions`);

  // Auto-pay off, then on again: no saved method yet, so the screen explains and links to paying with auto-pay.
  const toggle = trial.getByRole('switch', { name: t('subs.autoPayLabel', { name }) });
  if ((await toggle.getAttribute('aria-checked')) === 'true') {
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
  }
  await toggle.click();
  await expect(trial.locator('[data-needs-checkout]')).toContainText(t('subs.needsCheckout'));
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  const payLink = trial.getByRole('link', { name: t('subs.payWithAutoPay') });
  await expect(payLink).toHaveAttribute('href', /\/payments\?tariff=1&.*autoPay=1/);

  // Cancel asks first; keeping it changes nothing; cancelling leaves no next charge.
  await trial.getByRole('button', { name: t('subs.cancelLabel', { name }) }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: t('subs.keep') }).click();
  await expect(dialog).toHaveCount(0);
  await expect(trial).not.toContainText(t('subs.cancelled'));
  await trial.getByRole('button', { name: t('subs.cancelLabel', { name }) }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: t('subs.cancelConfirm') }).click();
  await expect(trial).toContainText(t('subs.cancelled'));
  await expect(trial.locator('[data-next-charge]')).toHaveText(t('subs.noNextCharge'));

  // The link fills the cart with that tariff and auto-pay on.
  await page.goto(PATH + '?tariff=1&units=&autoPay=1');
  await hydrated(page);
  await expect(cartLine(page, 1)).toBeVisible();
  await expect(page.getByRole('checkbox', { name: t('autoPay.label') })).toBeChecked();
});

test('the public pay page: a link that cannot be a payment and an unknown one are not found', async ({ page, context, brand }) => {
  const locale = brand.locale.default;
  const t = tPay(locale);
  await prepareStorage(context, { locale });
  await page.goto('/publicPayments?payment=nonsense');
  await expect(page.locator('[data-pay-status]')).toHaveText(t('public.notFound'));
  await expectNoSeriousA11yViolations(page, `${brand.id} /publicPayments`);
  await page.goto('/publicPayments?payment=00000000-0000-4000-8000-000000000000');
  await expect(page.locator('[data-pay-status]')).toHaveText(t('public.notFound'));
  await expect(page.locator('[data-pay-form]')).toBeHidden();
  // An owner's pay link (?link=) that does not exist.
  await page.goto('/publicPayments?link=00000000-0000-4000-8000-000000000000');
  await expect(page.locator('[data-pay-status]')).toHaveText(t('public.linkNotFound'));
  await expect(page.locator('[data-pay-form]')).toBeHidden();
});

test('the public pay page: a payment staff recorded, paid through its link without signing in, then says it is paid', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tPay(locale);
  const tokens = await customer(baseURL!, 'pay-link');
  const me = await api(baseURL!, 'GET', '/Account/CurrentUser', tokens.token);
  const staff = await adminTokens(baseURL!);
  const now = Math.floor(Date.now() / 1000);
  // An unpaid payment of the booking plan, 2 500 in the brand's currency (the admin's form keeps major units).
  const pay = await api(baseURL!, 'POST', `/Admin/Users/${me.id}/Pays`, staff.token, { tariff: 1, amount: 2500, currency: brand.currency, success: false, dateBeginUnixTime: now, dateEndUnixTime: now + 30 * 86_400 });
  const link = (await api(baseURL!, 'GET', `/Admin/Users/${me.id}/Pays/${pay.id}/LinkToPay`, staff.token)) as { url: string };
  const { pathname, search } = new URL(link.url);

  await prepareStorage(context, { locale });
  await page.goto(`${pathname}${search}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tRoutes(locale)('publicPayments'));
  await expect(page.locator('[data-pay-for]')).toHaveText(t('public.for', { tariff: nameOf(locale, 1) }));
  await expect(page.locator('[data-pay-amount]')).toHaveText(t('public.amount', { amount: formatMinor(250_000, brand.currency, locale) }));
  // §5: the terms first.
  await page.getByRole('button', { name: t('pay.button'), exact: true }).click();
  await expect(page.getByText(t('terms.required'))).toBeVisible();
  await expectNoSeriousA11yViolations(page, `${brand.id} /publicPayments payment`);
  await page.getByRole('checkbox', { name: t('terms.label') }).check();
  await page.getByRole('button', { name: t('pay.button'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/test payment$/);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  // Back on the link: paid, no form.
  await expect(page).toHaveURL(/\/publicPayments\?payment=/);
  await expect(page.locator('[data-pay-status]')).toHaveText(t('public.paid'), { timeout: 20_000 });
  await expect(page.locator('[data-pay-form]')).toBeHidden();
});

test('the owner shares a pay link; someone signed out pays it; the owner sees the payment', async ({ page, context, browser, brand, baseURL }) => {
  test.skip(brand.id !== 'main-ru', 'one journey, on the YooKassa host');
  const locale = brand.locale.default;
  const t = tPay(locale);
  const tokens = await customer(baseURL!, 'pay-share');
  await openPayments(page, context, tokens, locale);
  await card(page, ANALYTICS).getByRole('button', { name: t('catalogue.addLabel', { name: nameOf(locale, ANALYTICS) }) }).click();
  await expect(page.locator('[data-total]')).toBeVisible();
  const total = await page.locator('[data-total]').textContent();
  // No terms for the owner: the payer accepts them on the link's page.
  await page.getByRole('button', { name: t('share.button') }).click();
  const url = page.getByRole('textbox', { name: t('share.label') });
  await expect(url).toHaveValue(/\/publicPayments\?link=[0-9a-f-]{36}$/);
  await expect(page.locator('[data-pay-link] [role=status]')).toHaveText(/\d/); // the expiry date
  await expectNoSeriousA11yViolations(page, `${brand.id} ${PATH} pay link`);
  const { pathname, search } = new URL(await url.inputValue());

  // A fresh browser, signed out.
  const payer = await browser.newContext({ baseURL: baseURL! });
  try {
    await prepareStorage(payer, { locale });
    const p = await payer.newPage();
    await p.goto(`${pathname}${search}`);
    await expect(p.getByRole('heading', { level: 1 })).toHaveText(tRoutes(locale)('publicPayments'));
    await expect(p.locator('[data-pay-lines]')).toContainText(nameOf(locale, ANALYTICS));
    await expect(p.locator('[data-pay-amount]')).toHaveText(total!);
    await expectNoSeriousA11yViolations(p, `${brand.id} /publicPayments link`);
    // First try canceled at the provider: back on the link, it says so and Pay is there again.
    await p.getByRole('checkbox', { name: t('terms.label') }).check();
    await p.getByRole('button', { name: t('pay.button'), exact: true }).click();
    await expect(p.getByRole('heading', { level: 1 })).toHaveText(/test payment$/);
    await p.getByRole('button', { name: 'Cancel payment' }).click();
    await expect(p).toHaveURL(/\/publicPayments\?link=/);
    await expect(p.locator('[data-pay-problem]')).toHaveText(t('public.linkCanceled'), { timeout: 20_000 });
    await p.getByRole('checkbox', { name: t('terms.label') }).check();
    await p.getByRole('button', { name: t('pay.button'), exact: true }).click();
    await expect(p.getByRole('heading', { level: 1 })).toHaveText(/test payment$/);
    await p.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(p).toHaveURL(/\/publicPayments\?link=/);
    await expect(p.locator('[data-pay-status]')).toHaveText(t('public.linkPaid'), { timeout: 20_000 });
    await expect(p.locator('[data-pay-form]')).toBeHidden();
  } finally {
    await payer.close();
  }

  // The owner's history has the payment.
  await page.reload();
  await hydrated(page);
  await expect(page.locator('[data-payment-history] tbody tr').filter({ hasText: nameOf(locale, ANALYTICS) })).toHaveCount(1);
});
