/**
 * The business time zone (§3 "Time zones GMT-12 to GMT+12", §9 "Default time zone: the browser offset in hours
 * (fallback 3)"). It is stored as an IANA name, which is what the delivery engine computes with: a zone chosen as an
 * offset is the fixed zone `Etc/GMT∓N` (POSIX sign: `Etc/GMT-3` is UTC+3), and named zones set before
 * (`Europe/Moscow`, the default; `PUT /Booking/Settings`) keep working (docs/delivery.md "Business time zone").
 */

export const DEFAULT_TIME_ZONE = 'Europe/Moscow';
/** §9: the offset used when the browser's cannot be read. */
export const FALLBACK_OFFSET = 3;
export const MIN_OFFSET = -12;
export const MAX_OFFSET = 12;
/** GMT-12 … GMT+12, the choices a form offers. */
export const OFFSETS: readonly number[] = Array.from({ length: MAX_OFFSET - MIN_OFFSET + 1 }, (_, i) => MIN_OFFSET + i);

export const isOffset = (hours: unknown): hours is number =>
  typeof hours === 'number' && Number.isInteger(hours) && hours >= MIN_OFFSET && hours <= MAX_OFFSET;

/** The stored zone of a whole-hour offset: +3 → `Etc/GMT-3` (the IANA Etc names invert the sign). */
export const zoneOfOffset = (hours: number): string => (hours === 0 ? 'Etc/GMT' : `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`);

const ETC = /^Etc\/GMT(?:([+-])(\d{1,2}))?$/;
const ZONE_CLOCK = new Map<string, Intl.DateTimeFormat>();
function zoneClock(zone: string): Intl.DateTimeFormat {
  let f = ZONE_CLOCK.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' });
    ZONE_CLOCK.set(zone, f);
  }
  return f;
}

/** The wall clock of an instant in a zone, as UTC milliseconds of the same reading (an unknown zone reads as UTC). */
function wallClock(ms: number, zone: string): number {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = zoneClock(zone).formatToParts(new Date(ms));
  } catch {
    return ms;
  }
  const p = Object.fromEntries(parts.map((x) => [x.type, Number(x.value)]));
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!);
}

/** A zone's offset from UTC in hours at an instant (5.5 for India): exact for `Etc/GMT±N`, else from Intl. */
export function offsetOfZone(zone: string, atMs = Date.now()): number {
  const etc = ETC.exec(zone);
  if (etc) return etc[1] ? (etc[1] === '-' ? 1 : -1) * Number(etc[2]) : 0;
  return Math.round((wallClock(atMs, zone) - Math.floor(atMs / 60_000) * 60_000) / 60_000) / 60;
}

/** The signed offset as the "GMT…" labels show it: "+3", "-12", "+5:30", "+0". */
export function formatOffset(hours: number): string {
  const abs = Math.abs(hours);
  const minutes = Math.round((abs % 1) * 60);
  return `${hours < 0 ? '-' : '+'}${Math.floor(abs)}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
}

/** §9: the browser's offset in whole hours, else 3. */
export function browserOffset(date = new Date()): number {
  const hours = Math.round(-date.getTimezoneOffset() / 60);
  return isOffset(hours) ? hours : FALLBACK_OFFSET;
}

/** The calendar day (days since 1970-01-01) of an instant in a zone: what "a later date" compares. */
export const calendarDay = (ms: number, zone: string): number => Math.floor(wallClock(ms, zone) / 86_400_000);
