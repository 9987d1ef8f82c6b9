import type { T } from '../../../../i18n/translate.ts';
import { formatDateTime } from '../../../../ui/format.ts';
import type { BookingSystem } from '../../store-booking-systems.ts';

/** The systems' own names (brand names: the same in every language). */
export const SYSTEM_NAME: Record<BookingSystem, string> = { yclients: 'YCLIENTS', altegio: 'Altegio' };

/** What every booking-systems component gets: t(), the page's language and the system with its name. */
export interface BookingContext {
  t: T;
  locale: string;
  system: BookingSystem;
  /** `{ system: 'YCLIENTS' }`: the variable most texts name. */
  named: { system: string };
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [['day', 86_400], ['hour', 3_600], ['minute', 60]];

/** "5 minutes ago", "yesterday" in the page's language; under a minute "now". */
export function relativeTime(locale: string, unix: number, nowMs = Date.now()): string {
  const seconds = Math.round(unix - nowMs / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  return format.format(0, 'second');
}

/** A past moment as the relative time, its exact date and time on hover; `never` when it has not happened. */
export const whenText = (ctx: BookingContext, unix: number | null) =>
  unix == null ? { text: ctx.t('bookingSystems.companies.never'), exact: undefined } : { text: relativeTime(ctx.locale, unix), exact: formatDateTime(ctx.locale, unix) };
