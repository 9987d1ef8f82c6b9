import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUE, MONTHS, TARIFF_IDS } from '../../../src/shared/payments/catalogue.ts';
import { DEFAULT_PRICES } from '../../../src/shared/payments/default-prices.ts';
import { priceListSchema, type PriceList } from '../../../src/shared/payments/prices.ts';
import { lessPercent, packBelowMinimum, packLine, priceTariffLine, trialChargeOf } from '../../../src/shared/payments/pricing.ts';
import { loadConfig, ConfigError } from '../../../src/server/platform/config.ts';
import { paymentPricesFrom } from '../../../src/server/platform/payment-prices.ts';
import { loadBrands } from '../../../src/brand/load.ts';

const withPrices = (patch: (p: PriceList) => void): PriceList => {
  const copy = structuredClone(DEFAULT_PRICES);
  patch(copy);
  return copy;
};

describe('pricing in minor units', () => {
  it('rounds a percentage half up to a whole kopeck or cent, once', () => {
    expect(lessPercent(1999, 5)).toBe(1899); // 99.95 off → 100
    expect(lessPercent(1990, 5)).toBe(1890); // 99.5 off → 100 (half up)
    expect(lessPercent(1989, 5)).toBe(1890); // 99.45 off → 99
    expect(lessPercent(333, 50)).toBe(166); // 166.5 off → 167
    expect(lessPercent(1000, 0)).toBe(1000);
  });

  it('months discount on units × months', () => {
    const prices = withPrices((p) => (p.currencies.USD.tariffs['16'] = 999));
    const line = priceTariffLine(prices, prices.currencies.USD, { tariff: 16, units: 1, months: 3 });
    expect(line).toMatchObject({ unitPrice: 999, gross: 2997, monthsDiscountPercent: 5, amount: 2847 }); // 149.85 off → 150
    const year = priceTariffLine(prices, prices.currencies.USD, { tariff: 16, units: 1, months: 12 });
    expect(year).toMatchObject({ gross: 11988, monthsDiscountPercent: 20, amount: 9590 }); // 2397.6 off → 2398
  });

  it("§9 API plan: 50 % off the second and later numbers, an odd price's half rounded", () => {
    const prices = withPrices((p) => (p.currencies.RUB.tariffs['15'] = 99999));
    const one = priceTariffLine(prices, prices.currencies.RUB, { tariff: 15, units: 1, months: 1 });
    expect(one.amount).toBe(99999);
    const three = priceTariffLine(prices, prices.currencies.RUB, { tariff: 15, units: 3, months: 1 });
    expect(three.amount).toBe(99999 + 2 * 49999); // 49 999.5 off each → 50 000
    // Other tariffs charge every unit in full.
    const companies = priceTariffLine(prices, prices.currencies.RUB, { tariff: 1, units: 3, months: 1 });
    expect(companies.amount).toBe(3 * 120000);
    const api6 = priceTariffLine(DEFAULT_PRICES, DEFAULT_PRICES.currencies.RUB, { tariff: 15, units: 2, months: 6 });
    expect(api6.amount).toBe(lessPercent((150000 + 75000) * 6, 10));
  });

  it('packs: quantity × unit price; the §5 minimums', () => {
    expect(packLine(DEFAULT_PRICES.currencies.USD, 'aiBalance', 20)).toEqual({ kind: 'aiBalance', quantity: 20, unitPrice: 100, amount: 2000 });
    expect(packBelowMinimum('messages', 499)).toBe(true);
    expect(packBelowMinimum('messages', 500)).toBe(false);
    expect(packBelowMinimum('reviews', 99)).toBe(true);
    expect(packBelowMinimum('aiBalance', 19)).toBe(true);
    expect(packBelowMinimum('aiBalance', 20)).toBe(false);
  });

  it('§9 trial: 1 200 roubles after 3 days', () => {
    expect(trialChargeOf(DEFAULT_PRICES.currencies.RUB, 1)).toBe(120000);
  });
});

describe('the catalogue', () => {
  it('names tariffs 0-25 only, each with a unit; the test tariff unlocks every flow kind', () => {
    expect(TARIFF_IDS).toEqual(Array.from({ length: 26 }, (_, i) => i));
    expect(CATALOGUE[2].unlocks.flowKinds).toHaveLength(11); // every kind but the distribution's own (a feature)
    expect(CATALOGUE[15].additionalUnitDiscountPercent).toBe(50);
    expect(CATALOGUE[25].unit).toBe('clinicBranch');
    expect(MONTHS).toEqual([1, 3, 6, 12]);
  });

  it('every brand has a currency: roubles on .ru hosts, dollars elsewhere; every tariff it offers is named', () => {
    for (const brand of loadBrands()) {
      expect(brand.currency, brand.id).toBe(brand.hosts.every((h) => h.endsWith('.ru')) ? 'RUB' : 'USD');
      for (const id of brand.tariffs) expect(CATALOGUE[id as keyof typeof CATALOGUE], `${brand.id} ${id}`).toBeDefined();
    }
  });
});

describe('the price list', () => {
  const file = (content: unknown) => {
    const path = join(mkdtempSync(join(tmpdir(), 'prices-')), 'prices.json');
    writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
    return path;
  };
  const fail = (message: string) => new ConfigError(message);

  it('the default passes its own schema; without PAYMENT_PRICES_FILE it is used', () => {
    expect(priceListSchema.parse(DEFAULT_PRICES)).toEqual(DEFAULT_PRICES);
    expect(paymentPricesFrom(undefined, fail)).toBe(DEFAULT_PRICES);
  });

  it("an operator's file replaces it", () => {
    const mine = withPrices((p) => (p.currencies.RUB.tariffs['1'] = 150000));
    expect(paymentPricesFrom(file(mine), fail).currencies.RUB.tariffs['1']).toBe(150000);
    const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'cfg-')), JWT_SECRET: 'x'.repeat(32), SECRETS_KEY: Buffer.alloc(32, 1).toString('base64'), PAYMENT_PRICES_FILE: file(mine) });
    expect(config.paymentPrices.currencies.RUB.tariffs['1']).toBe(150000);
  });

  it('a bad file stops the start with a message naming the key', () => {
    const fractional = withPrices((p) => (p.currencies.RUB.tariffs['5'] = 12.5));
    expect(() => paymentPricesFrom(file(fractional), fail)).toThrow(/PAYMENT_PRICES_FILE \(.*\): currencies\.RUB\.tariffs\.5: expected a whole number/);
    const missing = structuredClone(DEFAULT_PRICES) as { currencies: { USD: { packs: Partial<PriceList['currencies']['USD']['packs']> } } };
    delete missing.currencies.USD.packs.review;
    expect(() => paymentPricesFrom(file(missing), fail)).toThrow(/currencies\.USD\.packs\.review/);
    expect(() => paymentPricesFrom(file({ ...DEFAULT_PRICES, monthsDiscountPercent: { 1: 0, 3: 5, 6: 10, 12: 100 } }), fail)).toThrow(/monthsDiscountPercent\.12/);
    expect(() => paymentPricesFrom(file('{ not json'), fail)).toThrow(/PAYMENT_PRICES_FILE \(.*\): not valid JSON/);
    expect(() => loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'cfg-')), JWT_SECRET: 'x'.repeat(32), PAYMENT_PRICES_FILE: file(fractional) })).toThrow(ConfigError);
  });
});
