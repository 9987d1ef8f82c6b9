import { readFileSync } from 'node:fs';
import { DEFAULT_PRICES } from '../../shared/payments/default-prices.ts';
import { describePriceListIssues, priceListSchema, type PriceList } from '../../shared/payments/prices.ts';

/**
 * PAYMENT_PRICES_FILE: the operator's price list (JSON, the shape of src/shared/payments/prices.ts), read and checked
 * once at start; unset, the repository's placeholder list (default-prices.ts). A bad file stops the start with the
 * key at fault, e.g. "PAYMENT_PRICES_FILE (/etc/prices.json): currencies.RUB.tariffs.5: expected a whole number".
 */
export function paymentPricesFrom(file: string | undefined, fail: (message: string) => Error): PriceList {
  if (!file) return DEFAULT_PRICES;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw fail(`PAYMENT_PRICES_FILE (${file}): ${error instanceof SyntaxError ? 'not valid JSON' : 'cannot be read'}: ${(error as Error).message}`);
  }
  const parsed = priceListSchema.safeParse(raw);
  if (!parsed.success) throw fail(`PAYMENT_PRICES_FILE (${file}): ${describePriceListIssues(parsed.error)}`);
  return parsed.data;
}
