import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isEnabled } from '../../src/brand/flags.ts';
import { BrandConfigError, loadBrand, loadBrands, parseBrand } from '../../src/brand/load.ts';
import { FLAGS } from '../../src/brand/schema.ts';
import { routesForBrand } from '../../src/routes/select.ts';
import { payReminder } from '../../src/stores/subscription.ts';

const has = (id: string, route: string) => routesForBrand(loadBrand(id)).some((r) => r.name === route);

describe('§6 flags that decide routes and header entries', () => {
  it('accountSettings: the profile screen is built only where set', () => {
    for (const brand of loadBrands()) expect(has(brand.id, 'profile'), brand.id).toBe(isEnabled(brand, 'accountSettings'));
    expect(has('main-ru', 'profile')).toBe(true);
    expect(has('clinic', 'profile')).toBe(false);
    expect(has('ai-dashboard', 'profile')).toBe(false);
    // What a Google sign-up must fill stays on every host.
    for (const brand of loadBrands()) expect(has(brand.id, 'accountUpdate'), brand.id).toBe(true);
  });

  it('AI dashboard and clinic hosts disable most flags (§6); quality has no pay reminders (no payments screen)', () => {
    for (const id of ['ai-dashboard', 'clinic']) {
      const on = FLAGS.filter((f) => isEnabled(loadBrand(id), f));
      expect(on.length, `${id}: ${on.join(', ')}`).toBeLessThanOrEqual(1);
      for (const flag of ['accountSettings', 'addFlowButton', 'news', 'payNotifications'] as const) expect(isEnabled(loadBrand(id), flag), `${id} ${flag}`).toBe(false);
    }
    for (const brand of loadBrands()) {
      // A reminder links to the payments screen: a host without one cannot show it.
      if (isEnabled(brand, 'payNotifications')) expect(has(brand.id, 'payments'), brand.id).toBe(true);
      // The add button opens the template catalogue on hosts with flows.
      if (isEnabled(brand, 'addFlowButton') && brand.variant !== 'distribution') expect(has(brand.id, 'templates'), brand.id).toBe(true);
    }
  });

  it('the add button reads addDistribution on distribution hosts and addFlow elsewhere; the schema refuses a mix-up', () => {
    for (const brand of loadBrands()) {
      if (isEnabled(brand, 'addFlowButton')) expect(brand.addFlowTextKey, brand.id).toBe(brand.variant === 'distribution' ? 'addDistribution' : 'addFlow');
    }
    const file = join(import.meta.dirname, '../../brands/main-ru.json');
    const wrong = JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), addFlowTextKey: 'addDistribution' });
    expect(() => parseBrand('brands/main-ru.json', wrong)).toThrow(BrandConfigError);
    expect(() => parseBrand('brands/main-ru.json', wrong)).toThrow(/addFlowTextKey.*must be addFlow/);
  });
});

describe('payment end-date reminder', () => {
  const now = Date.UTC(2026, 10, 24, 12);
  const at = (days: number) => Math.floor(now / 1000) + days * 86_400;
  it('expiring within 7 days, expired after, nothing earlier or when never paid', () => {
    expect(payReminder({ dateEndUnixTime: at(3), status: 'Active' }, now)).toEqual({ state: 'expiring', endsAt: at(3) * 1000 });
    expect(payReminder({ dateEndUnixTime: at(7), status: 'Active' }, now)?.state).toBe('expiring');
    expect(payReminder({ dateEndUnixTime: at(8), status: 'Active' }, now)).toBeUndefined();
    expect(payReminder({ dateEndUnixTime: at(-1), status: 'Expired' }, now)).toEqual({ state: 'expired', endsAt: at(-1) * 1000 });
    expect(payReminder({ dateEndUnixTime: at(-1), status: 'Active' }, now)?.state).toBe('expired');
    expect(payReminder({ dateEndUnixTime: null, status: null }, now)).toBeUndefined();
  });
});
