import type { components } from '../../../api/schema.d.ts';
import { fieldsOf } from '../flows/mapping.ts';
import type { Counts, TestRunCounts } from './queries-counts.ts';
import { finishEstimate } from './estimate.ts';
import type { Loaded } from './store.ts';

export type DistributionDto = components['schemas']['Distribution'];
type Filters = DistributionDto['filters'];
type Reason = NonNullable<DistributionDto['statusReason']>;

const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);
const ANY = { from: -1, to: -1 };

/** Stored filters with every key (the contract requires them all). */
export const fullFilters = (f: Partial<Filters> | null | undefined): Filters => ({
  visitCount: f?.visitCount ?? ANY,
  spend: f?.spend ?? ANY,
  lastVisitDays: f?.lastVisitDays ?? ANY,
  masters: f?.masters ?? [],
  services: f?.services ?? [],
});

/** The per-day cap the planner applies: the distribution's, never above the operator's maximum (0 = none). */
export const effectiveCap = (dailyCap: number, max: number) => (max > 0 ? Math.min(dailyCap, max) : dailyCap);

/** Reasons a distribution shows: the engine's stops, and the planner's own (noMessagesLeft on Waiting, audienceEmpty on Done). */
function reasonOf(status: string, stored: string | null): Reason | null {
  if (!stored) return null;
  if (status === 'Error' || status === 'Canceled') return stored as Reason;
  if (status === 'Waiting' && stored === 'noMessagesLeft') return stored;
  if (status === 'Done' && stored === 'audienceEmpty') return stored;
  return null;
}

export interface Presented {
  /** The page's counts, with `today` = messages planned today (the day's allotment used). */
  counts: Counts & { today: number };
  testRun: TestRunCounts | undefined;
  available: boolean;
  now: number;
  zone: string;
  maxCap: number;
}

/** The contract's Distribution from its flow, its row and the page's aggregates. */
export function toDistribution({ flow, dist }: Loaded, p: Presented): DistributionDto {
  const f = fieldsOf(flow);
  const status = p.available ? flow.status : 'Unavailable';
  const estimate =
    flow.mode === 'combat' && ['InQueue', 'Waiting', 'Working', 'Pause'].includes(flow.status)
      ? finishEstimate({ now: p.now, zone: p.zone, pending: p.counts.pending, cap: effectiveCap(dist.dailyCap, p.maxCap), plannedToday: p.counts.today, daysOfWeek: dist.daysOfWeek, startDate: dist.startDate, hours: f.sendingHours })
      : null;
  return {
    id: flow.id,
    title: flow.title,
    content: flow.content,
    type: flow.wabaTemplateName ? 'template' : 'message',
    mode: flow.mode,
    status,
    statusReason: p.available ? reasonOf(flow.status, flow.statusReason) : null,
    created: seconds(flow.createdAt)!,
    edited: seconds(flow.editedAt)!,
    lastStart: seconds(flow.lastStart),
    source: dist.source,
    filters: fullFilters(dist.filters),
    segmentId: dist.segmentId,
    useSubscribed: dist.useSubscribed,
    ignoreNoDialogue: dist.ignoreNoDialogue,
    daysOfWeek: dist.daysOfWeek,
    startDate: seconds(dist.startDate),
    dailyCap: dist.dailyCap,
    sendingHours: f.sendingHours,
    connectionId: flow.connectionId,
    table: dist.tableSummary ?? null,
    counts: (({ today: _today, ...counts }) => counts)(p.counts),
    testRun:
      dist.testRuns > 0 && dist.testStartedAt
        ? { number: dist.testRuns, startedAt: seconds(dist.testStartedAt)!, ...(p.testRun ?? { messages: 0, sent: 0, failed: 0, done: true }) }
        : null,
    finishEstimate: estimate,
  };
}

