import type { components } from '../../api/schema.d.ts';
import { api } from '../../api/browser.ts';
import type { FlowFieldError } from '../../shared/flows/validate-core.ts';
import { checkRange } from '../../shared/flows/validate-core.ts';

// The distribution editor's calls and pure helpers (docs/distributions.md "Screens: the editor"). The message, the
// sending connection, the mode, test numbers and dispatch hours are the distribution's flow's (the flows store's
// loadFlow/saveFlow, the same id); what is its own (audience, schedule, cap) goes through /Distributions.

export type Distribution = components['schemas']['Distribution'];
export type DistributionPatch = components['schemas']['DistributionPatch'];
export type ClientFilters = Distribution['filters'];
export type RecipientImport = components['schemas']['RecipientImport'];
export type Preview = components['schemas']['DistributionPreview'];
export type Segment = components['schemas']['AudienceSegment'];
/** A failed call as the contract describes it: a code, maybe params and field errors. */
export type Problem = { code?: string; status?: number; params?: Record<string, string | number>; errors?: FlowFieldError[] };

/** Editor steps, in order; the URL's last segment (`/distributions/edit/<id>/<step>`). */
export const STEPS = ['message', 'sending', 'recipients', 'schedule', 'start'] as const;
export type Step = (typeof STEPS)[number];

/** Which step holds a field (a flow's field or the distribution's), so the error summary links there. */
export function stepOf(field: string): Step {
  const head = field.split('.')[0]!;
  if (['connectionId', 'wabaTemplate', 'wabaVariables', 'testPhones', 'mode'].includes(head)) return 'sending';
  if (['source', 'filters', 'segmentId', 'useSubscribed', 'ignoreNoDialogue', 'table', 'text', 'fileName'].includes(head)) return 'recipients';
  if (['daysOfWeek', 'sendingHours', 'startDate', 'dailyCap'].includes(head)) return 'schedule';
  return 'message';
}

export interface EditorLocation {
  /** Everything before `/distributions/edit` (a locale prefix such as `/en`). */
  base: string;
  id: number | undefined;
  step: Step;
  /** The URL named no step or an unknown one: the editor replaces it with the first. */
  corrected: boolean;
}

export function parseLocation(pathname: string): EditorLocation {
  const match = /^(.*)\/distributions\/edit\/([^/]+)(?:\/([^/]+))?\/?$/.exec(pathname);
  const id = Number(match?.[2]);
  const step = (STEPS as readonly string[]).includes(match?.[3] ?? '') ? (match![3] as Step) : STEPS[0];
  return { base: match?.[1] ?? '', id: Number.isInteger(id) && id > 0 ? id : undefined, step, corrected: step !== match?.[3] };
}

export const stepPath = (loc: EditorLocation, step: Step) => `${loc.base}/distributions/edit/${loc.id}/${step}`;

/** The distribution's own editable fields, as PATCH takes them. */
export const ownPatch = (d: Distribution): DistributionPatch => ({
  source: d.source,
  filters: d.filters,
  segmentId: d.segmentId,
  useSubscribed: d.useSubscribed,
  ignoreNoDialogue: d.ignoreNoDialogue,
  daysOfWeek: d.daysOfWeek,
  startDate: d.startDate,
  dailyCap: d.dailyCap,
});

/**
 * Only what changed since the last save: the server refuses audience edits while the distribution runs (409), so a
 * Save that changes only the message must not send the audience again.
 */
export function changedPatch(saved: Distribution, now: Distribution): DistributionPatch {
  const a = ownPatch(saved) as Record<string, unknown>;
  const b = ownPatch(now) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(b).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(a[k])));
}

// The distribution's own codes share the flow rules' error shape, so the flow editor's FieldError shows them too.
const fail = (field: string, code: string) => ({ field, code, message: code }) as unknown as FlowFieldError;

/** The browser's checks of the distribution's own fields (the server checks again, and the §9 maximum). */
export function validateOwn(d: Distribution): FlowFieldError[] {
  const errors: (FlowFieldError | undefined)[] = [];
  if (!d.daysOfWeek.length) errors.push(fail('daysOfWeek', 'daysRequired'));
  if (!Number.isInteger(d.dailyCap) || d.dailyCap < 1) errors.push(fail('dailyCap', 'dailyCapInvalid'));
  if (d.source === 'clients') for (const name of ['visitCount', 'spend', 'lastVisitDays'] as const) errors.push(checkRange(d.filters[name], `filters.${name}`));
  return errors.filter((e): e is FlowFieldError => !!e);
}

const problemOf = (error: unknown, status: number): Problem => ({ ...(error && typeof error === 'object' ? (error as Problem) : {}), status });

export type Result<T> = { ok: T } | { problem: Problem };

async function call<T>(run: () => Promise<{ data?: T; error?: unknown; response: Response }>, what: string): Promise<Result<T>> {
  try {
    const { data, error, response } = await run();
    return data !== undefined ? { ok: data } : { problem: problemOf(error, response.status) };
  } catch (error) {
    console.error(`distribution editor: ${what}`, error);
    return { problem: {} };
  }
}

const path = (id: number) => ({ params: { path: { distributionId: id } } });

export const loadDistribution = (id: number) => call(() => api().GET('/Distributions/{distributionId}', path(id)), 'load');

export const saveDistribution = (id: number, body: DistributionPatch) => call(() => api().PATCH('/Distributions/{distributionId}', { ...path(id), body }), 'save');

export const loadPreview = (id: number) => call(() => api().GET('/Distributions/{distributionId}/Preview', path(id)), 'preview');

export const startDistribution = (id: number) =>
  call(() => api().POST('/Distributions/{distributionId}/{action}', { params: { path: { distributionId: id, action: 'Start' } } }), 'start');

/** Replaces the recipient table with a pasted text. */
export const pasteRecipients = (id: number, text: string) =>
  call(() => api().PUT('/Distributions/{distributionId}/Recipients', { ...path(id), body: { text } }), 'paste');

/** Replaces the recipient table with a CSV or XLSX file, sent as it is (the server reads it by its name). */
export const uploadRecipients = (id: number, file: File) =>
  call(
    () =>
      api().PUT('/Distributions/{distributionId}/Recipients', {
        params: { path: { distributionId: id }, query: { fileName: file.name } },
        body: file as never,
        bodySerializer: (body: unknown) => body as BodyInit,
        headers: { 'content-type': file.type || 'application/octet-stream' },
      }),
    'upload',
  );

export const loadSegments = () => call(() => api().GET('/Distributions/Segments'), 'segments');

export const createSegment = (title: string, filters: ClientFilters) => call(() => api().POST('/Distributions/Segments', { body: { title, filters } }), 'segment');

export const deleteSegment = (segmentId: number) =>
  call(() => api().DELETE('/Distributions/Segments/{segmentId}', { params: { path: { segmentId } } }), 'delete segment');
