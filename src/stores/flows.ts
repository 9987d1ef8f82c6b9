import { map } from 'nanostores';
import type { components } from '../api/schema.d.ts';
import { startSession } from '../scripts/shell-session.ts';
import { getApi } from './session.ts';

export type Flow = components['schemas']['Flow'];
export type FlowStatus = components['schemas']['FlowStatus'];
export type BulkResult = components['schemas']['BulkResult'];
export type BulkAction = 'Pause' | 'Resume' | 'Delete';

export interface FlowsQuery {
  search: string;
  status: FlowStatus | '';
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

export const $flows = map<FlowsState>({ items: [], page: 1, pages: 1, total: 0, loading: false, failed: false, query: { search: '', status: '' }, selected: [] });

const api = () => (startSession(), getApi());
let latest = 0;

/** Loads one page; a slower earlier answer never overwrites a newer one (typing in the search box). */
export async function loadFlows(page = $flows.get().page, query: Partial<FlowsQuery> = {}): Promise<void> {
  const q = { ...$flows.get().query, ...query };
  const ticket = ++latest;
  $flows.set({ ...$flows.get(), loading: true, failed: false, query: q });
  try {
    const { data, error } = await api().GET('/Flows', {
      params: { query: { page, pageSize: FLOWS_PAGE_SIZE, ...(q.search.trim() ? { search: q.search.trim() } : {}), ...(q.status ? { status: q.status } : {}) } },
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
