import { normalizePhone } from '../../shared/validation/index.ts';
import type { Flow, SourceFacts } from './source.ts';
import { nextInWindow } from './time.ts';

/** §8 warning texts for the monthly allowance. */
export const ALLOWANCE_LOW = 'You have fewer than 100 messages left';
export const ALLOWANCE_REACHED = 'You have reached your message limit';
/** A send that may have reached the provider (timeout, cut connection): never resent, so never twice. */
export const OUTCOME_UNKNOWN = 'outcome unknown';
/** §9: retry-range (repeat-visit) notifications, at most 200 per day. */
export const REPEAT_VISIT_DAILY_CAP = 200;

export type Decision =
  | { action: 'send'; to: string }
  | { action: 'defer'; until: number; reason: string }
  | { action: 'cancel'; reason: string }
  | { action: 'fail'; reason: string };

/** What the send-time rules see: the clock, the owner, the flow, and what the message's source says now. */
export interface SendFacts {
  now: number;
  timeZone: string;
  ownerPhone: string | null;
  flow: Flow | undefined;
  /** The facts of the message's source (its record, order, client as they are now); none for a report. */
  subject: SourceFacts | undefined;
  recipient: string;
  kind: string;
}

const digits = (phone: string) => normalizePhone(phone)?.slice(1);

/** Where the message goes: the client in combat mode; in test mode the first test number, else the owner (§4). */
export function destination(f: SendFacts): string | undefined {
  if (f.flow?.mode === 'combat' || f.kind === 'dailyReport' || f.kind === 'weeklyReport') return f.recipient;
  const test = f.flow?.testPhones.split(',').map((p) => p.trim()).find(Boolean);
  return test ? digits(test) : f.ownerPhone ? digits(f.ownerPhone) : undefined;
}

/**
 * The checks that do not need counting (docs/delivery.md "Send-time rules"), in order: the flow still exists and
 * runs, its end date has not passed, its subject still stands (the source says), the filters match, the hour is inside
 * the window.
 */
export function decideStatic(f: SendFacts): Decision {
  const { flow } = f;
  if (!flow) return { action: 'cancel', reason: 'flow removed' };
  if (flow.status === 'Pause' || flow.status === 'Error' || flow.status === 'Canceled') return { action: 'cancel', reason: `flow stopped (${flow.status})` };
  if (flow.endDate && f.now > flow.endDate.getTime()) return { action: 'cancel', reason: 'flow ended' };
  // The source's own checks: a cancelled record or order, an abandoned cart whose order went on; then the §3 filters.
  const withdrawn = f.subject?.withdrawn(flow.type);
  if (withdrawn) return { action: 'cancel', reason: withdrawn };
  if (f.subject && !f.subject.passes(flow.settings.filters)) return { action: 'cancel', reason: 'filtered out' };
  const hours = flow.settings.sendingHours;
  const next = nextInWindow(f.now, f.timeZone, hours.from, hours.to);
  if (next > f.now) return { action: 'defer', until: next, reason: 'outside sending hours' };
  const to = destination(f);
  if (!to) return { action: 'fail', reason: 'no test number' };
  return { action: 'send', to };
}
