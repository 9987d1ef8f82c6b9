/**
 * Business-time-zone arithmetic without a date library: Intl gives the wall clock of an instant in a zone, and a
 * wall-clock moment is turned back into an instant by correcting for the zone's offset (twice, for DST edges).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export interface LocalTime {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 1 = Monday … 7 = Sunday */
  weekday: number;
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

export function isTimeZone(zone: string): boolean {
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock of an instant in a zone, read from Intl (~10 µs a call). */
export function intlLocalTime(ms: number, timeZone: string): LocalTime {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(ms))) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS[parts.weekday!] ?? 1,
  };
}

const QUARTER_MS = 15 * 60_000;
const offsets = new Map<string, number>();

/**
 * The zone's offset from UTC at the quarter hour holding `ms`: zones change offset only on quarter hours of UTC
 * (offsets are whole quarters, changes come at a local whole or half hour), so one Intl read per zone and quarter
 * serves every instant in it. The planner and the dispatcher ask for every record and message.
 */
function offsetAt(ms: number, timeZone: string): number {
  const quarter = Math.floor(ms / QUARTER_MS) * QUARTER_MS;
  const key = `${timeZone} ${quarter}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const l = intlLocalTime(quarter, timeZone);
    offset = Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute, l.second) - quarter;
    if (offsets.size >= 50_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** The wall clock of an instant in a zone (the same as `intlLocalTime`, from the cached offset). */
export function localTime(ms: number, timeZone: string): LocalTime {
  const wall = new Date(ms + offsetAt(ms, timeZone));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
    weekday: wall.getUTCDay() || 7,
  };
}

/** The instant when the zone's wall clock shows the given time (day overflow allowed: day 32 = next month). */
export function fromLocal(timeZone: string, year: number, month: number, day: number, hour = 0, minute = 0): number {
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  let at = guess;
  for (let i = 0; i < 2; i++) {
    const l = localTime(at, timeZone);
    const shown = Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute, l.second);
    at += guess - shown;
  }
  return at;
}

export const startOfLocalDay = (ms: number, zone: string): number => {
  const l = localTime(ms, zone);
  return fromLocal(zone, l.year, l.month, l.day);
};

export const startOfLocalMonth = (ms: number, zone: string): number => {
  const l = localTime(ms, zone);
  return fromLocal(zone, l.year, l.month, 1);
};

/**
 * The first moment at or after `ms` inside the daily sending window [from, to) hours of the zone (§3 sending
 * hours; to = 24 means until midnight). A message due at night waits for the morning.
 */
export function nextInWindow(ms: number, zone: string, from: number, to: number): number {
  if (from <= 0 && to >= 24) return ms;
  const l = localTime(ms, zone);
  if (l.hour >= from && l.hour < to) return ms;
  const day = l.hour < from ? l.day : l.day + 1;
  return fromLocal(zone, l.year, l.month, day, from);
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Message variables recordDate / recordTime in the business zone (dd.mm.yyyy, HH:MM). */
export const localDate = (ms: number, zone: string) => {
  const l = localTime(ms, zone);
  return `${pad(l.day)}.${pad(l.month)}.${l.year}`;
};
export const localClock = (ms: number, zone: string) => {
  const l = localTime(ms, zone);
  return `${pad(l.hour)}:${pad(l.minute)}`;
};
