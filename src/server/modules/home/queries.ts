import { sql } from 'drizzle-orm';
import type { components } from '../../../api/schema.d.ts';
import { RUNNING_STATUSES } from '../../../shared/flows/kinds.ts';
import { TRIAL_REASON } from '../../../shared/tariffs.ts';
import type { Db } from '../../platform/db/open.ts';
import { rowsOf } from '../../platform/db/rows.ts';
import { bookedWithin } from '../booking/store.ts';

export type HomeState = components['schemas']['HomeState'];

/** The week at a glance looks this far back; conversion counts bookings within as many days after the message. */
export const WEEK_DAYS = 7;

const running = sql.raw(RUNNING_STATUSES.filter((s) => s !== 'Unavailable').map((s) => `'${s}'`).join(', '));

/**
 * Home in one statement (read-only reporting across domains, docs/architecture.md "Data ownership"): the setup
 * steps from connections, flows and payments, the trial's end, and the week's messages, conversion and running flows.
 */
export async function homeState(db: Db, userId: number, nowMs: number): Promise<HomeState> {
  const since = new Date(nowMs - WEEK_DAYS * 86_400_000).toISOString();
  const [row] = await rowsOf<Record<string, unknown>>(
    db,
    sql`WITH week AS (
          SELECT status, client_id, sent_at, sent_to = recipient AS own FROM messages
          WHERE user_id = ${userId} AND sent_at >= ${since}::timestamptz AND status IN ('sent', 'delivered', 'read', 'replied')),
        first AS (SELECT client_id, min(sent_at) AS at FROM week WHERE own AND client_id IS NOT NULL GROUP BY client_id)
        SELECT
          EXISTS (SELECT 1 FROM connections WHERE user_id = ${userId} AND kind = 'whatsapp') AS "whatsApp",
          EXISTS (SELECT 1 FROM linked_accounts WHERE user_id = ${userId} AND kind = 'yclientsCompany') AS "bookingSystem",
          EXISTS (SELECT 1 FROM flows WHERE user_id = ${userId} AND type <> 'distribution') AS quickstart,
          EXISTS (SELECT 1 FROM flows WHERE user_id = ${userId} AND type <> 'distribution' AND (last_start IS NOT NULL OR status IN (${running}))) AS "testFlow",
          EXISTS (SELECT 1 FROM flows WHERE user_id = ${userId} AND type <> 'distribution' AND mode = 'combat' AND status IN (${running})) AS "combatFlow",
          EXISTS (SELECT 1 FROM payments WHERE user_id = ${userId} AND success AND NOT is_free) AS paid,
          (SELECT max(date_end) FROM payments WHERE user_id = ${userId} AND success AND is_free AND reason = ${TRIAL_REASON}) AS "trialEndsAt",
          (SELECT count(*)::int FROM week) AS sent,
          (SELECT count(*)::int FROM week WHERE status IN ('delivered', 'read', 'replied')) AS delivered,
          (SELECT count(*)::int FROM week WHERE status IN ('read', 'replied')) AS read,
          (SELECT count(*)::int FROM week WHERE status = 'replied') AS replied,
          (SELECT count(*)::int FROM first) AS messaged,
          (SELECT count(*)::int FROM first WHERE ${bookedWithin(WEEK_DAYS)(sql`first.client_id`, sql`first.at`)}) AS converted,
          (SELECT count(*)::int FROM flows WHERE user_id = ${userId} AND type <> 'distribution' AND status IN (${running})) AS "runningFlows",
          (SELECT count(*)::int FROM messages WHERE user_id = ${userId} AND status = 'queued' AND reason LIKE 'waiting:%') AS waiting`,
  );
  const r = row ?? {};
  const flag = (k: string) => r[k] === true;
  const int = (k: string) => Number(r[k] ?? 0);
  return {
    checklist: { whatsApp: flag('whatsApp'), bookingSystem: flag('bookingSystem'), quickstart: flag('quickstart'), testFlow: flag('testFlow'), combatFlow: flag('combatFlow'), paid: flag('paid') },
    trialEndsAt: r.trialEndsAt == null ? null : Number(r.trialEndsAt),
    week: { sent: int('sent'), delivered: int('delivered'), read: int('read'), replied: int('replied'), messaged: int('messaged'), converted: int('converted'), runningFlows: int('runningFlows') },
    // The waiting part of the "WhatsApp disconnected" warning; the handler adds the numbers' part (connections store).
    sending: { warning: int('waiting') > 0, waiting: int('waiting'), disconnected: 0, paused: 0 },
  };
}
