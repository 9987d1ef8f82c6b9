import type { Tx } from '../../platform/db/transactions.ts';
import { CATALOGUE, isTariffId } from '../../../shared/payments/catalogue.ts';
import { insertPayment, type PaymentChanges, type PaymentRow } from '../admin/store-payments.ts';
import { changeIfUnmoved, type SubscriptionRow } from './store-subscriptions.ts';

/**
 * `months` calendar months after a moment (unix seconds, UTC), the day clamped to the month's last: a period from
 * 31 January ends on 28 (29) February. The next period starts where this one ends.
 */
export function plusMonths(unixSeconds: number, months: number): number {
  const d = new Date(unixSeconds * 1000);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
}

/** The payments row's unit columns (the admin area's shape) for a subscription's unit ids. */
function unitColumns(sub: SubscriptionRow): PaymentChanges {
  if (!isTariffId(sub.tariff)) return {};
  const ids = sub.unitIds;
  switch (CATALOGUE[sub.tariff].unit) {
    case 'instance':
      return { instanceIds: ids.map(Number) };
    case 'company':
      return { internalYclientsCompaniesIds: ids.map(Number) };
    case 'organisation':
      return { iikoOrganizationsIds: ids };
    case 'clinicBranch':
      return { medFlexLpuIds: ids.map(Number) };
    default:
      return {};
  }
}

/**
 * A charge for the period after `sub.periodEnd` succeeded: the payments row the admin area and the tariff checks
 * read (amount in major units), and the subscription one interval further, its failures forgotten. Applies only
 * when the row still ends where the caller read it (a second recording of the same period changes nothing) and
 * answers the payment, or undefined when the period was recorded already.
 */
export async function recordPaidPeriod(
  tx: Tx,
  sub: SubscriptionRow,
  charge: { amountMinor: number; providerPaymentId: string; at: Date },
): Promise<PaymentRow | undefined> {
  const begin = sub.periodEnd;
  const end = plusMonths(begin, sub.intervalMonths);
  // Merchant renewals (YooKassa) queue the next charge; Stripe renews itself and tells us.
  const nextChargeAt = sub.provider === 'yookassa' && sub.autoPay && !sub.cancelled ? end : null;
  const moved = await changeIfUnmoved(tx, sub, { periodEnd: end, paidMonths: sub.paidMonths + sub.intervalMonths, failedAttempts: 0, lastChargeError: null, isTrial: false, nextChargeAt });
  if (!moved) return undefined;
  return insertPayment(
    tx,
    sub.userId,
    {
      tariff: sub.tariff,
      success: true,
      isFree: false,
      isAutoPay: true,
      amount: charge.amountMinor / 100,
      currency: sub.currency,
      dateBegin: begin,
      dateEnd: end,
      paymentDay: end,
      paymentId: charge.providerPaymentId,
      reason: sub.isTrial ? 'trialCharge' : 'renewal',
      ...unitColumns(sub),
    },
    charge.at,
  );
}
