// Renewals (docs/subscriptions.md "Renewals"): the job charges each due YooKassa period exactly once — across a crash
// between the provider's success and our record, and across parallel passes — retries refusals on the schedule and
// tells the owner, waits out a provider that does not answer; Stripe's renewal events move the period.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isConfigured, paymentProvider, type PaymentProvider } from '../../../src/server/modules/payments/providers/index.ts';
import { applyRenewalEvent } from '../../../src/server/modules/payments/renewals.ts';
import { addMonthsUtc as plusMonths } from '../../../src/server/modules/payments/record-paid.ts';
import { chargeRequest, claimDue, CLAIM_LEASE_SECONDS, DOWN_RETRY_SECONDS, renewalKey } from '../../../src/server/modules/payments/renewal-job.ts';
import type { VerifiedEvent } from '../../../src/server/modules/payments/providers/types.ts';
import { createMailer } from '../../../src/server/platform/mail/mailer.ts';
import { startYooKassaFake, type YooKassaFake } from '../../fakes/yookassa-fake.ts';
import { startServer, type TestServer } from '../harness.ts';
import { DAY, mailsWith, openStripe, openYooKassa, paymentsOfUser, providerEnv, runJob, setLanguage, subscriptionRow } from './subscription-support.ts';

let server: TestServer;
let yk: YooKassaFake;
let n = 0;

beforeAll(async () => {
  yk = await startYooKassaFake();
  server = await startServer({ env: providerEnv(yk) });
});
afterAll(async () => {
  await server?.close();
  await yk?.close();
});
beforeEach(() => {
  yk.declineSaved = undefined;
  yk.failNext(0, 500);
});

const nowSeconds = () => Math.floor(server.clock.now() / 1000);
/** A new owner with a YooKassa subscription due in a minute and its method saved at the double. */
async function dueSubscription(over: Parameters<typeof openYooKassa>[2] = {}) {
  const email = `renew-${++n}@example.com`;
  const owner = await server.createUser(email, 'secret1');
  await setLanguage(server, owner.id, 'en');
  const method = `pm-renew-${n}`;
  yk.savedMethods.set(method, 'Bank card *4444');
  const periodEnd = nowSeconds() + 60;
  const sub = await openYooKassa(server, owner.id, { periodEnd, nextChargeAt: periodEnd, savedMethod: { id: method, title: 'Bank card *4444' }, ...over });
  return { owner, email, sub, method };
}
const keyedRequests = (key: string) => yk.requests.filter((r) => r.key === key);

describe('the renewal job (YooKassa)', () => {
  it('charges a due period once: a payments row, the period one month on, the next charge queued', async () => {
    const { owner, sub } = await dueSubscription();
    expect((await runJob(server)).charged).toBe(0); // not due yet
    server.clock.advance(61);
    const stats = await runJob(server);
    expect(stats.charged).toBe(1);
    const end = plusMonths(sub.periodEnd, 1);
    const [payment] = await paymentsOfUser(server, owner.id);
    expect(payment).toMatchObject({ tariff: 16, amount: 1500, currency: 'RUB', success: true, isFree: false, isAutoPay: true, dateBegin: sub.periodEnd, dateEnd: end, reason: 'renewal' });
    expect(await subscriptionRow(server, sub.id)).toMatchObject({ periodEnd: end, paidMonths: 2, nextChargeAt: end, failedAttempts: 0, lastChargeError: null });
    const requests = keyedRequests(`renewal-${sub.id}-${sub.periodEnd}`);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.body).toMatchObject({ amount: { value: '1500.00', currency: 'RUB' }, payment_method_id: `pm-renew-${n}`, capture: true });
    expect(payment!.paymentId).toBe([...yk.payments.values()].find((p) => (p.metadata as Record<string, string>).subscriptionId === String(sub.id))!.id);
    expect((await runJob(server)).charged).toBe(0);
    expect(await paymentsOfUser(server, owner.id)).toHaveLength(1);
  });

  it('a crash after the provider charged and before our record: the next pass repeats the key and records one payment', async () => {
    const { owner, sub, method } = await dueSubscription();
    server.clock.advance(61);
    // The dying pass: claims the row, the provider takes the money, the process ends before recording.
    const [claimed] = (await claimDue(server.api.db, nowSeconds())).filter((s) => s.id === sub.id);
    const provider = paymentProvider(server.api.config, 'yookassa') as PaymentProvider;
    expect(isConfigured(provider)).toBe(true);
    const charged = await provider.chargeSavedMethod(chargeRequest(claimed!, method));
    expect(charged.ok && charged.payment.status).toBe('succeeded');
    // Held by the lease: a pass right now leaves it alone.
    expect((await runJob(server)).charged).toBe(0);
    expect(await paymentsOfUser(server, owner.id)).toEqual([]);
    server.clock.advance(CLAIM_LEASE_SECONDS + 1);
    expect((await runJob(server)).charged).toBe(1);
    const rows = await paymentsOfUser(server, owner.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.paymentId).toBe(charged.ok ? charged.payment.id : '');
    expect(keyedRequests(renewalKey(sub))).toHaveLength(1); // the repeat was the provider's replay, not a new payment
  });

  it('pending (a receipt-first shop): asked again each pass with the same key until YooKassa settles it', async () => {
    const { owner, sub, method } = await dueSubscription();
    server.clock.advance(61);
    // The charge comes back pending: the double's payment is held pending while the pass records it.
    const [claimed] = (await claimDue(server.api.db, nowSeconds())).filter((s) => s.id === sub.id);
    const provider = paymentProvider(server.api.config, 'yookassa') as PaymentProvider;
    const charged = await provider.chargeSavedMethod(chargeRequest(claimed!, method));
    const held = yk.payments.get(charged.ok ? charged.payment.id : '')!;
    Object.assign(held, { status: 'pending', paid: false });
    server.clock.advance(CLAIM_LEASE_SECONDS + 1);
    expect((await runJob(server)).deferred).toBeGreaterThanOrEqual(1);
    expect(await subscriptionRow(server, sub.id)).toMatchObject({ nextChargeAt: nowSeconds(), failedAttempts: 0, periodEnd: sub.periodEnd });
    expect(await paymentsOfUser(server, owner.id)).toEqual([]);
    Object.assign(held, { status: 'succeeded', paid: true });
    expect((await runJob(server)).charged).toBeGreaterThanOrEqual(1);
    expect(await paymentsOfUser(server, owner.id)).toHaveLength(1);
    expect(keyedRequests(renewalKey(sub))).toHaveLength(1);
  });

  it('two passes at once: each due period charged once', async () => {
    const subs = await Promise.all([dueSubscription(), dueSubscription(), dueSubscription()]);
    server.clock.advance(61);
    const [a, b] = await Promise.all([runJob(server), runJob(server)]);
    expect(a.charged + b.charged).toBe(3);
    for (const { owner, sub } of subs) {
      expect(await paymentsOfUser(server, owner.id)).toHaveLength(1);
      expect(keyedRequests(renewalKey(sub))).toHaveLength(1);
    }
  });

  it('a refused charge: retried after 1 day, then 3 days, then auto-pay stops; the owner is told each time', async () => {
    const { owner, email, sub } = await dueSubscription();
    yk.declineSaved = 'insufficient_funds';
    server.clock.advance(61);
    expect((await runJob(server)).failed).toBe(1);
    let row = await subscriptionRow(server, sub.id);
    expect(row).toMatchObject({ failedAttempts: 1, lastChargeError: 'insufficient_funds', autoPay: true, nextChargeAt: nowSeconds() + DAY });
    const [first] = await mailsWith(server, email, 'Auto-pay charge failed');
    expect(first!.text).toContain('insufficient_funds');
    expect(first!.text).toContain('1 500 ₽');
    expect(first!.text).toContain(new Date((nowSeconds() + DAY) * 1000).toISOString().slice(0, 10));
    expect((await runJob(server)).failed).toBe(0); // not before the retry

    server.clock.advance(DAY);
    expect((await runJob(server)).failed).toBe(1);
    row = await subscriptionRow(server, sub.id);
    expect(row).toMatchObject({ failedAttempts: 2, autoPay: true, nextChargeAt: nowSeconds() + 3 * DAY });
    expect(keyedRequests(`${renewalKey({ ...sub, failedAttempts: 1 })}`)).toHaveLength(1); // a new attempt, its own key

    server.clock.advance(3 * DAY);
    expect((await runJob(server)).failed).toBe(1);
    row = await subscriptionRow(server, sub.id);
    expect(row).toMatchObject({ failedAttempts: 3, autoPay: false, nextChargeAt: null, lastChargeError: 'insufficient_funds' });
    const mails = await mailsWith(server, email, 'Auto-pay charge failed', 3);
    expect(mails).toHaveLength(3);
    expect(mails[0]!.text).toContain('Auto-pay is now off');
    expect(await paymentsOfUser(server, owner.id)).toEqual([]);
    yk.declineSaved = undefined;
    server.clock.advance(30 * DAY);
    await runJob(server);
    expect(await paymentsOfUser(server, owner.id)).toEqual([]); // stopped stays stopped
  });

  it('a retry that goes through: paid, failures forgotten', async () => {
    const { owner, sub } = await dueSubscription();
    yk.declineSaved = 'card_expired';
    server.clock.advance(61);
    await runJob(server);
    yk.declineSaved = undefined;
    server.clock.advance(DAY);
    await runJob(server);
    expect(await subscriptionRow(server, sub.id)).toMatchObject({ failedAttempts: 0, lastChargeError: null, periodEnd: plusMonths(sub.periodEnd, 1) });
    expect(await paymentsOfUser(server, owner.id)).toHaveLength(1);
  });

  it('permission revoked: auto-pay stops at once', async () => {
    const { sub } = await dueSubscription();
    yk.declineSaved = 'permission_revoked';
    server.clock.advance(61);
    await runJob(server);
    expect(await subscriptionRow(server, sub.id)).toMatchObject({ failedAttempts: 1, autoPay: false, nextChargeAt: null });
  });

  it('YooKassa not answering: tried again later with the same key, no failure counted, nobody told', async () => {
    const { owner, email, sub } = await dueSubscription();
    server.clock.advance(61);
    yk.failNext(100, 503);
    expect((await runJob(server)).deferred).toBeGreaterThanOrEqual(1);
    expect(await subscriptionRow(server, sub.id)).toMatchObject({ failedAttempts: 0, lastChargeError: null, nextChargeAt: nowSeconds() + DOWN_RETRY_SECONDS, periodEnd: sub.periodEnd });
    yk.failNext(0, 500);
    server.clock.advance(DOWN_RETRY_SECONDS);
    expect((await runJob(server)).charged).toBe(1);
    expect(await paymentsOfUser(server, owner.id)).toHaveLength(1);
    expect(await server.outbox(email)).toEqual([]);
  });

  it('cancelled or auto-pay off: never charged', async () => {
    const { owner, sub } = await dueSubscription({ autoPay: false, nextChargeAt: null });
    const other = await dueSubscription();
    await server.call('POST', `/Payments/Subscriptions/${other.sub.id}/Cancel`, { token: other.owner.token });
    server.clock.advance(61);
    await runJob(server);
    expect(await paymentsOfUser(server, owner.id)).toEqual([]);
    expect(await paymentsOfUser(server, other.owner.id)).toEqual([]);
    expect(keyedRequests(renewalKey(sub))).toEqual([]);
  });

  it('a deleted account: cancelled, never charged', async () => {
    const { owner, email, sub } = await dueSubscription();
    expect((await server.call('POST', '/Account/Delete', { token: owner.token, body: { password: 'secret1', confirmation: email } })).status).toBe(204);
    server.clock.advance(61);
    await runJob(server);
    expect(await subscriptionRow(server, sub.id)).toMatchObject({ cancelled: true, autoPay: false, nextChargeAt: null });
    expect(keyedRequests(renewalKey(sub))).toEqual([]);
  });

  it('runs in the delivery tick', async () => {
    const { owner } = await dueSubscription();
    server.clock.advance(61);
    await server.api.delivery.tick();
    expect(await paymentsOfUser(server, owner.id)).toHaveLength(1);
  });
});

describe("Stripe's renewal events", () => {
  const event = (kind: VerifiedEvent['kind'], subscriptionId: string, over: Partial<VerifiedEvent> = {}): VerifiedEvent => ({
    kind,
    dedupeKey: `stripe:evt_${++n}`,
    providerEvent: 'invoice.paid',
    providerPaymentId: `in_${n}`,
    metadata: {},
    subscriptionId,
    ...over,
  });
  const apply = (e: VerifiedEvent) =>
    server.api.db.transaction((tx) => applyRenewalEvent({ config: server.api.config, db: server.api.db, mailer: createMailer(server.api.config, server.api.db), userStates: undefined as never }, tx, e));

  it('renewalPaid: a payments row for the invoice, the period one interval on (Stripe keeps renewing by itself)', async () => {
    const owner = await server.createUser(`stripe-paid-${++n}@example.com`, 'secret1');
    const sub = await openStripe(server, owner.id, `sub_paid_${n}`, { intervalMonths: 3 });
    expect(await apply(event('renewalPaid', `sub_paid_${n}`, { amount: { amount: 5400, currency: 'USD' }, providerPaymentId: 'in_paid_1' }))).toBe('applied');
    const [payment] = await paymentsOfUser(server, owner.id);
    expect(payment).toMatchObject({ amount: 54, currency: 'USD', success: true, isAutoPay: true, dateBegin: sub.periodEnd, dateEnd: plusMonths(sub.periodEnd, 3), paymentId: 'in_paid_1' });
    expect(await subscriptionRow(server, sub.id)).toMatchObject({ periodEnd: plusMonths(sub.periodEnd, 3), paidMonths: 4, nextChargeAt: null });
  });

  it('renewalFailed: the error kept and the owner told; subscriptionEnded: auto-pay off', async () => {
    const email = `stripe-failed-${++n}@example.com`;
    const owner = await server.createUser(email, 'secret1');
    await setLanguage(server, owner.id, 'en');
    const stripeId = `sub_failed_${n}`;
    const sub = await openStripe(server, owner.id, stripeId);
    expect(await apply(event('renewalFailed', stripeId, { reason: 'attempt 1' }))).toBe('applied');
    expect(await subscriptionRow(server, sub.id)).toMatchObject({ lastChargeError: 'attempt 1', failedAttempts: 1, autoPay: true });
    const [mail] = await mailsWith(server, email, 'Auto-pay charge failed');
    expect(mail!.text).toContain('$20');
    expect(mail!.text).toContain('tried again automatically');
    expect(await apply(event('subscriptionEnded', stripeId))).toBe('applied');
    expect(await subscriptionRow(server, sub.id)).toMatchObject({ autoPay: false, nextChargeAt: null });
    expect(await paymentsOfUser(server, owner.id)).toEqual([]);
  });

  it('a subscription that is not ours: ignored', async () => {
    expect(await apply(event('renewalPaid', 'sub_unknown'))).toBe('ignored');
    expect(await apply(event('renewalPaid', ''))).toBe('ignored');
  });
});
