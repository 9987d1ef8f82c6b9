// Durations in the units people read ("30 days", "12 ч"), never the raw minutes or seconds the data keeps (issue 16).
// Intl supplies the words and the plural forms of every interface language, so no message file repeats them. The
// largest unit is the day: a month has no fixed length.

export type DurationStyle = 'long' | 'short';

type Unit = 'day' | 'hour' | 'minute' | 'second';
const UNITS: readonly [Unit, number][] = [['day', 86_400], ['hour', 3_600], ['minute', 60], ['second', 1]];

/** BCP-47 for Intl: the API's `pt_br` spelling would throw a RangeError. */
const tag = (locale: string) => locale.replace('_', '-');

const unitText = (locale: string, unit: Unit, n: number, style: DurationStyle) =>
  new Intl.NumberFormat(tag(locale), { style: 'unit', unit, unitDisplay: style }).format(n);

/**
 * `seconds` as days, hours, minutes and seconds, zero parts left out: 2 592 000 → "30 days" / "30 дней" / "30 днів" /
 * "30 dias"; 5 400 → "1 hour, 30 minutes". Zero reads in `zeroUnit` ("0 minutes"). `short` gives "2 h" / "2 ч".
 */
export function formatDuration(locale: string, seconds: number, style: DurationStyle = 'long', zeroUnit: Unit = 'second'): string {
  let left = Math.max(0, Math.round(seconds));
  const parts: string[] = [];
  for (const [unit, size] of UNITS) {
    const n = Math.floor(left / size);
    left -= n * size;
    if (n > 0) parts.push(unitText(locale, unit, n, style));
  }
  if (!parts.length) return unitText(locale, zeroUnit, 0, style);
  return new Intl.ListFormat(tag(locale), { type: 'unit', style: style === 'long' ? 'long' : 'narrow' }).format(parts);
}

/** A delay or offset kept in minutes (flow delays, template timings). */
export const formatMinutes = (locale: string, minutes: number, style: DurationStyle = 'long') =>
  formatDuration(locale, minutes * 60, style, 'minute');

/** A period kept in days (conversion windows, "registered within"). */
export const formatDays = (locale: string, days: number, style: DurationStyle = 'long') =>
  formatDuration(locale, days * 86_400, style, 'day');
