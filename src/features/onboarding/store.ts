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
  /** The server's problem when creating or starting failed, or why a created flow does not run (its code chooses the text). */
  problem?: ProblemLike;
}

export interface Outcome {
  flows: FlowOutcome[];
  /** Only for "contact a manager": whether the set-up request went through. */
  setUp?: 'sent' | 'failed';
}

type FlowPatch = components['schemas']['FlowPatch'];
type FlowInput = components['schemas']['FlowInput'];

const network = { data: undefined, error: undefined };

/**
 * Creates one test-mode flow per kind (paused, §4), then starts them now, lets them carry the planned start, or
 * leaves them paused for the specialist. One flow's failure (e.g. its kind is not in the tariff) never stops the others.
 */
export async function runQuickstart(input: { kinds: FlowKind[]; texts: QuickstartFlows; start: StartOption; nextStart: number | undefined }): Promise<Outcome> {
  const flows: FlowOutcome[] = [];
  for (const kind of input.kinds) {
    const { title, content, timing } = input.texts[kind];
    const body: FlowInput = { ...timing, type: kind, title, content, mode: 'test', nextStart: input.nextStart ?? null };
    const { data, error } = await api().POST('/Flows', { body }).catch(() => network);
    if (!data) {
      flows.push({ kind, title, state: 'failed', problem: error });
      continue;
    }
    const created = { kind, id: data.id, title: data.title, nextStart: data.nextStart };
    if (input.start !== 'now') {
      flows.push({ ...created, state: input.nextStart !== undefined ? 'planned' : 'paused', problem: data.status === 'Unavailable' ? { code: 'flowNotAvailable' } : undefined });
      continue;
    }
    const resumed = await api().POST('/Flows/{flowId}/Resume', { params: { path: { flowId: data.id } } }).catch(() => network);
    flows.push(resumed.data ? { ...created, state: 'started' } : { ...created, state: 'notStarted', problem: resumed.error });
  }
  if (input.start !== 'manager') return { flows };
  const { data } = await api().POST('/Account/RequestSetUp').catch(() => network);
  return { flows, setUp: data ? 'sent' : 'failed' };
}

