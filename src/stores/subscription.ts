/**
 * The signed-in user's subscription state for the header's and the bell's warnings, where the host sets
 * `payNotifications` (docs/shell.md): the payment end-date reminder (§4 "Payment end-date reminders appear as
 * expiring or expired") and the message allowance (§8 "You have fewer than 100 messages left" / "You have reached
 * your message limit", §9). Both come from one `GET /PayInfos/{userId}` per page, shared by header and bell.
 */
import type { components } from '../api/schema.d.ts';
import { getApi } from './session.ts';

export type NearestPaymentEnd = components['schemas']['NearestPaymentEndDate'];
export type MessageAllowance = components['schemas']['MessageAllowance'];
export type PayReminder = { state: 'expiring' | 'expired'; endsAt: number };
export type AllowanceWarning = 'low' | 'reached';
export type PayAlerts = { reminder?: PayReminder; allowance?: AllowanceWarning };

/** A reminder appears this many days before the paid period ends (decision: a week leaves time to pay). */
export const PAY_REMINDER_DAYS = 7;
/** §9: warn when fewer than this many messages remain (as the message log does, src/server/delivery/rules.ts). */
export const LOW_MESSAGES = 100;

/** Expired once the period is over, expiring within the last week, nothing otherwise (or when never paid). */
export function payReminder(nearest: NearestPaymentEnd, nowMs: number, days = PAY_REMINDER_DAYS): PayReminder | undefined {
  if (nearest.dateEndUnixTime === null) return undefined;
  const endsAt = nearest.dateEndUnixTime * 1000;
  if (nearest.status === 'Expired' || endsAt <= nowMs) return { state: 'expired', endsAt };
  return endsAt - nowMs <= days * 86_400_000 ? { state: 'expiring', endsAt } : undefined;
}

/** Reached at none left, low under 100 left, nothing without a limit. */
export function allowanceWarning(a: MessageAllowance): AllowanceWarning | undefined {
  if (a.left === null) return undefined;
  if (a.left <= 0) return 'reached';
  return a.left < LOW_MESSAGES ? 'low' : undefined;
}

let loaded: { userId: number; alerts: Promise<PayAlerts | undefined> } | undefined;

/** The page's one PayInfos read (header and bell both ask; the first call fetches). Undefined when it fails. */
export function loadPayAlerts(userId: number, nowMs = Date.now()): Promise<PayAlerts | undefined> {
  if (loaded?.userId !== userId) {
    const alerts = getApi()
      .GET('/PayInfos/{userId}', { params: { path: { userId } } })
      .then(({ data }) => data && { reminder: payReminder(data.nearestPaymentEndDate, nowMs), allowance: allowanceWarning(data.allowance) })
      .catch(() => undefined);
    loaded = { userId, alerts };
  }
  return loaded.alerts;
}
