import type { components } from '../../../api/schema.d.ts';
import { dailyCapOnDay, warmupDay } from '../../delivery/number-policy.ts';
import { fromLocal, localTime } from '../../delivery/time.ts';
import type { Db } from '../../platform/db/open.ts';
import { findUser } from '../account/store.ts';
import { senderOf, usableWhatsAppOf } from '../connections/sending/store.ts';
import { flowsByIds } from '../flows/store-due.ts';
import { audienceCounts } from './store-audience.ts';
import { ownDistribution } from './store-recipients.ts';

// GET /Distributions/{id}/Preview (docs/distributions.md "Preview and estimate"): what a start would send now and
// when the caps let it finish, written nowhere.

type DistributionPreview = components['schemas']['DistributionPreview'];

const DAY_MS = 86_400_000;
/** The estimate looks this far ahead at most (a cap of 1 a day on Sundays only would otherwise loop for ages). */
const HORIZON_DAYS = 3 * 366;

/**
 * The sending number's cap on each day from today (warm-up, docs/connections.md "Sending and pacing"): the flow's
 * WhatsApp number, else the owner's first usable one, as the engine routes; none (the sandbox, a WhatsApp Business
 * account, the operator's session) → no warm-up cap.
 */
async function numberCaps(db: Db, userId: number, connectionId: number | null, nowMs: number, zone: string): Promise<(dayOffset: number) => number> {
  const id = connectionId ?? (await usableWhatsAppOf(db, [userId]))[0]?.id;
  const sender = id === undefined ? undefined : await senderOf(db, userId, id);
  if (!sender || sender.kind !== 'whatsapp') return () => Infinity;
  const today = sender.warmupStartedAt ? warmupDay(sender.warmupStartedAt.getTime(), nowMs, zone) : 1;
  return (offset) => dailyCapOnDay(today + offset);
}

export interface EstimateInput {
  nowMs: number;
  zone: string;
  remaining: number;
  startDateMs: number | null;
  daysOfWeek: readonly number[];
  /** The flow's sending hours: [from, to) local hours, or -1..-1 for the whole day. */
  hours: { from: number; to: number };
  capOnDay: (dayOffset: number) => number;
}

/**
 * When the last of `remaining` messages may be handed over: day by day from the start (today counts while its
 * sending window is still open), only allowed days, each taking its cap; the moment is the window's end that day.
 * Null when nothing remains or the horizon passes.
 */
export function finishEstimate(i: EstimateInput): number | null {
  if (i.remaining <= 0) return null;
  const from = Math.max(i.nowMs, i.startDateMs ?? 0);
  const endHour = i.hours.from === -1 && i.hours.to === -1 ? 24 : i.hours.to;
  const first = localTime(from, i.zone);
  const today = localTime(i.nowMs, i.zone);
  const todayUtc = Date.UTC(today.year, today.month - 1, today.day);
  let left = i.remaining;
  for (let k = 0; k < HORIZON_DAYS; k++) {
    const day = localTime(fromLocal(i.zone, first.year, first.month, first.day + k, 12), i.zone);
    const windowEnd = fromLocal(i.zone, day.year, day.month, day.day, endHour);
    if (!i.daysOfWeek.includes(day.weekday) || windowEnd <= from) continue;
    const offset = Math.round((Date.UTC(day.year, day.month - 1, day.day) - todayUtc) / DAY_MS);
    left -= i.capOnDay(offset);
    if (left <= 0) return Math.floor(windowEnd / 1000);
  }
  return null;
}

export async function previewDistribution(db: Db, userId: number, id: number, nowMs: number): Promise<DistributionPreview> {
  const d = await ownDistribution(db, userId, id);
  const flow = (await flowsByIds(db, [id])).get(id);
  const user = await findUser(db, userId);
  const zone = user?.timeZone ?? 'Europe/Moscow';
  const counts = await audienceCounts(db, d, nowMs);
  const number = await numberCaps(db, userId, flow?.connectionId ?? null, nowMs, zone);
  const capOnDay = (offset: number) => Math.min(d.dailyCap, number(offset));
  const test = flow?.mode !== 'combat';
  const messagesLeft = test ? null : Math.max(0, user?.distributionMessages ?? 0);
  // Bought messages run out before the audience does: no finish without a new pack.
  const sendable = messagesLeft === null ? counts.remaining : Math.min(counts.remaining, messagesLeft);
  const estimate = finishEstimate({
    nowMs,
    zone,
    remaining: counts.remaining,
    startDateMs: d.startDate?.getTime() ?? null,
    daysOfWeek: d.daysOfWeek,
    hours: flow?.settings.sendingHours ?? { from: -1, to: -1 },
    capOnDay,
  });
  return { ...counts, dailyCap: capOnDay(0), messagesLeft, finishEstimate: sendable < counts.remaining ? null : estimate };
}
