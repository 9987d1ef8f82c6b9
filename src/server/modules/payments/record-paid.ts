import type { UnitKind } from '../../../shared/payments/catalogue.ts';
import type { Currency } from '../../../shared/payments/currency.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.ts';

/** What recording a payment needs of the app: the request handlers pass their context, the sweep its own. */
export type PaymentsContext = Pick<AppContext, 'db' | 'config'>;
/** The request's logger, or the sweep's (console). */
export type PaymentsLog = Pick<FastifyBaseLogger, 'warn' | 'error'>;
import type { Tx } from '../../platform/db/transactions.ts';
import { creditPacks } from '../account/store.ts';
import { insertPayment, lockPaymentByPublicId, tariffPeriodsOf, updatePayment, type PaymentChanges } from '../admin/store-payments.ts';
import { accrueReferralReward } from '../partners/rewards.ts';
import type { ProviderPayment } from './providers/types.ts';
import type { Quote } from './quote.ts';
import { markPayLinkPaid } from './store-pay-links.ts';
import { lockCheckout, updateCheckout, type CheckoutRow } from './store-checkouts.ts';
import { openSubscription } from './store-subscriptions.ts';

// Applying a provider's answer to a checkout (docs/payments.md "Checkout", "Notifications"): one function for the
// webhook, the return page's poll and the zero total, so a payment is recorded the same way, once, whoever is first.

type Line = Quote['lines'][number];

/** Calendar months later in UTC; a day the month lacks becomes its last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonthsUtc(unixSeconds: number, months: number): number {
  const d = new Date(unixSeconds * 1000);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return Math.floor(d.getTime() / 1000);
}

/** The payments row's unit columns (the admin area's shape): the table keeps numbers except for iiko's GUIDs. */
export function unitColumnsOf(unit: UnitKind, ids: string[]): PaymentChanges {
  const numbers = ids.map(Number);
  switch (unit) {
    case 'instance':
      return { instanceIds: numbers };
    case 'company':
      return { internalYclientsCompaniesIds: numbers };
    case 'organisation':
      return { iikoOrganizationsIds: ids };
    case 'clinicBranch':
      return { medFlexLpuIds: numbers };
    default:
      return {};
  }
}

/**
 * When a line's period starts: now, or the end of the owner's paid period of the same tariff for any of the same
 * units if that is later (a period bought early extends the current one, never overlaps it). A row with no units
 * (an account tariff, the trial) covers every unit.
 */
async function periodStart(tx: Tx, userId: number, line: Line, nowS: number): Promise<number> {
  const rows = await tariffPeriodsOf(tx, userId, line.tariff);
  const mine = new Set(line.unitIds);
  let start = nowS;
  for (const r of rows) {
    const ids = [...r.instanceIds, ...r.internalYclientsCompaniesIds, ...r.medFlexLpuIds].map(String).concat(r.iikoOrganizationsIds);
    const overlaps = ids.length === 0 || mine.size === 0 || ids.some((id) => mine.has(id));
    if (overlaps && r.dateEnd !== null && r.dateEnd > start) start = r.dateEnd;
  }
  return start;
}

/** Records a paid checkout: payments rows (tariffs on at once), packs, subscriptions, the referral reward. */
async function recordPaid(ctx: PaymentsContext, tx: Tx, row: CheckoutRow, payment: ProviderPayment | null, at: Date, log?: PaymentsLog): Promise<number[]> {
  const quote = row.quote as Quote;
  const nowS = Math.floor(at.getTime() / 1000);
  const paymentIds: number[] = [];

  if (row.paymentPublicId) {
    // The pay link: the admin's unpaid row becomes paid; no new row. Locked: of two checkouts paid at once, the
    // second sees the first's `success`.
    const linked = await lockPaymentByPublicId(tx, row.paymentPublicId);
    const refund = { paymentPublicId: row.paymentPublicId, checkoutId: row.id, providerPaymentId: payment?.id, paid: { amount: row.total, currency: row.currency } };
    if (linked && linked.userId === row.userId && linked.success) {
      // Paid twice through two open checkouts: the first stays; the operator refunds the second.
      log?.error(refund, 'pay link paid again');
    } else if (linked && (Math.round(linked.amount * 100) !== row.total || linked.currency !== row.currency)) {
      // The admin changed the amount after this checkout opened: the row stays unpaid for its new amount; the
      // operator refunds (or settles) what was paid by hand.
      log?.error({ ...refund, now: { amount: Math.round(linked.amount * 100), currency: linked.currency } }, 'pay link amount changed while its checkout was open');
    } else if (linked && linked.userId === row.userId) {
      await updatePayment(tx, row.userId, linked.id, { success: true, paymentId: payment?.id ?? null, orderId: row.id });
      paymentIds.push(linked.id);
    }
  } else {
    for (const line of quote.lines) {
      const dateBegin = await periodStart(tx, row.userId, line, nowS);
      const dateEnd = addMonthsUtc(dateBegin, line.months);
      const inserted = await insertPayment(
        tx,
        row.userId,
        {
          tariff: line.tariff,
          success: true,
          isFree: line.amount === 0,
          amount: line.amount / 100,
          currency: row.currency,
          promocode: row.promocode,
          isAutoPay: row.autoPay,
          paymentId: payment?.id ?? null,
          orderId: row.id,
          dateBegin,
          dateEnd,
          paymentDay: dateEnd,
          ...unitColumnsOf(line.unit, line.unitIds),
        },
        at,
      );
      paymentIds.push(inserted.id);
      if (row.autoPay && payment) {
        const savedMethod = payment.savedMethod;
        const stripe = row.provider === 'stripe';
        await openSubscription(tx, ctx.config.secrets.keys, {
          userId: row.userId,
          brand: row.brand,
          provider: row.provider,
          tariff: line.tariff,
          unitIds: line.unitIds,
          intervalMonths: line.months,
          amount: line.amount,
          currency: row.currency,
          // YooKassa renews only with a saved method; Stripe's subscription renews itself.
          autoPay: stripe ? Boolean(payment.subscriptionId) : Boolean(savedMethod),
          paidMonths: line.months,
          periodEnd: dateEnd,
          nextChargeAt: !stripe && savedMethod ? dateEnd : null,
          ...(savedMethod && !stripe ? { savedMethod } : {}),
          ...(stripe && payment.subscriptionId ? { providerSubscriptionId: payment.subscriptionId } : {}),
          firstPaymentId: inserted.id,
          at,
        });
      }
    }
    const packs = Object.fromEntries(quote.packs.map((p) => [p.kind, p.quantity]));
    if (quote.packs.length) await creditPacks(tx, row.userId, { messages: packs.messages ?? 0, reviews: packs.reviews ?? 0, aiBalance: packs.aiBalance ?? 0 });
  }

  // The balance is kept in US dollars (the AI balance, §5): a rouble reward is converted at the price list's rate.
  const minorPerDollar = ctx.config.paymentPrices.currencies[row.currency as Currency].packs.aiBalanceDollar;
  await accrueReferralReward(tx, { payerUserId: row.userId, paymentIds, amount: row.total, currency: row.currency, minorPerDollar, promocode: row.promocode, at });
  return paymentIds;
}

/**
 * Applies what the provider says about a checkout's payment (null: a zero total, paid without a provider).
 * Forward only: pending → paid | canceled; a settled checkout is never changed again, so a repeated, late or
 * reordered answer is 'ignored'. The caller's transaction holds the checkout's lock until it commits.
 */
export async function applyPayment(ctx: PaymentsContext, tx: Tx, checkoutId: string, payment: ProviderPayment | null, log?: PaymentsLog): Promise<'applied' | 'ignored'> {
  const row = await lockCheckout(tx, checkoutId);
  if (!row || row.status !== 'pending') return 'ignored';
  const at = new Date(ctx.config.now());
  if (payment) {
    if (payment.provider !== row.provider || (row.providerPaymentId && row.providerPaymentId !== payment.id)) return 'ignored';
    if (payment.status === 'pending') {
      // A crash before the id was stored is healed by the first answer naming it.
      if (!row.providerPaymentId) await updateCheckout(tx, row.id, { providerPaymentId: payment.id });
      return 'ignored';
    }
    if (payment.status === 'canceled') {
      await updateCheckout(tx, row.id, { status: 'canceled', providerPaymentId: payment.id, cancellationReason: payment.cancellation?.reason ?? 'canceled', settledAt: at });
      return 'applied';
    }
    if (payment.amount.amount !== row.total || payment.amount.currency !== row.currency) {
      // Never record a payment for other money than the checkout priced: the operator looks at it by hand.
      log?.error({ checkoutId: row.id, providerPaymentId: payment.id, paid: payment.amount, expected: { amount: row.total, currency: row.currency } }, 'paid amount differs from the checkout');
      return 'ignored';
    }
  }
  await recordPaid(ctx, tx, row, payment, at, log);
  if (row.payLinkId) await markPayLinkPaid(tx, row.payLinkId, row.id);
  await updateCheckout(tx, row.id, { status: 'paid', providerPaymentId: payment?.id ?? row.providerPaymentId, settledAt: at });
  return 'applied';
}
