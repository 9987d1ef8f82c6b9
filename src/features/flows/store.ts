import { map } from 'nanostores';
import { api } from '../../api/browser.ts';
import type { components } from '../../api/schema.d.ts';
import { activeTariffs } from '../../shared/flows/tariffs.ts';

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

export interface FlowsState {
  items: Flow[];
  page: number;
  pages: number;
  total: number;
  loading: boolean;
  failed: boolean;
  query: FlowsQuery;
  /** Selected ids on the current page; a new page or search clears the selection. */
  selected: number[];
}

export const FLOWS_PAGE_SIZE = 20;

export const $flows = map<FlowsState>({ items: [], page: 1, pages: 1, total: 0, loading: false, failed: false, query: { search: '', status: '', sort: 'edited', order: 'desc' }, selected: [] });

let latest = 0;

/** Loads one page; a slower earlier answer never overwrites a newer one (typing in the search box). */
export async function loadFlows(page = $flows.get().page, query: Partial<FlowsQuery> = {}): Promise<void> {
  const q = { ...$flows.get().query, ...query };
  const ticket = ++latest;
  $flows.set({ ...$flows.get(), loading: true, failed: false, query: q });
  try {
    const { data, error } = await api().GET('/Flows', {
      params: { query: { page, pageSize: FLOWS_PAGE_SIZE, ...(q.search.trim() ? { search: q.search.trim() } : {}), ...(q.status ? { status: q.status } : {}), sort: q.sort, order: q.order } },
    });
    if (ticket !== latest) return;
    if (error || !data) throw error;
    // Past the last page (after deleting its flows): show the new last page instead of an empty one.
    if (!data.flows.length && data.total > 0 && page > data.pages) return loadFlows(data.pages);
    $flows.set({ ...$flows.get(), items: data.flows, page: data.page, pages: data.pages, total: data.total, loading: false, selected: [] });
  } catch (error) {
    if (ticket !== latest) return;
    console.error('flows: list failed', error);
    $flows.set({ ...$flows.get(), loading: false, failed: true });
  }
}

export function toggleFlow(id: number, on: boolean): void {
  const selected = $flows.get().selected.filter((s) => s !== id);
  $flows.setKey('selected', on ? [...selected, id] : selected);
}

export function selectAllFlows(on: boolean): void {
  $flows.setKey('selected', on ? $flows.get().items.map((f) => f.id) : []);
}

/** Runs a bulk action on the selection and reloads the page; undefined when the call itself failed. */
export async function bulkFlows(action: BulkAction): Promise<BulkResult | undefined> {
  const ids = $flows.get().selected;
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

/** A call's answer: the data, or the server's problem text (400/404/409), or nothing when the call itself failed. */
export type Outcome<D> = { data: D; problem?: undefined } | { data?: undefined; problem: string | null };

async function call<D>(label: string, run: () => Promise<{ data?: D; error?: unknown }>): Promise<Outcome<D>> {
  try {
    const { data, error } = await run();
    if (data !== undefined && !error) return { data };
    const message = (error as { message?: unknown } | undefined)?.message;
    return { problem: typeof message === 'string' ? message : null };
  } catch (error) {
    console.error(`flows: ${label} failed`, error);
    return { problem: null };
  }
}

/** Copies a flow ("(copy)", paused) and reloads the list. */
export async function duplicateFlow(id: number): Promise<Outcome<Flow>> {
  const out = await call('duplicate', () => api().POST('/Flows/{flowId}/Duplicate', { params: { path: { flowId: id } } }));
  if (out.data) await loadFlows();
  return out;
}

/** Sets the test numbers of the selected flows; a 400 (a bad number) changes nothing and answers its text. */
export async function setTestPhones(testPhones: string): Promise<Outcome<BulkResult>> {
  const ids = $flows.get().selected;
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
