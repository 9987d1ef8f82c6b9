import type { FlowKind } from './kinds.ts';

/**
 * Quick start (§2): the goals a new owner picks and the flow kinds each one creates. The spec names the goals,
 * not their flows; ours (docs/account.md): no-shows → reminder before the visit and a confirmation of a new
 * booking; reactivation → repeat-visit invitation; feedback and map ratings → review request (one flow even when
 * both are picked); daily report → daily report; master analytics → the weekly report (per-master figures).
 */
export const QUICKSTART_GOALS = ['noShows', 'reactivate', 'feedback', 'mapRatings', 'dailyReport', 'masterAnalytics'] as const;
export type QuickstartGoal = (typeof QUICKSTART_GOALS)[number];

export const GOAL_KINDS: Record<QuickstartGoal, readonly FlowKind[]> = {
  noShows: ['recordReminder', 'newRecord'],
  reactivate: ['repeatVisit'],
  feedback: ['reviewRequest'],
  mapRatings: ['reviewRequest'],
  dailyReport: ['dailyReport'],
  masterAnalytics: ['weeklyReport'],
};

/** The kinds to create for the chosen goals: each kind once, in goal order. */
export function kindsForGoals(goals: readonly QuickstartGoal[]): FlowKind[] {
  const kinds: FlowKind[] = [];
  for (const goal of QUICKSTART_GOALS) if (goals.includes(goal)) for (const kind of GOAL_KINDS[goal]) if (!kinds.includes(kind)) kinds.push(kind);
  return kinds;
}

/** Start options; `manager` creates nothing and asks a specialist to set the account up instead. */
export const START_OPTIONS = ['now', 'tomorrow', 'dayAfterTomorrow', 'planned', 'manager'] as const;
export type StartOption = (typeof START_OPTIONS)[number];

/** Scheduled starts begin at the default sending-hours start (9:00, §5 default 9–21) in the owner's time zone. */
export const START_HOUR = 9;

/** `yyyy-mm-dd` of a local date `days` after `now`. */
export function localDay(now: Date, days: number): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Unix seconds of START_HOUR local time on `yyyy-mm-dd`, or null for a malformed day. */
export function startOfDay(day: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), START_HOUR);
  return d.getMonth() === Number(m[2]) - 1 ? Math.floor(d.getTime() / 1000) : null;
}

export const nextStartMessages = {
  nextStartRequired: 'Choose the start date',
  nextStartPast: 'The start must be in the future',
} as const;
export type NextStartMessageKey = keyof typeof nextStartMessages;

/** A planned start (unix seconds) must lie in the future; null clears it. Shared by the quick start and /Flows. */
export function checkNextStart(value: number | null | undefined, nowSeconds: number): NextStartMessageKey | undefined {
  if (value === undefined) return 'nextStartRequired';
  if (value === null) return undefined;
  return value > nowSeconds ? undefined : 'nextStartPast';
}

/** The next start for a scheduled option, or undefined for `now`/`manager`; `planned` needs the picked day. */
export function nextStartFor(option: StartOption, now: Date, plannedDay: string): number | undefined {
  const day = option === 'tomorrow' ? localDay(now, 1) : option === 'dayAfterTomorrow' ? localDay(now, 2) : option === 'planned' ? plannedDay : '';
  return startOfDay(day) ?? undefined;
}
