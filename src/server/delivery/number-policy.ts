import { fromLocal, localTime } from './time.ts';

// What keeps an owner's WhatsApp number from being banned (docs/connections.md "Sending and pacing"): the numbers,
// and the rules that read them. Applied to the owners' own numbers only; the operator's session and the server's
// Telegram bot keep their provider limits (channels/pacing.ts).

export const NUMBER_POLICY = {
  /** Sends a day of a warmed-up number. */
  fullDailyCap: 500,
  /** Sends on a new number's first day; doubles each day until the full cap (20, 40, 80, 160, 320, 500: day 6). */
  firstDayCap: 20,
  /** No sends from 22:00 to 08:00 in the owner's time zone. */
  quietFrom: 22,
  quietTo: 8,
  /** Final failures in a row that pause a number (a spike of bounces or refusals). */
  failureStreakLimit: 5,
  /** STOP replies within 24 h that pause a number, when they are also at least stopSpikeShare of its sends then. */
  stopSpikeMin: 5,
  stopSpikeShare: 0.03,
  /** Each gap between two sends of a number is stretched by up to this share of the pacer's interval, at random. */
  jitter: 0.5,
  /** A message waiting for a connection is looked at again after this even if nothing releases it sooner. */
  waitingRecheckMs: 3_600_000,
} as const;

/** Fixed reasons of the routing (the message log translates them by value). */
export const WAITING_DISCONNECTED = 'waiting: WhatsApp disconnected';
export const WAITING_PAUSED = 'waiting: WhatsApp number paused';
/**
 * A flow of a WhatsApp Business account: the account's key was rejected (or no key opens it), the account was
 * deleted, or the flow's template is no longer approved. Not released by a WhatsApp number coming back
 * (store-waiting.ts): rechecked hourly (waitingRecheckMs).
 */
export const WAITING_WABA = 'waiting: WhatsApp Business account disconnected';
export const WAITING_WABA_GONE = 'waiting: WhatsApp Business account deleted';
export const WAITING_WABA_TEMPLATE = 'waiting: WhatsApp Business template not approved';
/** The reasons' common start (store-waiting.ts leaves them to their hourly recheck). */
export const WAITING_WABA_PREFIX = 'waiting: WhatsApp Business';
export const NUMBER_CAP_REACHED = 'number daily cap reached';
export const QUIET_HOURS = 'quiet hours';
export { NOT_ON_WHATSAPP, NUMBER_BLOCKED } from './channels/waha.ts';
export const NO_ROUTE = 'no channel reaches the client';

const DAY_MS = 86_400_000;

/** Local calendar days from `since` to `now` in `zone`, counting the first as day 1. */
export function warmupDay(since: number, now: number, zone: string): number {
  const a = localTime(since, zone);
  const b = localTime(now, zone);
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / DAY_MS) + 1;
}

/** The day's cap of a number on its `day`-th day of sending (warm-up: the first day's cap doubling each day). */
export function dailyCapOnDay(day: number, p: { firstDayCap: number; fullDailyCap: number } = NUMBER_POLICY): number {
  if (day >= 31) return p.fullDailyCap;
  return Math.min(p.fullDailyCap, p.firstDayCap * 2 ** (Math.max(1, day) - 1));
}

/** The days a new number needs to reach the full cap. */
export const daysToFullCap = (p: { firstDayCap: number; fullDailyCap: number } = NUMBER_POLICY) => Math.ceil(Math.log2(p.fullDailyCap / p.firstDayCap)) + 1;

/** When the quiet hours around `now` end (the owner's local `quietTo` o'clock), or undefined outside them. */
export function quietUntil(now: number, zone: string, p: { quietFrom: number; quietTo: number } = NUMBER_POLICY): number | undefined {
  const l = localTime(now, zone);
  if (l.hour >= p.quietTo && l.hour < p.quietFrom) return undefined;
  return fromLocal(zone, l.year, l.month, l.day + (l.hour >= p.quietFrom ? 1 : 0), p.quietTo);
}

/** The next moment the number may send again after its day's cap: the next local day, after the quiet hours. */
export function nextSendingDay(now: number, zone: string, p: { quietTo: number } = NUMBER_POLICY): number {
  const l = localTime(now, zone);
  return fromLocal(zone, l.year, l.month, l.day + 1, p.quietTo);
}

export { startOfLocalDay as startOfDay } from './time.ts';
