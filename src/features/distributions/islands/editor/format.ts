import type { Locale } from '../../../../i18n/locales.ts';
import { offsetOfZone } from '../../../../shared/time-zones.ts';

/** An instant as date and time in the business time zone (the zone the schedule is kept in). */
export const zonedDateTime = (locale: Locale, unix: number, zone: string) => {
  try {
    return new Date(unix * 1000).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone });
  } catch {
    return new Date(unix * 1000).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  }
};

/** An instant → the value of an <input type="date">: its calendar day in the business time zone. */
export function zonedDateInput(unix: number | null, zone: string): string {
  if (unix === null) return '';
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(unix * 1000));
  } catch {
    return new Date(unix * 1000).toISOString().slice(0, 10);
  }
}

/** A date input's value → the midnight that starts that day in the business time zone (unix seconds). */
export function zonedMidnight(value: string, zone: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const utc = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Math.round(utc / 1000 - offsetOfZone(zone, utc) * 3600);
}
