import type { ServerConfig } from '../../platform/config.ts';
import type { Db } from '../../platform/db/open.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { isConfigured, paymentProvider, type Outcome, type ProviderPayment, type SavedMethodCharge } from './providers/index.ts';
import { renewalFailedMail, trialEndedMail, trialEndingMail, type AfterFailure } from './renewal-mails.ts';
import { findUser } from '../account/store.ts';
import { paymentsOf } from '../admin/store-payments.ts';
import { ownerOf, tell } from './renewal-owner.ts';
import { recordPaidPeriod } from './renewal-period.ts';
import { anyChargeBefore, changeIfUnmoved, claimDueSubscriptions, claimTrialReminders, lockSubscription, savedMethodOf, type SubscriptionRow } from './store-subscriptions.ts';

// The renewal job (docs/subscriptions.md "Renewals", "The trial's charge"): merchant-renewed subscriptions (YooKassa)
// are charged by us from their saved method when `next_charge_at` comes, once per period across crashes, retries and
// parallel passes; a trial with nothing to charge ends Expired and its owner is told. It runs in the delivery
// engine's tick (every DELIVERY_INTERVAL_MS), on the server's clock.

export interface RenewalDeps {
  db: Db;
  config: ServerConfig;
  mailer: Mailer;
}

export interface RenewalStats {
  reminded: number;
  charged: number;
  failed: number;
  expired: number;
  deferred: number;
}

const DAY = 86_400;
/** A claimed row is taken again after this long: the pass that claimed it died before recording anything. */
export const CLAIM_LEASE_SECONDS = 10 * 60;
/** The provider did not answer (or is not configured yet): ask again this much later, no failure counted. */
export const DOWN_RETRY_SECONDS = 15 * 60;
/** After the first and second refused charge; the third stops auto-pay. */
export const RETRY_SCHEDULE_SECONDS = [1 * DAY, 3 * DAY] as const;
/** Refusals no retry can mend: auto-pay stops at once (yookassa.ru/developers/payment-acceptance/after-the-payment/declined-payments). */
const FINAL_REASONS = new Set(['permission_revoked']);
const BATCH = 50;

const nowSeconds = (config: ServerConfig) => Math.floor(config.now() / 1000);

/** One pass: reminders a day before a trial's end, then every due charge. */
export async function runRenewals(deps: RenewalDeps): Promise<RenewalStats> {
  const stats: RenewalStats = { reminded: 0, charged: 0, failed: 0, expired: 0, deferred: 0 };
  // Most ticks have nothing due within a day (reminders included): one read and done.
  if (!(await anyChargeBefore(deps.db, nowSeconds(deps.config) + DAY))) return stats;
  await sendTrialReminders(deps, stats);
  for (let i = 0; i < 100; i++) {
    const claimed = await claimDue(deps.db, nowSeconds(deps.config));
    for (const sub of claimed) {
      // One row's surprise (a database error) must not hold the others: it is taken again after its lease.
      await chargeClaimed(deps, sub, stats).catch((error: unknown) => console.error(`payments: renewal of subscription ${sub.id} failed: ${(error as Error).message}`));
    }
    if (claimed.length < BATCH) break;
  }
  return stats;
}

/** Takes the due rows no other pass holds and leases them (store-subscriptions.ts `claimDueSubscriptions`). */
export const claimDue = (db: Db, now: number): Promise<SubscriptionRow[]> => claimDueSubscriptions(db, now, now + CLAIM_LEASE_SECONDS, BATCH);

/**
 * The key of this period's charge: a repeat after a crash gets the provider's first answer (the same payment). A
 * retry after a refusal is a new attempt with its own key (the refused payment stays refused at the provider).
 */
export const renewalKey = (sub: Pick<SubscriptionRow, 'id' | 'periodEnd' | 'failedAttempts'>) =>
  `renewal-${sub.id}-${sub.periodEnd}${sub.failedAttempts ? `-${sub.failedAttempts}` : ''}`;

/** The charge of the claimed period: the same row asks the same request under the same key (a repeat is a replay). */
export function chargeRequest(sub: SubscriptionRow, methodId: string): SavedMethodCharge {
  return {
    idempotencyKey: renewalKey(sub),
    amount: { amount: sub.amount, currency: sub.currency },
    description: `Subscription ${sub.id}: tariff ${sub.tariff}, ${sub.intervalMonths} month(s)`,
    methodId,
    metadata: { subscriptionId: String(sub.id), periodEnd: String(sub.periodEnd) },
  };
}

/** Charges one claimed subscription and records what came of it. */
export async function chargeClaimed(deps: RenewalDeps, sub: SubscriptionRow, stats: RenewalStats): Promise<void> {
  const user = await findUser(deps.db, sub.userId);
  if (!user || user.deletedAt) {
    // A deleted account is never charged again (its payments stay for accounting, docs/account.md).
    await changeIfUnmoved(deps.db, { ...sub, autoPayOn: true }, { autoPay: false, cancelled: true, nextChargeAt: null });
    return;
  }
  const method = sub.provider === 'yookassa' ? savedMethodOf(deps.config.secrets.keys, sub) : undefined;
  if (!method) {
    // Nothing we may charge: a trial nobody gave a card for (or a Stripe trial), or a method no key opens.
    await stopWithout(deps, sub, stats);
    return;
  }
  const provider = paymentProvider(deps.config, 'yookassa');
  if (!isConfigured(provider)) {
    console.warn(`payments: subscription ${sub.id} is due but YooKassa is not configured (${provider.missing.join(', ')})`);
    await defer(deps, sub, DOWN_RETRY_SECONDS, stats);
    return;
  }
  const outcome = await provider.chargeSavedMethod(chargeRequest(sub, method));
  await recordOutcome(deps, sub, outcome, stats);
}

/** What the provider answered, applied to the row as claimed (a row already moved on is left alone). */
export async function recordOutcome(deps: RenewalDeps, claimed: SubscriptionRow, outcome: Outcome<{ payment: ProviderPayment }>, stats: RenewalStats): Promise<void> {
  const { db, config } = deps;
  const now = nowSeconds(config);
  if (outcome.ok && outcome.payment.status === 'succeeded') {
    const paid = await db.transaction(async (tx) => {
      const sub = await lockSubscription(tx, claimed.id);
      if (!sub || sub.periodEnd !== claimed.periodEnd) return undefined; // recorded by another pass
      return recordPaidPeriod(tx, sub, { amountMinor: outcome.payment.amount.amount, providerPaymentId: outcome.payment.id, at: new Date(config.now()) });
    });
    if (paid) stats.charged++;
    return;
  }
  if (outcome.ok && outcome.payment.status === 'pending') {
    // A receipt-first shop: the same key asks again next pass and gets the payment as it is then.
    await defer(deps, claimed, 0, stats);
    return;
  }
  if (!outcome.ok && (outcome.kind === 'down' || outcome.kind === 'keyRefused')) {
    if (outcome.kind === 'keyRefused') console.warn(`payments: YooKassa refused the shop's key (${outcome.status}): check YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY`);
    await defer(deps, claimed, DOWN_RETRY_SECONDS, stats);
    return;
  }
  const reason = outcome.ok ? (outcome.payment.cancellation?.reason ?? 'canceled') : outcome.kind === 'refused' ? outcome.code : outcome.kind;
  await recordFailure(deps, claimed, reason, now, stats);
}

async function recordFailure(deps: RenewalDeps, claimed: SubscriptionRow, reason: string, now: number, stats: RenewalStats): Promise<void> {
  const attempts = claimed.failedAttempts + 1;
  const stop = FINAL_REASONS.has(reason) || attempts > RETRY_SCHEDULE_SECONDS.length;
  const retryAt = stop ? null : now + RETRY_SCHEDULE_SECONDS[attempts - 1]!;
  const changed = await deps.db.transaction(async (tx) => {
    const sub = await lockSubscription(tx, claimed.id);
    if (!sub || sub.periodEnd !== claimed.periodEnd || sub.failedAttempts !== claimed.failedAttempts) return undefined;
    // The owner turned auto-pay off or cancelled meanwhile: their choice stands, nothing is queued.
    const queue = sub.autoPay && !sub.cancelled && retryAt !== null;
    const row = await changeIfUnmoved(tx, sub, { failedAttempts: attempts, lastChargeError: reason, nextChargeAt: queue ? retryAt : null, ...(stop ? { autoPay: false } : {}) });
    return row;
  });
  if (!changed) return;
  stats.failed++;
  const owner = await ownerOf(deps.db, deps.config, changed.userId, changed.brand);
  const after: AfterFailure = retryAt === null || !changed.autoPay ? 'stopped' : { retryAt };
  await tell(deps.mailer, owner && renewalFailedMail(owner, changed.amount, changed.currency, reason, after));
}

/** The charge is asked again `afterSeconds` from now, no failure counted. */
async function defer(deps: RenewalDeps, claimed: SubscriptionRow, afterSeconds: number, stats: RenewalStats): Promise<void> {
  await changeIfUnmoved(deps.db, { ...claimed, autoPayOn: true }, { nextChargeAt: nowSeconds(deps.config) + afterSeconds });
  stats.deferred++;
}

/**
 * No method to charge: auto-pay ends and the owner is told to pay on the payments page. A trial ends Expired (the
 * §9 charge needs a method the owner gave; nothing is charged silently).
 */
async function stopWithout(deps: RenewalDeps, claimed: SubscriptionRow, stats: RenewalStats): Promise<void> {
  const row = await changeIfUnmoved(deps.db, { ...claimed, autoPayOn: true }, { autoPay: false, nextChargeAt: null, ...(claimed.isTrial ? {} : { lastChargeError: 'savedMethodUnavailable' }) });
  if (!row) return;
  stats.expired++;
  // An owner who already paid for a period still running (a checkout, an admin's payment) has nothing to be told.
  if (row.isTrial && (await paidThrough(deps.db, row.userId)) > nowSeconds(deps.config)) return;
  const owner = await ownerOf(deps.db, deps.config, row.userId, row.brand);
  await tell(deps.mailer, owner && (row.isTrial ? trialEndedMail(owner) : renewalFailedMail(owner, row.amount, row.currency, 'savedMethodUnavailable', 'stopped')));
}

/**
 * A day before a trial's charge, once per period (`reminded_for` = the period end it was sent for). Marked before
 * the mail leaves: a crash between loses one reminder rather than sending two.
 */
async function sendTrialReminders(deps: RenewalDeps, stats: RenewalStats): Promise<void> {
  const now = nowSeconds(deps.config);
  const marked = await claimTrialReminders(deps.db, now, DAY, BATCH);
  for (const sub of marked) {
    const owner = await ownerOf(deps.db, deps.config, sub.userId, sub.brand);
    const willCharge = sub.provider === 'yookassa' && savedMethodOf(deps.config.secrets.keys, sub) !== undefined;
    await tell(deps.mailer, owner && trialEndingMail(owner, sub.nextChargeAt!, sub.amount, sub.currency, willCharge));
    stats.reminded++;
  }
}

/** The latest end of the owner's paid (not free) successful payments, 0 when none. */
async function paidThrough(db: Db, userId: number): Promise<number> {
  const rows = await paymentsOf(db, userId);
  return Math.max(0, ...rows.filter((p) => p.success && !p.isFree).map((p) => p.dateEnd ?? 0));
}
