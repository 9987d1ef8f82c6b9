/** Currencies of the brands (src/brand/schema.ts `currency`): roubles for the Russian hosts, US dollars elsewhere. */
export const CURRENCIES = ['RUB', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];
