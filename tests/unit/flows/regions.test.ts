// The country id table and the time-zone helpers (src/shared/countries.ts, src/shared/time-zones.ts).
import countries from 'i18n-iso-countries';
import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryOptions, isCountryId } from '../../../src/shared/countries.ts';
import { browserOffset, calendarDay, formatOffset, offsetOfZone, OFFSETS, zoneOfOffset } from '../../../src/shared/time-zones.ts';

describe('country table', () => {
  it('has every ISO code of the data package, unique ids, the spec ids, ours from 1000', () => {
    const isos = new Set(COUNTRIES.map((c) => c.iso));
    expect(Object.keys(countries.getAlpha2Codes()).filter((iso) => !isos.has(iso))).toEqual([]); // run scripts/generate-countries.ts
    expect(new Set(COUNTRIES.map((c) => c.id)).size).toBe(COUNTRIES.length);
    expect(COUNTRIES.filter((c) => c.id < 1000).map((c) => [c.iso, c.id])).toEqual([['RU', 1], ['BY', 3], ['UA', 4], ['KZ', 8], ['BR', 55]]);
    expect(isCountryId(0) && isCountryId(55) && !isCountryId(2) && !isCountryId(-1)).toBe(true);
  });

  it('names the countries in the page language, sorted by name', () => {
    const ru = countryOptions('ru');
    expect(ru.find((c) => c.value === 1)?.label).toBe('Россия');
    expect(countryOptions('en').find((c) => c.value === 3)?.label).toBe('Belarus');
    expect(countryOptions('pt-BR').find((c) => c.value === 55)?.label).toBe('Brasil');
    expect(countryOptions('uk').find((c) => c.value === 4)?.label).toBe('Україна');
    expect(ru.map((c) => c.label)).toEqual([...ru.map((c) => c.label)].sort((a, b) => a.localeCompare(b, 'ru')));
  });
});

describe('time zones', () => {
  it('GMT+N is Etc/GMT-N (inverted POSIX sign) and back', () => {
    expect(OFFSETS).toHaveLength(25);
    expect(zoneOfOffset(3)).toBe('Etc/GMT-3');
    expect(zoneOfOffset(-12)).toBe('Etc/GMT+12');
    expect(zoneOfOffset(0)).toBe('Etc/GMT');
    for (const h of OFFSETS) expect(offsetOfZone(zoneOfOffset(h), 0)).toBe(h);
    // The Etc zones mean what the label says: 12:00 UTC is 15:00 in GMT+3.
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: zoneOfOffset(3), hour: '2-digit', hourCycle: 'h23' }).format(Date.UTC(2027, 0, 1, 12))).toBe('15');
  });

  it('named zones give their offset at the instant', () => {
    expect(offsetOfZone('Europe/Moscow', Date.UTC(2027, 0, 1))).toBe(3);
    expect(offsetOfZone('Asia/Kolkata', Date.UTC(2027, 0, 1))).toBe(5.5);
    expect(offsetOfZone('America/Sao_Paulo', Date.UTC(2027, 0, 1))).toBe(-3);
    expect(formatOffset(5.5)).toBe('+5:30');
    expect(formatOffset(-12)).toBe('-12');
  });

  it('the browser offset in whole hours, else 3', () => {
    const at = (minutes: number) => ({ getTimezoneOffset: () => minutes }) as Date;
    expect(browserOffset(at(-180))).toBe(3);
    expect(browserOffset(at(300))).toBe(-5);
    expect(browserOffset(at(-330))).toBe(6); // +5:30 rounds to the nearest hour
    expect(browserOffset(at(-840))).toBe(3); // GMT+14 is outside GMT-12 … GMT+12
  });

  it('calendar days in a zone', () => {
    const t = Date.UTC(2027, 0, 15, 22); // 23rd hour in UTC, already the 16th in Moscow
    expect(calendarDay(t, 'Europe/Moscow') - calendarDay(t, 'Etc/GMT')).toBe(1);
  });
});
