// iiko (/accounts/iiko): the overview in one atom, the open login's reachable organizations, and every call of the
// iiko part of the connections API (docs/iiko.md "Screen").
import { atom } from 'nanostores';
import { api } from '../../api/browser.ts';
import type { components } from '../../api/schema.d.ts';
import { deleted, outcome, type Outcome } from './store.ts';

export type IikoOverview = components['schemas']['IikoOverview'];
export type IikoAccount = components['schemas']['IikoAccount'];
export type IikoOrganization = components['schemas']['IikoOrganization'];
export type ReachableIikoOrganization = components['schemas']['ReachableIikoOrganizationList']['organizations'][number];

export interface IikoState {
  overview?: IikoOverview;
  loading: boolean;
  failed: boolean;
}

export const $iiko = atom<IikoState>({ loading: true, failed: false });

export async function loadIiko(): Promise<void> {
  $iiko.set({ ...$iiko.get(), loading: true, failed: false });
  const { data } = await outcome(api().GET('/Accounts/Iiko'));
  $iiko.set(data ? { overview: data, loading: false, failed: false } : { ...$iiko.get(), loading: false, failed: true });
}

/** Each change is followed by a fresh overview: accounts, organizations and states move together. */
async function thenReload<T>(result: Outcome<T>): Promise<Outcome<T>> {
  if (!result.problem) await loadIiko();
  return result;
}

export const connectIiko = async (values: { apiLogin: string }) => thenReload(await outcome(api().POST('/Accounts/Iiko', { body: { apiLogin: values.apiLogin.trim() } })));

export const removeIiko = async (id: number) => thenReload(await deleted(api().DELETE('/Accounts/Iiko/{connectionId}', { params: { path: { connectionId: id } } })));

export const reachableIiko = (id: number) => outcome(api().GET('/Accounts/Iiko/{connectionId}/Organizations', { params: { path: { connectionId: id } } }));

export const linkIiko = async (id: number, organizationId: string, replaceWebhook = false) =>
  thenReload(await outcome(api().POST('/Accounts/Iiko/{connectionId}/Organizations', { params: { path: { connectionId: id } }, body: { organizationId, replaceWebhook } })));

export const unlinkIiko = async (id: number) => thenReload(await deleted(api().DELETE('/Accounts/Iiko/Organizations/{organizationLinkId}', { params: { path: { organizationLinkId: id } } })));
