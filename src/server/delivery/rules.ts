import { OWNER_KINDS } from '../../shared/flows/kinds.ts';
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
  /** Where the message went on an earlier attempt (a retry keeps its test number). */
  sentTo?: string | null;
  /** The test number a copy of a test-mode message was made for (`testCopyKey`). */
  copyFor?: string;
}

const digits = (phone: string) => normalizePhone(phone)?.slice(1);

/** Messages that go to the client: combat mode, and the reports, which always go to the owner's number as planned. */
const toRecipient = (f: SendFacts) => f.flow?.mode === 'combat' || (OWNER_KINDS as readonly string[]).includes(f.kind);

/** The numbers a test-mode message goes to (§2/§5 "several numbers separated by commas"), else the owner's (§4). */
export function testNumbers(f: SendFacts): string[] {
  const listed = [...new Set((f.flow?.testPhones ?? '').split(',').flatMap((p) => digits(p.trim()) ?? []))];
  if (listed.length) return listed;
  const own = f.ownerPhone ? digits(f.ownerPhone) : undefined;
  return own ? [own] : [];
}

/**
 * Where the message goes: the client in combat mode; in test mode the first test number (or the number an
 * earlier attempt went to, while it is still listed), a copy its own number (none once the flow left test mode or
 * the number was removed).
 */
export function destination(f: SendFacts): string | undefined {
  if (f.copyFor !== undefined) return !toRecipient(f) && testNumbers(f).includes(f.copyFor) ? f.copyFor : undefined;
  if (toRecipient(f)) return f.recipient;
  const numbers = testNumbers(f);
  return f.sentTo && numbers.includes(f.sentTo) ? f.sentTo : numbers[0];
}

/** The further test numbers a test-mode message is copied to, each copy its own message (`testCopyKey`). */
export const furtherTestNumbers = (f: SendFacts, to: string): string[] =>
  f.copyFor !== undefined || toRecipient(f) ? [] : testNumbers(f).filter((n) => n !== to);

/** A copy's idempotency key: the message's key and the number, so a repeated claim copies nothing twice. */
export const testCopyKey = (key: string, number: string) => `${key}|test:${number}`;
export const copyNumberOf = (key: string): string | undefined => /\|test:(\d+)$/.exec(key)?.[1];

/** Fixed reasons of test mode: no number at all (stops the flow: flow-status.ts), a copy's number removed since. */
export const NO_TEST_NUMBER = 'no test number';
export const TEST_NUMBER_REMOVED = 'test number removed';

/**
 * The checks that do not need counting (docs/delivery.md "Send-time rules"), in order: the flow still exists, its
 * end date has not passed, it runs, its subject still stands (the source says), the filters match, the hour is inside
 * the window.
 */
export function decideStatic(f: SendFacts): Decision {
  const { flow } = f;
  if (!flow) return { action: 'cancel', reason: 'flow removed' };
  // The end date first: the engine cancels such a flow (Canceled), and its messages say why.
  if (flow.endDate && f.now > flow.endDate.getTime()) return { action: 'cancel', reason: 'flow ended' };
  if (flow.status === 'Pause' || flow.status === 'Error' || flow.status === 'Canceled') {
    // A distribution's recipient is never lost to a stop: its message waits and the distributions' tick puts it back
    // to pending (docs/distributions.md "Engine"); a resume plans it again under the same key.
    if (flow.type === 'distribution') return { action: 'defer', until: f.now + 60_000, reason: `flow stopped (${flow.status})` };
    return { action: 'cancel', reason: `flow stopped (${flow.status})` };
  }
  // The source's own checks: a cancelled record or order, an abandoned cart whose order went on; then the §3 filters.
  const withdrawn = f.subject?.withdrawn(flow.type);
  if (withdrawn) return { action: 'cancel', reason: withdrawn };
  if (f.subject && !f.subject.passes(flow.settings.filters)) return { action: 'cancel', reason: 'filtered out' };
  const hours = flow.settings.sendingHours;
  const next = nextInWindow(f.now, f.timeZone, hours.from, hours.to);
  if (next > f.now) return { action: 'defer', until: next, reason: 'outside sending hours' };
  const to = destination(f);
  if (!to) return f.copyFor !== undefined ? { action: 'cancel', reason: TEST_NUMBER_REMOVED } : { action: 'fail', reason: NO_TEST_NUMBER };
  return { action: 'send', to };
}
