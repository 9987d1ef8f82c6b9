import { z } from 'zod';
import { TARIFFS } from '../tariffs.ts';
import { MONTHS } from './catalogue.ts';
import type { Currency } from './currency.ts';

export { CURRENCIES, type Currency } from './currency.ts';

// Amounts are integers in minor units (kopecks, cents): sums stay exact (docs/payments.md "Rounding").
const MAX_MINOR = 100_000_000; // one million roubles or dollars
const minor = z.number({ error: 'expected a whole number of kopecks or cents' }).int({ error: 'expected a whole number of kopecks or cents' }).min(0).max(MAX_MINOR);
const percent = z.number().int({ error: 'expected a whole percent' }).min(0).max(99);

const tariffPrices = z.strictObject(Object.fromEntries(Object.keys(TARIFFS).map((id) => [id, minor])) as Record<`${keyof typeof TARIFFS}`, typeof minor>);

const currencyPrices = z.strictObject({
  /** Monthly price of one unit of each tariff 0-25. */
  tariffs: tariffPrices,
  packs: z.strictObject({
    /** One distribution message, one review, and one US dollar of AI balance, in this currency. */
    message: minor,
    review: minor,
    aiBalanceDollar: minor.min(1),
  }),
});

/** The price list (docs/payments.md "Prices"): the repository's default or the operator's PAYMENT_PRICES_FILE. */
export const priceListSchema = z.strictObject({
  $comment: z.string().optional(),
  /** Percent off for paying several months at once ('Cheaper by N%'). */
  monthsDiscountPercent: z.strictObject(Object.fromEntries(MONTHS.map((m) => [String(m), percent])) as Record<`${(typeof MONTHS)[number]}`, typeof percent>),
  currencies: z.strictObject({ RUB: currencyPrices, USD: currencyPrices }),
});
export type PriceList = z.output<typeof priceListSchema>;
export type CurrencyPrices = PriceList['currencies'][Currency];

/** "currencies.RUB.tariffs.5: expected …" for the first problems of a bad list. */
export function describePriceListIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
}
