import { fromLocal, localTime } from '../../delivery/time.ts';

export interface EstimateInput {
  now: number;
  zone: string;
  pending: number;
  /** The effective per-day cap (0 = none: everything in one day). */
  cap: number;
  /** Already planned today (the day's allotment left is cap − this). */
  plannedToday?: number;
  daysOfWeek: readonly number[];
  startDate: Date | null;
  hours: { from: number; to: number };
}

/**
 * When the caps let the rest go (docs/distributions.md "Planning and caps"): pending recipients take
 * ceil(pending / cap) allowed days from the first day the distribution may send (today while its hours last and its
 * allotment is not used); the answer is that last day's first dispatch hour (or now when that is today). Unix
 * seconds; null when nothing is pending.
 */
export function finishEstimate(i: EstimateInput): number | null {
  if (i.pending <= 0) return null;
  const from = Math.max(i.now, i.startDate?.getTime() ?? 0);
  const l = localTime(from, i.zone);
  const hourFrom = i.hours.from < 0 ? 0 : i.hours.from;
  const hourTo = i.hours.to < 0 ? 24 : i.hours.to;
  let left = i.pending;
  for (let d = 0; d < 3660; d++) {
    const noon = fromLocal(i.zone, l.year, l.month, l.day + d, 12);
    if (!i.daysOfWeek.includes(localTime(noon, i.zone).weekday)) continue;
    const today = d === 0;
    if (today && l.hour >= hourTo) continue;
    const room = i.cap <= 0 ? Infinity : today && from === i.now ? Math.max(0, i.cap - (i.plannedToday ?? 0)) : i.cap;
    if (room <= 0) continue;
    left -= room;
    if (left <= 0) {
      const at = fromLocal(i.zone, l.year, l.month, l.day + d, hourFrom);
      return Math.floor(Math.max(at, from) / 1000);
    }
  }
  return null;
}
