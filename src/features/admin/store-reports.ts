import type { ProblemLike } from '../../api/explain-problem.ts';
import { logAdminFailure, type AdminSchemas } from './api.ts';
import { api } from '../../api/browser.ts';
import { pagedList } from '../../stores/paged-list.ts';

type S = AdminSchemas;

export const promocodeList = pagedList<S['Promocode'], Record<string, never>>({ name: 'promo codes', onFail: logAdminFailure }, {}, async (page) => {
  const { data, error } = await api().GET('/Admin/Promocodes', { params: { query: { page } } });
  if (error) throw error;
  return data && { items: data.promocodes, pages: data.pages, total: data.total };
});

export const instanceList = pagedList<S['Instance'], { state: string }>({ name: 'instances', onFail: logAdminFailure }, { state: '' }, async (page, q) => {
  const state = (q.state || undefined) as 'Connected' | undefined;
  const { data, error } = await api().GET('/Admin/Instances', { params: { query: { page, ...(state ? { state } : {}) } } });
  if (error) throw error;
  return data && { items: data.instances, pages: data.pages, total: data.total, extra: { byState: data.byState } };
});

export const newsList = pagedList<S['NewsItem'], Record<string, never>>({ name: 'news', onFail: logAdminFailure }, {}, async (page) => {
  const { data, error } = await api().GET('/Admin/News', { params: { query: { page } } });
  if (error) throw error;
  return data && { items: data.news, pages: data.pages, total: data.total };
});

export const outgoingList = pagedList<S['OutgoingList']['messages'][number], { to: string }>({ name: 'outgoing', onFail: logAdminFailure }, { to: '' }, async (page, q) => {
  const { data, error } = await api().GET('/Admin/Outgoing', { params: { query: { page, ...(q.to.trim() ? { to: q.to.trim() } : {}) } } });
  if (error) throw error;
  return data && { items: data.messages, pages: data.pages, total: data.total };
});

export const newClientList = pagedList<S['NewClient'], { days: number }>({ name: 'new clients', onFail: logAdminFailure }, { days: 30 }, async (page, q) => {
  const { data, error } = await api().GET('/Admin/NewClients', { params: { query: { page, days: q.days } } });
  if (error) throw error;
  return data && { items: data.clients, pages: data.pages, total: data.total, extra: { paidTotal: data.paidTotal } };
});

export const churnList = pagedList<S['ChurnEntry'], { minScore: number }>({ name: 'churn', onFail: logAdminFailure }, { minScore: 1 }, async (page, q) => {
  const { data, error } = await api().GET('/Admin/Churn', { params: { query: { page, minScore: q.minScore } } });
  if (error) throw error;
  return data && { items: data.customers, pages: data.pages, total: data.total };
});

/** Creates a promo code; resolves to field errors ({} on success) or null when refused or failed. */
export async function createPromocode(body: S['PromocodeInput']): Promise<Record<string, ProblemLike> | null> {
  try {
    const { error } = await api().POST('/Admin/Promocodes', { body });
    if (!error) return {};
    logAdminFailure('promo code', error);
    if (error.status === 400 || error.status === 409) {
      const fields = Object.fromEntries((error.errors ?? []).map((e) => [e.field, e]));
      return Object.keys(fields).length ? fields : { '': error };
    }
    return null;
  } catch (error) {
    logAdminFailure('promo code', error);
    return null;
  }
}

export async function publishNews(body: S['NewsInput']): Promise<boolean> {
  try {
    const { error } = await api().POST('/Admin/News', { body });
    if (error) logAdminFailure('news', error);
    else await newsList.load(1);
    return !error;
  } catch (error) {
    logAdminFailure('news', error);
    return false;
  }
}

export async function deleteNews(newsId: number): Promise<void> {
  try {
    const { error } = await api().DELETE('/Admin/News/{newsId}', { params: { path: { newsId } } });
    if (error) logAdminFailure('news delete', error);
  } catch (error) {
    logAdminFailure('news delete', error);
  }
  await newsList.load();
}

/** One record for a detail screen: its data, or the problem (a 404 names what is missing; null: the call failed). */
export type Loaded<V> = { data: V } | { problem: ProblemLike | null };

async function loadOne<V>(what: string, call: () => Promise<{ data?: V; error?: unknown }>): Promise<Loaded<V>> {
  try {
    const { data, error } = await call();
    if (data !== undefined) return { data };
    // A missing record is an answer the screen words itself, not a failure to look into.
    if ((error as ProblemLike | undefined)?.status !== 404) logAdminFailure(what, error);
    return { problem: (error as ProblemLike | undefined) ?? null };
  } catch (error) {
    logAdminFailure(what, error);
    return { problem: null };
  }
}

export const loadDiagnostics = (id: number) => loadOne('diagnostics', () => api().GET('/Admin/Users/{id}/Diagnostics', { params: { path: { id } } }));

export const loadCompanyStatus = (companyId: number) => loadOne('company status', () => api().GET('/Admin/Status/{companyId}', { params: { path: { companyId } } }));
