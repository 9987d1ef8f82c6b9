import { describe, expect, it } from 'vitest';
import { addMonthsUtc } from '../../../src/server/modules/payments/record-paid.ts';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('addMonthsUtc: a paid period in calendar months (UTC)', () => {
  it('keeps the day and the time of day', () => {
    expect(addMonthsUtc(at('2026-11-01T09:00:00Z'), 1)).toBe(at('2026-12-01T09:00:00Z'));
    expect(addMonthsUtc(at('2026-11-15T23:59:59Z'), 3)).toBe(at('2027-02-15T23:59:59Z'));
    expect(addMonthsUtc(at('2026-03-10T00:00:00Z'), 12)).toBe(at('2027-03-10T00:00:00Z'));
  });

  it('a day the month lacks becomes its last day', () => {
    expect(addMonthsUtc(at('2027-01-31T10:00:00Z'), 1)).toBe(at('2027-02-28T10:00:00Z'));
    expect(addMonthsUtc(at('2028-01-31T10:00:00Z'), 1)).toBe(at('2028-02-29T10:00:00Z'));
    expect(addMonthsUtc(at('2026-08-31T10:00:00Z'), 6)).toBe(at('2027-02-28T10:00:00Z'));
  });
});
