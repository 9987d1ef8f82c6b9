import { map } from 'nanostores';
import { api } from '../../api/browser.ts';
import { logAdminFailure, type AdminSchemas } from './api.ts';

type S = AdminSchemas;
export type Payment = S['Payment'];
export type PaymentInput = S['PaymentInput'];

/** §9 defaults of the add modal. */
export const PAYMENT_DEFAULTS = { amount: 2500, currency: 'RUB', tariff: 1, success: true } as const;
/** §3: only pay destinations whose name carries this marker are offered. */
export const PAY_DESTINATION_MARKER = '[FM]';

export interface PaysState {
  userId: number | null;
  page: number;
  pages: number;
  pays: Payment[];
  loading: boolean;
  failed: boolean;
}

export const $pays = map<PaysState>({ userId: null, page: 1, pages: 0, pays: [], loading: false, failed: false });

/** Newest first by creation date (ties: newest id), the order of both lists the server sends. */
export const byDateDesc = (a: Payment, b: Payment) => b.createdDateUnixTime - a.createdDateUnixTime || b.id - a.id;

/**
 * §7: the list is GET …/Pays called twice (success true and false) and merged. Page N shows page N of
 * each; the page count is the larger of the two.
 */
export async function loadPays(userId: number, page = 1): Promise<void> {
  $pays.set({ ...$pays.get(), userId, page, loading: true });
  try {
    const call = (success: boolean) => api().GET('/Admin/Users/{id}/Pays', { params: { path: { id: userId }, query: { page, success } } });
    const [ok, failed] = await Promise.all([call(true), call(false)]);
    if (!ok.data || !failed.data) throw ok.error ?? failed.error;
    if ($pays.get().userId !== userId || $pays.get().page !== page) return;
    $pays.set({ userId, page, pages: Math.max(ok.data.pages, failed.data.pages), pays: [...ok.data.pays, ...failed.data.pays].sort(byDateDesc), loading: false, failed: false });
  } catch (error) {
    logAdminFailure('payments', error);
    $pays.set({ ...$pays.get(), loading: false, failed: true });
  }
}

/** Adds (payId null) or edits a payment; on success the list reloads at page 1 (§4). */
export async function savePay(userId: number, payId: number | null, body: PaymentInput): Promise<boolean> {
  try {
    const { data, error } = payId
      ? await api().PATCH('/Admin/Users/{id}/Pays/{payId}', { params: { path: { id: userId, payId } }, body })
      : await api().POST('/Admin/Users/{id}/Pays', { params: { path: { id: userId } }, body });
    if (!data) {
      logAdminFailure('payment save', error);
      return false;
    }
    await loadPays(userId, 1);
    return true;
  } catch (error) {
    logAdminFailure('payment save', error);
    return false;
  }
}

export async function fetchPayLink(userId: number, payId: number): Promise<string | null> {
  try {
    const { data, error } = await api().GET('/Admin/Users/{id}/Pays/{payId}/LinkToPay', { params: { path: { id: userId, payId } } });
    if (!data) logAdminFailure('pay link', error);
    return data?.url ?? null;
  } catch (error) {
    logAdminFailure('pay link', error);
    return null;
  }
}

export interface PayLookups {
  accounts: S['UserAccounts'] | null;
  managers: S['Manager'][];
  destinations: S['PayDestination'][];
}

/** What the modal offers: the user's bundle, managers, and pay destinations with the [FM] marker. */
export async function loadPayLookups(userId: number): Promise<PayLookups> {
  const safe = async <T,>(what: string, p: Promise<{ data?: T; error?: unknown }>) => {
    try {
      const { data, error } = await p;
      if (!data) logAdminFailure(what, error);
      return data;
    } catch (error) {
      logAdminFailure(what, error);
      return undefined;
    }
  };
  const [accounts, managers, destinations] = await Promise.all([
    safe('accounts', api().GET('/Admin/{id}/UserAccounts', { params: { path: { id: userId } } })),
    safe('managers', api().GET('/Manager')),
    safe('pay destinations', api().GET('/PayDestination')),
  ]);
  return {
    accounts: accounts ?? null,
    managers: managers ?? [],
    destinations: (destinations ?? []).filter((d) => d.name.includes(PAY_DESTINATION_MARKER)),
  };
}
