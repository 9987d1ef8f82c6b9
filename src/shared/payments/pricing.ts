import { ADDITIONAL_UNIT_DISCOUNT, PACK_MINIMUMS, type Months, type PackKind } from './catalogue.ts';
import type { TariffId } from '../tariffs.ts';
import type { CurrencyPrices, PriceList } from './prices.ts';

// Pure pricing on integer minor units (kopecks, cents): every amount is exact, each percentage is rounded half up
// to a whole kopeck or cent once, where it is taken (docs/payments.md "Rounding").

/** `amount` less `percent` of it, the discount rounded half up (5 % of 1 999 kopecks = 100, not 99.95). */
export function lessPercent(amount: number, percent: number): number {
  return amount - Math.floor((amount * percent + 50) / 100);
}

export interface TariffLineInput {
  tariff: TariffId;
  units: number;
  months: Months;
}

export interface TariffLine extends TariffLineInput {
  unitPrice: number;
  monthsDiscountPercent: number;
  /** Percent off each unit after the first (the API plan). */
  additionalUnitDiscountPercent: number;
  /** Before the months discount: units × months at the unit price, less the additional units' discount. */
  gross: number;
  amount: number;
}

/** The monthly price of one unit of `tariff` in this currency. */
export const tariffPrice = (currency: CurrencyPrices, tariff: TariffId): number => currency.tariffs[`${tariff}`];

const PACK_PRICE: Record<PackKind, keyof CurrencyPrices['packs']> = { messages: 'message', reviews: 'review', aiBalance: 'aiBalanceDollar' };

/** The price of one item of a pack (a message, a review, a dollar of AI balance) in this currency. */
export const packPrice = (currency: CurrencyPrices, kind: PackKind): number => currency.packs[PACK_PRICE[kind]];

/** One tariff line: the first unit at full price, others less the tariff's additional-unit discount, then the months discount. */
export function priceTariffLine(prices: PriceList, currency: CurrencyPrices, line: TariffLineInput): TariffLine {
  const unitPrice = tariffPrice(currency, line.tariff);
  const additional = ADDITIONAL_UNIT_DISCOUNT[line.tariff] ?? 0;
  const perMonth = unitPrice + (line.units - 1) * lessPercent(unitPrice, additional);
  const gross = perMonth * line.months;
  const monthsDiscountPercent = prices.monthsDiscountPercent[String(line.months) as `${Months}`];
  return { ...line, unitPrice, additionalUnitDiscountPercent: additional, monthsDiscountPercent, gross, amount: lessPercent(gross, monthsDiscountPercent) };
}

export interface PackLine {
  kind: PackKind;
  quantity: number;
  unitPrice: number;
  amount: number;
}

export const packLine = (currency: CurrencyPrices, kind: PackKind, quantity: number): PackLine => {
  const unitPrice = packPrice(currency, kind);
  return { kind, quantity, unitPrice, amount: unitPrice * quantity };
};

export const packBelowMinimum = (kind: PackKind, quantity: number): boolean => quantity < PACK_MINIMUMS[kind];

/** §9 trial: after 3 days the quick-start plan (tariff 1) is charged for one month, one unit, in the brand's currency. */
export const trialChargeOf = tariffPrice;
