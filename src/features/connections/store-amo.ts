// amoCRM (/accounts/amo and /accounts/amo/connect): the owner's connection in one atom and every call of the two
// screens (docs/amo.md "Screens").
import { atom } from 'nanostores';
import { api } from '../../api/browser.ts';
import type { components } from '../../api/schema.d.ts';
import { deleted, outcome, type Outcome } from './store.ts';

export type AmoOverview = components['schemas']['AmoOverview'];
export type AmoConnection = components['schemas']['AmoConnection'];
export type AmoMapping = components['schemas']['AmoStatusMapping'];
export const VISIT_STATUSES = ['confirmed', 'arrived', 'noShow', 'cancelled'] as const;

export interface AmoState {
  overview: AmoOverview | undefined;
  loading: boolean;
  failed: boolean;
}
export const $amo = atom<AmoState>({ overview: undefined, loading: true, failed: false });

const keep = (result: Outcome<AmoOverview>) => {
  if (result.data) $amo.set({ overview: result.data, loading: false, failed: false });
  return result;
};

export async function loadAmo(): Promise<void> {
  $amo.set({ ...$amo.get(), loading: true, failed: false });
  const result = await outcome(api().GET('/Accounts/Amo'));
  if (result.data) keep(result);
  else $amo.set({ ...$amo.get(), loading: false, failed: true });
}

/** The consent address; the caller sends the browser there. */
export const authorizeAmo = () => outcome(api().POST('/Accounts/Amo/Authorize'));

/** What amoCRM redirected with, posted as it came (the server names a missing or invalid one). */
export const connectAmo = (params: { code: string; referer: string; state: string }) =>
  outcome(api().POST('/Accounts/Amo/Connect', { body: params })).then(keep);

export const saveStatusMap = (statusMap: AmoMapping[]) => outcome(api().PUT('/Accounts/Amo/StatusMap', { body: { statusMap } })).then(keep);

export async function removeAmo(): Promise<Outcome<true>> {
  const result = await deleted(api().DELETE('/Accounts/Amo'));
  if (result.data) $amo.set({ overview: { configured: $amo.get().overview?.configured ?? true, connection: null }, loading: false, failed: false });
  return result;
}
