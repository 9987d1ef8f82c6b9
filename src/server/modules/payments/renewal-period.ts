import type { Tx } from '../../platform/db/transactions.ts';
import { CATALOGUE, isTariffId } from '../../../shared/payments/catalogue.ts';
import { insertPayment, type PaymentRow } from '../admin/store-payments.ts';
import { addMonthsUtc, unitColumnsOf } from './record-paid.ts';
import { changeIfUnmoved, type SubscriptionRow } from './store-subscriptions.ts';

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
  const end = addMonthsUtc(begin, sub.intervalMonths);
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
      ...(isTariffId(sub.tariff) ? unitColumnsOf(CATALOGUE[sub.tariff].unit, sub.unitIds) : {}),
    },
    charge.at,
  );
}
