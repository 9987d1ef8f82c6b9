/**
 * The signed-in user's subscription state for the header's payment end-date reminder (§4 "Payment end-date
 * reminders appear as expiring or expired"; shown where the host sets `payNotifications`, docs/shell.md).
 */
import type { components } from '../api/schema.d.ts';
import { getApi } from './session.ts';

export type NearestPaymentEnd = components['schemas']['NearestPaymentEndDate'];
export type PayReminder = { state: 'expiring' | 'expired'; endsAt: number };

/** A reminder appears this many days before the paid period ends (decision: a week leaves time to pay). */
export const PAY_REMINDER_DAYS = 7;

/** Expired once the period is over, expiring within the last week, nothing otherwise (or when never paid). */
export function payReminder(nearest: NearestPaymentEnd, nowMs: number, days = PAY_REMINDER_DAYS): PayReminder | undefined {
  if (nearest.dateEndUnixTime === null) return undefined;
  const endsAt = nearest.dateEndUnixTime * 1000;
  if (nearest.status === 'Expired' || endsAt <= nowMs) return { state: 'expired', endsAt };
  return endsAt - nowMs <= days * 86_400_000 ? { state: 'expiring', endsAt } : undefined;
}

export async function loadPayReminder(userId: number, nowMs = Date.now()): Promise<PayReminder | undefined> {
  const { data } = await getApi()
    .GET('/PayInfos/{userId}', { params: { path: { userId } } })
    .catch(() => ({ data: undefined }));
  return data ? payReminder(data.nearestPaymentEndDate, nowMs) : undefined;
}
