// The trial's charge (§9 "Trial 3 days, then automatic charge of 1200 … unless cancelled"; docs/subscriptions.md):
// sign-up opens the trial's subscription; a reminder a day before its end, once; at the end a saved method is
// charged 1 200 ₽ like a renewal, and without one (nobody gave a card) the trial ends Expired and the owner is told to
// pay. A cancelled trial is never charged; accounts from before the trial subscription existed are left alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../../src/server/modules/account/schema.ts';
import { subscriptions } from '../../../src/server/modules/payments/schema.ts';
import { addMonthsUtc as plusMonths } from '../../../src/server/modules/payments/record-paid.ts';
import { insertPayment } from '../../../src/server/modules/admin/store-payments.ts';
import { attachSavedMethod } from '../../../src/server/modules/payments/store-subscriptions.ts';
import { startStripeFake, type StripeFake } from '../../fakes/stripe-fake.ts';
import { startYooKassaFake, type YooKassaFake } from '../../fakes/yookassa-fake.ts';
import { startServer, type TestServer } from '../harness.ts';
import { DAY, INTL, paymentsOfUser, providerEnv, RU, runJob, subscriptionRow } from './subscription-support.ts';

let server: TestServer;
let yk: YooKassaFake;
let stripe: StripeFake;
let n = 0;

beforeAll(async () => {
  [yk, stripe] = await Promise.all([startYooKassaFake(), startStripeFake()]);
  server = await startServer({ env: providerEnv(yk, stripe) });
});
afterAll(async () => {
  await server?.close();
  await Promise.all([yk?.close(), stripe?.close()]);
});

/** Signs up through the API as an owner does, on a host, in a language. */
async function signUp(host: Record<string, string>, language: 'en' | 'ru' = 'en') {
  const email = `trial-${++n}@example.com`;
  const res = await server.call('POST', '/account/register', { body: { email, password: 'secret1', confirmPassword: 'secret1', phone: '+79161234567', language, countryId: 1, clientHost: host['client-host'] }, headers: host });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const [user] = await server.api.db.select().from(users).where(eq(users.email, email));
  const { token } = await server.login(email, 'secret1');
  const [trial] = await server.api.db.select().from(subscriptions).where(eq(subscriptions.userId, user!.id));
  return { id: user!.id, email, token, trial: trial! };
}
const subjects = async (email: string) => (await server.outbox(email)).map((m) => m.subject);

describe('the trial at sign-up', () => {
  it('a rouble brand: YooKassa, 1 200 ₽ a month for tariff 1, due at the trial\'s end', async () => {
    const owner = await signUp(RU);
    const end = Math.floor(server.clock.now() / 1000) + 3 * DAY;
    const res = await server.call('GET', '/Payments/Subscriptions', { token: owner.token });
    expect(res.body.subscriptions).toEqual([
      expect.objectContaining({ isTrial: true, tariff: 1, amount: 120000, currency: 'RUB', provider: 'yookassa', autoPay: true, canAutoPay: false, cancelled: false, status: 'Active', paidMonths: 0, intervalMonths: 1, periodEndUnixTime: end, nextChargeUnixTime: end }),
    ]);
    const [trialPayment] = await paymentsOfUser(server, owner.id);
    expect(owner.trial.firstPaymentId).toBe(trialPayment!.id);
    expect(trialPayment!.dateEnd).toBe(end);
  });

  it('a dollar brand: Stripe, in dollars', async () => {
    const owner = await signUp(INTL);
    expect(owner.trial).toMatchObject({ provider: 'stripe', currency: 'USD', isTrial: true, tariff: 1, brand: 'main-intl' });
    expect(owner.trial.amount).toBe(server.api.config.paymentPrices.currencies.USD.tariffs['1']);
  });
});

describe('the end of the trial', () => {
  it('no saved method: one reminder, then Expired and the owner told to pay; nothing charged', async () => {
    const owner = await signUp(RU);
    server.clock.advance(2 * DAY - 60);
    await runJob(server);
    expect(await subjects(owner.email)).not.toContain('Your trial ends tomorrow');
    server.clock.advance(120);
    await runJob(server);
    await runJob(server);
    const reminders = (await server.outbox(owner.email)).filter((m) => m.subject === 'Your trial ends tomorrow');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text).toContain('pay for a tariff');
    server.clock.advance(DAY);
    await runJob(server);
    const row = await subscriptionRow(server, owner.trial.id);
    expect(row).toMatchObject({ autoPay: false, nextChargeAt: null, cancelled: false, isTrial: true });
    const [ended] = (await server.outbox(owner.email)).filter((m) => m.subject === 'Your trial has ended');
    expect(ended!.text).toContain('nothing was charged');
    expect(ended!.text).toContain('https://app.notifio.ru/payments');
    const { token } = await server.login(owner.email, 'secret1'); // the sign-up's token has expired meanwhile
    const list = await server.call('GET', '/Payments/Subscriptions', { token });
    expect(list.body.subscriptions[0]).toMatchObject({ status: 'Expired', autoPay: false, nextChargeUnixTime: null });
    expect((await paymentsOfUser(server, owner.id)).filter((p) => !p.isFree)).toEqual([]);
    await runJob(server);
    expect((await server.outbox(owner.email)).filter((m) => m.subject === 'Your trial has ended')).toHaveLength(1);
  });

  it('a saved method: the reminder names the charge, then 1 200 ₽ is charged once and the tariff runs a month on', async () => {
    const owner = await signUp(RU);
    yk.savedMethods.set(`pm-trial-${n}`, 'Bank card *1111');
    await attachSavedMethod(server.api.db, server.api.config.secrets.keys, owner.trial, { id: `pm-trial-${n}`, title: 'Bank card *1111' });
    const end = owner.trial.periodEnd;
    server.clock.advance(2 * DAY + 60);
    await runJob(server);
    const [reminder] = (await server.outbox(owner.email)).filter((m) => m.subject === 'Your trial ends tomorrow');
    expect(reminder!.text).toContain('1 200 ₽ a month is charged unless you cancel');
    server.clock.advance(DAY);
    await runJob(server);
    await runJob(server);
    const paid = (await paymentsOfUser(server, owner.id)).filter((p) => !p.isFree);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ tariff: 1, amount: 1200, currency: 'RUB', success: true, isAutoPay: true, dateBegin: end, dateEnd: plusMonths(end, 1), reason: 'trialCharge' });
    expect(await subscriptionRow(server, owner.trial.id)).toMatchObject({ isTrial: false, paidMonths: 1, periodEnd: plusMonths(end, 1), nextChargeAt: plusMonths(end, 1), autoPay: true });
    expect(yk.requests.filter((r) => r.key === `renewal-${owner.trial.id}-${end}`)).toHaveLength(1);
    expect(await subjects(owner.email)).not.toContain('Your trial has ended');
  });

  it('cancelled before the end: no reminder, no charge, no notice', async () => {
    const owner = await signUp(RU);
    yk.savedMethods.set(`pm-trial-${n}`, 'Bank card *2222');
    await attachSavedMethod(server.api.db, server.api.config.secrets.keys, owner.trial, { id: `pm-trial-${n}`, title: 'Bank card *2222' });
    const res = await server.call('POST', `/Payments/Subscriptions/${owner.trial.id}/Cancel`, { token: owner.token });
    expect(res.body).toMatchObject({ cancelled: true, isTrial: true, nextChargeUnixTime: null, status: 'Active' });
    server.clock.advance(4 * DAY);
    await runJob(server);
    expect((await paymentsOfUser(server, owner.id)).filter((p) => !p.isFree)).toEqual([]);
    expect(yk.requests.filter((r) => r.key?.startsWith(`renewal-${owner.trial.id}-`))).toEqual([]);
    expect((await subjects(owner.email)).filter((s) => s !== 'Confirm your email')).toEqual([]);
  });

  it('a Stripe trial has nothing to charge: Expired and told, in the owner\'s language', async () => {
    const owner = await signUp(INTL, 'ru');
    server.clock.advance(2 * DAY + 60);
    await runJob(server);
    server.clock.advance(DAY);
    await runJob(server);
    expect(await subjects(owner.email)).toEqual(expect.arrayContaining(['Пробный период заканчивается завтра', 'Пробный период закончился']));
    expect(await subscriptionRow(server, owner.trial.id)).toMatchObject({ autoPay: false, nextChargeAt: null });
    expect(stripe.requests).toEqual([]);
  });

  it('paid meanwhile without auto-pay: the trial ends quietly, no "pay now" notice', async () => {
    const owner = await signUp(RU);
    const now = Math.floor(server.clock.now() / 1000);
    await insertPayment(server.api.db, owner.id, { tariff: 1, success: true, isFree: false, amount: 1200, dateBegin: now, dateEnd: now + 33 * DAY }, new Date(server.clock.now()));
    server.clock.advance(3 * DAY + 60);
    await runJob(server);
    expect(await subscriptionRow(server, owner.trial.id)).toMatchObject({ autoPay: false, nextChargeAt: null });
    expect(await subjects(owner.email)).not.toContain('Your trial has ended');
  });

  it('an account from before the trial subscription: no subscription, nothing happens', async () => {
    const old = await server.createUser(`trial-old-${++n}@example.com`, 'secret1');
    expect((await server.call('GET', '/Payments/Subscriptions', { token: old.token })).body).toEqual({ subscriptions: [] });
    server.clock.advance(10 * DAY);
    await runJob(server);
    expect(await paymentsOfUser(server, old.id)).toEqual([]);
  });
});
