import { api } from '../../api/browser.ts';
import type { components } from '../../api/schema.d.ts';
import type { ProblemLike } from '../../api/explain-problem.ts';
import type { FlowKind } from '../../shared/flows/kinds.ts';
import type { StartOption } from '../../shared/flows/quickstart.ts';
import type { FlowText, TemplateTiming } from '../../shared/flows/templates.ts';

// The quick start's calls: create the flows its goals need, start or plan them, ask for a set-up.

/** The default text and timing of each kind the goals create (filled in by the page). */
export type QuickstartFlows = Record<FlowKind, FlowText & { timing: TemplateTiming }>;

/** What happened to one flow: created and then started, planned, left paused, or created but not started. */
export interface FlowOutcome {
  kind: FlowKind;
  id?: number;
  title: string;
  state: 'started' | 'planned' | 'paused' | 'notStarted' | 'failed';
  nextStart?: number | null;
  /** Made by an earlier quick start and reused, not created again. */
  reused?: boolean;
  /** The server's problem when creating or starting failed, or why a created flow does not run (its code chooses the text). */
  problem?: ProblemLike;
}

export interface Outcome {
  flows: FlowOutcome[];
  /** Only for "contact a manager": whether the set-up request went through. */
  setUp?: 'sent' | 'failed';
}

type FlowInput = components['schemas']['FlowInput'];

const network = { data: undefined, error: undefined };

/** Flows an earlier quick start made, by kind: the owner's flow of that kind still carrying the quick start's title. */
export type EarlierFlows = Partial<Record<FlowKind, { id: number; title: string }>>;

/** Finds what a quick start run before made, so that running it again offers to reuse it instead of duplicating it. */
export async function findEarlierFlows(kinds: FlowKind[], texts: QuickstartFlows): Promise<EarlierFlows> {
  const found: EarlierFlows = {};
  for (const kind of kinds) {
    const title = texts[kind].title;
    const { data } = await api().GET('/Flows', { params: { query: { search: title, page: 1, pageSize: 20 } } }).catch(() => network);
    const flow = data?.flows.find((f) => f.type === kind && f.title === title);
    if (flow) found[kind] = { id: flow.id, title: flow.title };
  }
  return found;
}

/** Starts or plans a flow the quick start has (made now or before), as the owner chose. */
async function startFlow(created: Omit<FlowOutcome, 'state'>, start: StartOption, nextStart: number | undefined, unavailable: boolean): Promise<FlowOutcome> {
  if (start !== 'now') return { ...created, state: nextStart !== undefined ? 'planned' : 'paused', problem: unavailable ? { code: 'flowNotAvailable' } : undefined };
  const resumed = await api().POST('/Flows/{flowId}/Resume', { params: { path: { flowId: created.id! } } }).catch(() => network);
  return resumed.data ? { ...created, state: 'started' } : { ...created, state: 'notStarted', problem: resumed.error };
}

/**
 * Creates one test-mode flow per kind (paused, §4), then starts them now, lets them carry the planned start, or
 * leaves them paused for the specialist. One flow's failure (e.g. its kind is not in the tariff) never stops the others.
 */
export async function runQuickstart(input: { kinds: FlowKind[]; texts: QuickstartFlows; start: StartOption; nextStart: number | undefined; reuse?: EarlierFlows }): Promise<Outcome> {
  const flows: FlowOutcome[] = [];
  for (const kind of input.kinds) {
    const earlier = input.reuse?.[kind];
    if (earlier) {
      // Reused as it is (its text may have been edited since); only its start follows this run's choice.
      const planned = input.start !== 'now' && input.nextStart !== undefined ? await api().PATCH('/Flows/{flowId}', { params: { path: { flowId: earlier.id } }, body: { nextStart: input.nextStart ?? null } }).catch(() => network) : undefined;
      flows.push(await startFlow({ kind, id: earlier.id, title: earlier.title, nextStart: planned?.data?.nextStart ?? input.nextStart, reused: true }, input.start, input.nextStart, planned?.data?.status === 'Unavailable'));
      continue;
    }
    const { title, content, timing } = input.texts[kind];
    const body: FlowInput = { ...timing, type: kind, title, content, mode: 'test', nextStart: input.nextStart ?? null };
    const { data, error } = await api().POST('/Flows', { body }).catch(() => network);
    if (!data) {
      flows.push({ kind, title, state: 'failed', problem: error });
      continue;
    }
    flows.push(await startFlow({ kind, id: data.id, title: data.title, nextStart: data.nextStart }, input.start, input.nextStart, data.status === 'Unavailable'));
  }
  if (input.start !== 'manager') return { flows };
  const { data } = await api().POST('/Account/RequestSetUp').catch(() => network);
  return { flows, setUp: data ? 'sent' : 'failed' };
}

