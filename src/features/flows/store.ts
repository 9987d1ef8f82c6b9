import { atom } from 'nanostores';
import { pagedList } from '../../stores/paged-list.ts';
import { api } from '../../api/browser.ts';
import type { ProblemLike } from '../../api/explain-problem.ts';
import type { components } from '../../api/schema.d.ts';
import { activeTariffs } from '../../shared/flows/tariffs.ts';
import { runningStatus } from '../../shared/flows/kinds.ts';

export type Flow = components['schemas']['Flow'];
export type FlowStatus = components['schemas']['FlowStatus'];
export type BulkResult = components['schemas']['BulkResult'];
export type BulkAction = 'Pause' | 'Resume' | 'Delete';

export type FlowSort = 'edited' | 'created';
export type SortOrder = 'asc' | 'desc';
export type TextEditPreview = components['schemas']['TextEditPreview']['previews'][number];
export type FlowPatch = components['schemas']['FlowPatch'];
export type FlowInput = components['schemas']['FlowInput'];

export interface FlowsQuery {
  search: string;
  status: FlowStatus | '';
  sort: FlowSort;
  order: SortOrder;
}

export const FLOWS_PAGE_SIZE = 20;

/** The flows list: page, query (search, status, sort) and rows, through the one paged-list store. */
const flowList = pagedList<Flow, FlowsQuery>(
  { name: 'flows', onFail: (_, error) => console.error('flows: list failed', error) },
  { search: '', status: '', sort: 'edited', order: 'desc' },
  async (page, q) => {
    const { data, error } = await api().GET('/Flows', {
      params: { query: { page, pageSize: FLOWS_PAGE_SIZE, ...(q.search.trim() ? { search: q.search.trim() } : {}), ...(q.status ? { status: q.status } : {}), sort: q.sort, order: q.order } },
    });
    if (error || !data) throw error;
    $selected.set([]); // a new page or search clears the selection
    return { items: data.flows, pages: data.pages, total: data.total };
  },
);
export const $flows = flowList.$state;
/** Selected ids on the current page. */
export const $selected = atom<number[]>([]);

/** Loads one page; a slower earlier answer never overwrites a newer one (typing in the search box). */
export const loadFlows = (page?: number, query?: Partial<FlowsQuery>) => flowList.load(page, query);

export function toggleFlow(id: number, on: boolean): void {
  const selected = $selected.get().filter((s) => s !== id);
  $selected.set(on ? [...selected, id] : selected);
}

export function selectAllFlows(on: boolean): void {
  $selected.set(on ? $flows.get().items.map((f) => f.id) : []);
}

/** Runs a bulk action on the selection and reloads the page; undefined when the call itself failed. */
export async function bulkFlows(action: BulkAction): Promise<BulkResult | undefined> {
  const ids = $selected.get();
  if (!ids.length) return undefined;
  try {
    const { data, error } = await api().POST('/Flows/Bulk/{action}', { params: { path: { action } }, body: { ids } });
    if (error || !data) throw error;
    await loadFlows();
    return data;
  } catch (error) {
    console.error(`flows: bulk ${action} failed`, error);
    return undefined;
  }
}

/** A call's answer: the data, or the server's problem (400/404/409; its code chooses the text), or null when the call itself failed. */
export type Outcome<D> = { data: D; problem?: undefined } | { data?: undefined; problem: ProblemLike | null };

async function call<D>(label: string, run: () => Promise<{ data?: D; error?: unknown }>): Promise<Outcome<D>> {
  try {
    const { data, error } = await run();
    if (data !== undefined && !error) return { data };
    return { problem: error && typeof error === 'object' ? (error as ProblemLike) : null };
  } catch (error) {
    console.error(`flows: ${label} failed`, error);
    return { problem: null };
  }
}

/**
 * A row's on/off switch: shows the new state at once (a running status, or Pause), then asks Resume or Pause; the
 * server's row replaces it, or on failure the row goes back to what it was and the problem (409 "not available in
 * the tariff" …) is answered for the toast. The list is not reloaded: the row keeps its place under the finger.
 */
export async function setFlowRunning(id: number, on: boolean): Promise<Outcome<Flow>> {
  const before = $flows.get().items.find((f) => f.id === id);
  if (!before) return { problem: null };
  const replace = (row: Flow) => $flows.setKey('items', $flows.get().items.map((f) => (f.id === id ? row : f)));
  replace({ ...before, status: on ? runningStatus(before.type) : 'Pause', statusReason: null });
  const params = { params: { path: { flowId: id } } };
  const out = await call(on ? 'resume' : 'pause', () => (on ? api().POST('/Flows/{flowId}/Resume', params) : api().POST('/Flows/{flowId}/Pause', params)));
  replace(out.data ?? before);
  return out;
}

/** Copies a flow ("(copy)", paused) and reloads the list. */
export async function duplicateFlow(id: number): Promise<Outcome<Flow>> {
  const out = await call('duplicate', () => api().POST('/Flows/{flowId}/Duplicate', { params: { path: { flowId: id } } }));
  if (out.data) await loadFlows();
  return out;
}

/** Sets the test numbers of the selected flows; a 400 (a bad number) changes nothing and answers its text. */
export async function setTestPhones(testPhones: string): Promise<Outcome<BulkResult>> {
  const ids = $selected.get();
  const out = await call('test numbers', () => api().POST('/Flows/Bulk/TestPhones', { body: { ids, testPhones } }));
  if (out.data) await loadFlows();
  return out;
}

export const createFlow = (body: FlowInput) => call('create', () => api().POST('/Flows', { body }));
export const getFlow = (id: number) => call('read', () => api().GET('/Flows/{flowId}', { params: { path: { flowId: id } } }));
export const patchFlow = (id: number, body: FlowPatch) => call('save', () => api().PATCH('/Flows/{flowId}', { params: { path: { flowId: id } }, body }));

/** One page of flows for pickers (the mass edit screen), without touching the list screen's state. */
export const searchFlows = (search: string, page = 1) =>
  call('search', () => api().GET('/Flows', { params: { query: { page, pageSize: FLOWS_PAGE_SIZE, ...(search.trim() ? { search: search.trim() } : {}) } } }));

export const previewTextEdit = (ids: number[], find: string, replace: string) =>
  call('text edit preview', () => api().POST('/Flows/Bulk/TextEdit/Preview', { body: { ids, find, replace } }));
export const applyTextEdit = (ids: number[], find: string, replace: string) =>
  call('text edit', () => api().POST('/Flows/Bulk/TextEdit', { body: { ids, find, replace } }));

/** The tariff ids the signed-in user has now (§6), for the template catalogues' availability marks. */
export async function loadActiveTariffs(): Promise<Set<number> | null> {
  const me = await call('current user', () => api().GET('/Account/CurrentUser'));
  if (!me.data) return null;
  const pays = await call('payments', () => api().GET('/PayInfos/{userId}', { params: { path: { userId: me.data.id } } }));
  if (!pays.data) return null;
  const payments = pays.data.pays.map((p) => ({ tariff: p.tariff, success: p.success, dateBegin: p.dateBeginUnixTime ?? null, dateEnd: p.dateEndUnixTime ?? null }));
  return activeTariffs(payments, Math.floor(Date.now() / 1000));
}
