import type { components } from '../../../api/schema.d.ts';
import { CATALOGUE, isTariffId } from '../../../shared/payments/catalogue.ts';
import { savedMethodOf, type SubscriptionRow } from './store-subscriptions.ts';

type Subscription = components['schemas']['Subscription'];

/** Active while the paid (or trial) period is ahead. */
export const subscriptionStatus = (row: SubscriptionRow, nowSeconds: number): Subscription['status'] => (row.periodEnd > nowSeconds ? 'Active' : 'Expired');

/**
 * Whether auto-pay can be on: YooKassa needs a saved method a configured key opens; a Stripe subscription renews
 * only while it runs (once stopped it ends with its period, so turning it back on needs a new checkout).
 */
export function canAutoPay(keys: readonly Uint8Array[], row: SubscriptionRow): boolean {
  if (row.cancelled) return false;
  if (row.provider === 'stripe') return Boolean(row.providerSubscriptionId) && row.autoPay;
  return savedMethodOf(keys, row) !== undefined;
}

export function toSubscription(keys: readonly Uint8Array[], row: SubscriptionRow, nowSeconds: number): Subscription {
  return {
    id: row.id,
    tariff: row.tariff,
    unit: isTariffId(row.tariff) ? CATALOGUE[row.tariff].unit : 'account',
    unitIds: row.unitIds,
    status: subscriptionStatus(row, nowSeconds),
    isTrial: row.isTrial,
    intervalMonths: row.intervalMonths,
    paidMonths: row.paidMonths,
    amount: row.amount,
    currency: row.currency as Subscription['currency'],
    provider: row.provider,
    autoPay: row.autoPay,
    canAutoPay: canAutoPay(keys, row),
    cancelled: row.cancelled,
    periodEndUnixTime: row.periodEnd,
    nextChargeUnixTime: row.nextChargeAt,
    lastChargeError: row.lastChargeError,
  };
}
