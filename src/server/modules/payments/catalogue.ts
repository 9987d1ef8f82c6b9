import type { components } from '../../../api/schema.d.ts';
import type { BrandRules } from '../../platform/brands.ts';
import { CATALOGUE, isTariffId, MONTHS, PACK_KINDS, PACK_MINIMUMS } from '../../../shared/payments/catalogue.ts';
import type { PriceList } from '../../../shared/payments/prices.ts';
import { packPrice, tariffPrice, trialChargeOf } from '../../../shared/payments/pricing.ts';
import { TRIAL_DAYS, TRIAL_TARIFF } from '../../../shared/tariffs.ts';

/** The host's catalogue (§6 available tariffs, in the brand's order) priced in the brand's currency. */
export function hostCatalogue(brand: BrandRules, prices: PriceList): components['schemas']['PaymentCatalogue'] {
  const currency = prices.currencies[brand.currency];
  return {
    currency: brand.currency,
    tariffs: brand.tariffs.filter(isTariffId).map((id) => ({ ...CATALOGUE[id], monthlyPrice: tariffPrice(currency, id) })),
    months: MONTHS.map((months) => ({ months, discountPercent: prices.monthsDiscountPercent[`${months}`] })),
    packs: Object.fromEntries(PACK_KINDS.map((kind) => [kind, { minimum: PACK_MINIMUMS[kind], unitPrice: packPrice(currency, kind) }])) as components['schemas']['PaymentCatalogue']['packs'],
    trial: { days: TRIAL_DAYS, tariff: TRIAL_TARIFF, amount: trialChargeOf(currency, TRIAL_TARIFF) },
  };
}
