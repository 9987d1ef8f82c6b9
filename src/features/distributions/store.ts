// Every call of the distributions screens (issue 20, openapi/distributions.yaml): the list, its bulk and row actions,
// one distribution's control and its recipients. Islands call these; they never call the API themselves.
import { atom } from 'nanostores';
import { pagedList } from '../../stores/paged-list.ts';
import { api } from '../../api/browser.ts';
import { isKindAvailable } from '../../shared/flows/tariffs.ts';
import { loadActiveTariffs } from '../flows/store.ts';
import type { ProblemLike } from '../../api/explain-problem.ts';
import type { components } from '../../api/schema.d.ts';

export type Distribution = components['schemas']['Distribution'];
export type DistributionStatus = components['schemas']['FlowStatus'];
export type DistributionMode = components['schemas']['FlowMode'];
export type DistributionType = components['schemas']['DistributionType'];
export type Recipient = components['schemas']['Recipient'];
export type RecipientStatus = components['schemas']['RecipientStatus'];
export type BulkResult = components['schemas']['BulkResult'];
export type BulkAction = 'Pause' | 'Resume' | 'Delete';
export type ControlAction = 'Start' | 'Pause' | 'Resume' | 'Cancel';
export type DistributionSort = 'edited' | 'created' | 'lastStart';
export type SortOrder = 'asc' | 'desc';

export const DISTRIBUTION_TYPES: readonly DistributionType[] = ['message', 'template'];
export const RECIPIENT_STATUSES: readonly RecipientStatus[] = ['pending', 'queued', 'sent', 'delivered', 'read', 'replied', 'failed', 'skipped'];

/** The statuses in which the engine still works on a distribution: screens poll while one is shown. */
const RUNNING: readonly DistributionStatus[] = ['InQueue', 'Waiting', 'Working'];
export const isRunning = (status: DistributionStatus) => RUNNING.includes(status);

/** A call's answer: the data, or the server's problem (its code chooses the text), or null when the call itself failed. */
export type Outcome<D> = { data: D; problem?: undefined } | { data?: undefined; problem: ProblemLike | null };

async function call<D>(label: string, run: () => Promise<{ data?: D; error?: unknown }>): Promise<Outcome<D>> {
  try {
    const { data, error } = await run();
    if (data !== undefined && !error) return { data };
    return { problem: error && typeof error === 'object' ? (error as ProblemLike) : null };
  } catch (error) {
    console.error(`distributions: ${label} failed`, error);
    return { problem: null };
  }
}

export interface DistributionsQuery {
  search: string;
  status: DistributionStatus | '';
  mode: DistributionMode | '';
  type: DistributionType | '';
  sort: DistributionSort;
  order: SortOrder;
}

export const DISTRIBUTIONS_PAGE_SIZE = 20;

const list = pagedList<Distribution, DistributionsQuery>(
  { name: 'distributions', loadingAtStart: true, onFail: (_, error) => console.error('distributions: list failed', error) },
  { search: '', status: '', mode: '', type: '', sort: 'edited', order: 'desc' },
  async (page, q) => {
    const query = {
      page,
      pageSize: DISTRIBUTIONS_PAGE_SIZE,
      sort: q.sort,
      order: q.order,
      ...(q.search.trim() ? { search: q.search.trim() } : {}),
      ...(q.status ? { status: q.status } : {}),
      ...(q.mode ? { mode: q.mode } : {}),
      ...(q.type ? { type: q.type } : {}),
    };
    const { data, error } = await api().GET('/Distributions', { params: { query } });
    if (error || !data) throw error;
    // A poll keeps the selection of rows still shown; a new page or search drops the rest.
    const shown = new Set(data.distributions.map((d) => d.id));
    $selected.set($selected.get().filter((id) => shown.has(id)));
    return { items: data.distributions, pages: data.pages, total: data.total };
  },
);
export const $distributions = list.$state;
/** Selected ids on the current page. */
export const $selected = atom<number[]>([]);

/** Loads a page (default: the current one, as the 3-second poll does) with a changed query; a newer call wins. */
export const loadDistributions = (page?: number, query?: Partial<DistributionsQuery>) => {
  if (page !== undefined || query) $selected.set([]);
  return list.load(page, query);
};

export function toggleDistribution(id: number, on: boolean): void {
  const selected = $selected.get().filter((s) => s !== id);
  $selected.set(on ? [...selected, id] : selected);
}

export function selectAllDistributions(on: boolean): void {
  $selected.set(on ? $distributions.get().items.map((d) => d.id) : []);
}

/** Pause, resume or delete the selection, then reload the page; undefined when the call itself failed. */
export async function bulkDistributions(action: BulkAction): Promise<BulkResult | undefined> {
  const ids = $selected.get();
  if (!ids.length) return undefined;
  const out = await call(`bulk ${action}`, () => api().POST('/Distributions/Bulk/{action}', { params: { path: { action } }, body: { ids } }));
  if (!out.data) return undefined;
  if (action === 'Delete') $selected.set([]);
  await list.load();
  return out.data;
}

export const createDistribution = (title?: string) => call('create', () => api().POST('/Distributions', { body: title ? { title } : {} }));

/** A paused test-mode copy; the list reloads to show it. */
export async function duplicateDistribution(id: number): Promise<Outcome<Distribution>> {
  const out = await call('duplicate', () => api().POST('/Distributions/{distributionId}/Duplicate', { params: { path: { distributionId: id } } }));
  if (out.data) await list.load();
  return out;
}

export async function deleteDistribution(id: number): Promise<Outcome<components['schemas']['MessageResult']>> {
  const out = await call('delete', () => api().DELETE('/Distributions/{distributionId}', { params: { path: { distributionId: id } } }));
  if (out.data) {
    toggleDistribution(id, false);
    await list.load();
  }
  return out;
}

/** The distribution the Results island shows (the editor's last step); undefined before it loads, null when it failed. */
export const $current = atom<Distribution | null | undefined>(undefined);

/** Takes a fresh answer everywhere it is shown: the list's row and the Results island (an editor's Start may call it). */
export function show(row: Distribution): void {
  $distributions.setKey('items', $distributions.get().items.map((d) => (d.id === row.id ? row : d)));
  if ($current.get()?.id === row.id) $current.set(row);
}

export const getDistribution = (id: number) =>
  call('read', () => api().GET('/Distributions/{distributionId}', { params: { path: { distributionId: id } } }));

/**
 * Loads (or refreshes, as the poll does) the distribution Results shows; a failed refresh keeps what is shown.
 * Answers whether its progress changed (status, counts, test run), so the recipients reload only then.
 */
export async function loadCurrent(id: number): Promise<boolean> {
  const before = $current.get();
  const out = await getDistribution(id);
  if (!out.data) {
    if (before?.id !== id) $current.set(null);
    return false;
  }
  $current.set(out.data);
  const progress = (d: Distribution | null | undefined) => (d ? JSON.stringify([d.id, d.status, d.counts, d.testRun]) : '');
  return progress(before) !== progress(out.data);
}

/**
 * Start, pause, resume or cancel one distribution; the list's row and Results take the server's answer at once (the
 * editor's Start calls this too, so its Results step shows the run without waiting for the next poll).
 */
export async function controlDistribution(id: number, action: ControlAction): Promise<Outcome<Distribution>> {
  const out = await call(action, () => api().POST('/Distributions/{distributionId}/{action}', { params: { path: { distributionId: id, action } } }));
  if (out.data) show(out.data);
  return out;
}

// One distribution's recipients (the Results step): one island at a time shows them.
export interface RecipientsQuery {
  distributionId: number;
  status: RecipientStatus | '';
  search: string;
}
export const RECIPIENTS_PAGE_SIZE = 50;

const recipients = pagedList<Recipient, RecipientsQuery>(
  { name: 'distribution recipients', loadingAtStart: true },
  { distributionId: 0, status: '', search: '' },
  async (page, q) => {
    const query = { page, pageSize: RECIPIENTS_PAGE_SIZE, ...(q.status ? { status: q.status } : {}), ...(q.search.trim() ? { search: q.search.trim() } : {}) };
    const { data, error } = await api().GET('/Distributions/{distributionId}/Recipients', { params: { path: { distributionId: q.distributionId }, query } });
    if (error || !data) throw error;
    return { items: data.recipients, pages: data.pages, total: data.total };
  },
);
export const $recipients = recipients.$state;
export const loadRecipients = (page?: number, query?: Partial<RecipientsQuery>) => recipients.load(page, query);

/** The recipients as CSV (the list's filters), as a Blob to save; null when the download failed. */
export async function exportRecipients(q: RecipientsQuery): Promise<Blob | null> {
  const params = new URLSearchParams();
  if (q.status) params.set('status', q.status);
  if (q.search.trim()) params.set('search', q.search.trim());
  const query = params.size ? `?${params}` : '';
  try {
    return await api().download(`/Distributions/${q.distributionId}/Recipients/Export${query}`);
  } catch (error) {
    console.error('distributions: export failed', error);
    return null;
  }
}

/** Saves a Blob under a file name through a temporary link (the browser's own download). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Whether the owner's tariffs include distributions (§6): `unknown` until read — the list draws nothing a tariff
 * notice would push down until then — and `available` when they could not be read (nothing is said then).
 */
export const $distributionTariff = atom<'unknown' | 'available' | 'missing'>('unknown');

export async function loadDistributionTariff(): Promise<void> {
  const tariffs = await loadActiveTariffs();
  $distributionTariff.set(tariffs && !isKindAvailable('distribution', tariffs) ? 'missing' : 'available');
}
