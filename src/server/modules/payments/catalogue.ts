import type { components } from '../../../api/schema.d.ts';
import type { BrandRules } from '../../platform/brands.ts';
import { CATALOGUE, isTariffId, MONTHS, PACK_MINIMUMS } from '../../../shared/payments/catalogue.ts';
import type { PriceList } from '../../../shared/payments/prices.ts';
import { trialChargeOf } from '../../../shared/payments/pricing.ts';
import { TRIAL_DAYS, TRIAL_TARIFF } from '../../../shared/tariffs.ts';

/** The host's catalogue (§6 available tariffs, in the brand's order) priced in the brand's currency. */
export function hostCatalogue(brand: BrandRules, prices: PriceList): components['schemas']['PaymentCatalogue'] {
  const currency = prices.currencies[brand.currency];
  return {
    currency: brand.currency,
    tariffs: brand.tariffs.filter(isTariffId).map((id) => ({ ...CATALOGUE[id], monthlyPrice: currency.tariffs[`${id}`] })),
    months: MONTHS.map((months) => ({ months, discountPercent: prices.monthsDiscountPercent[`${months}`] })),
    packs: {
      messages: { minimum: PACK_MINIMUMS.messages, unitPrice: currency.packs.message },
      reviews: { minimum: PACK_MINIMUMS.reviews, unitPrice: currency.packs.review },
      aiBalance: { minimum: PACK_MINIMUMS.aiBalance, unitPrice: currency.packs.aiBalanceDollar },
    },
    trial: { days: TRIAL_DAYS, tariff: TRIAL_TARIFF, amount: trialChargeOf(currency, TRIAL_TARIFF) },
  };
}
