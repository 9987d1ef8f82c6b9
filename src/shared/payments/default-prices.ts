import type { PriceList } from './prices.ts';

/**
 * The repository's price list: PLACEHOLDER amounts (the spec gives only the trial's 1200 roubles a month for the
 * quick-start plan, tariff 1). An operator replaces the whole list with a JSON file of the same shape named by
 * PAYMENT_PRICES_FILE (docs/payments.md "Prices"). Amounts in minor units: 120000 = 1 200.00 RUB, 1200 = $12.00.
 */
export const DEFAULT_PRICES: PriceList = {
  monthsDiscountPercent: { 1: 0, 3: 5, 6: 10, 12: 20 },
  currencies: {
    RUB: {
      tariffs: {
        0: 90000, 1: 120000, 2: 0, 3: 50000, 4: 150000, 5: 250000, 6: 90000, 7: 30000, 8: 100000, 9: 50000,
        10: 150000, 11: 250000, 12: 100000, 13: 200000, 14: 100000, 15: 150000, 16: 50000, 17: 150000, 18: 100000,
        19: 80000, 20: 300000, 21: 200000, 22: 400000, 23: 800000, 24: 100000, 25: 300000,
      },
      packs: { message: 100, review: 500, aiBalanceDollar: 10000 },
    },
    USD: {
      tariffs: {
        0: 1200, 1: 1500, 2: 0, 3: 700, 4: 2000, 5: 3000, 6: 1200, 7: 400, 8: 1300, 9: 700,
        10: 2000, 11: 3000, 12: 1300, 13: 2500, 14: 1300, 15: 2000, 16: 700, 17: 2000, 18: 1300,
        19: 1000, 20: 4000, 21: 2500, 22: 5000, 23: 10000, 24: 1300, 25: 4000,
      },
      packs: { message: 2, review: 6, aiBalanceDollar: 100 },
    },
  },
};
