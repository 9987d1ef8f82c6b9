import type { ServerConfig } from '../../platform/config.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import type { Currency } from '../../../shared/payments/currency.ts';
import { trialChargeOf } from '../../../shared/payments/pricing.ts';
import { TRIAL_TARIFF } from '../../../shared/tariffs.ts';
import type { PaymentRow } from '../admin/store-payments.ts';
import { openSubscription, type SubscriptionRow } from './store-subscriptions.ts';

/**
 * §9 "Trial 3 days, then automatic charge of 1200 … unless cancelled": at sign-up, beside the trial's free payment
 * row, the subscription that ends in that charge (docs/subscriptions.md "The trial's charge"). Auto-pay is on and the
 * charge is due at the trial's end; with no saved method by then the renewal job ends it Expired and tells the owner.
 */
export function openTrialSubscription(db: Tx, config: ServerConfig, input: { userId: number; brand: { id: string; currency: Currency }; trial: PaymentRow }): Promise<SubscriptionRow> {
  const end = input.trial.dateEnd!;
  return openSubscription(db, config.secrets.keys, {
    userId: input.userId,
    brand: input.brand.id,
    provider: input.brand.currency === 'RUB' ? 'yookassa' : 'stripe',
    tariff: TRIAL_TARIFF,
    unitIds: [],
    intervalMonths: 1,
    amount: trialChargeOf(config.paymentPrices.currencies[input.brand.currency], TRIAL_TARIFF),
    currency: input.brand.currency,
    isTrial: true,
    autoPay: true,
    paidMonths: 0,
    periodEnd: end,
    nextChargeAt: end,
    firstPaymentId: input.trial.id,
    at: new Date(config.now()),
  });
}
