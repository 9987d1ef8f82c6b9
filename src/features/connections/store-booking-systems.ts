// YCLIENTS and Altegio (/accounts/yclients, /accounts/altegio): the overview of one system (accounts, linked
// companies, webhook address, limit) in one atom per page, and every call of the contract part
// openapi/connections/booking-systems.yaml. Docs: docs/booking-systems.md "Screens".
import { atom } from 'nanostores';
import { api } from '../../api/browser.ts';
import type { components } from '../../api/schema.d.ts';
import { deleted, outcome, type Outcome } from './store.ts';

export type BookingSystem = 'yclients' | 'altegio';
export type BookingOverview = components['schemas']['BookingSystemOverview'];
export type BookingAccount = components['schemas']['BookingSystemAccount'];
export type BookingCompany = components['schemas']['BookingCompany'];
export type BookingRight = components['schemas']['BookingRight'];
export type ReachableCompany = components['schemas']['ReachableBookingCompanyList']['companies'][number];

/** §6: every right the cabinet may miss, in the order the notices show them. */
export const RIGHTS: readonly BookingRight[] = ['records', 'clients', 'phones', 'dashboard', 'loyalty', 'settings', 'analytics', 'webhook'];

/** How often the overview is read again while a pull runs: a pull of a few hundred clients takes seconds, not minutes. */
export const SYNC_POLL_MS = 3_000;

export interface BookingState {
  system: BookingSystem;
  overview?: BookingOverview;
  loading: boolean;
  failed: boolean;
}

export const $booking = atom<BookingState>({ system: 'yclients', loading: true, failed: false });

const patch = (change: Partial<BookingState>) => $booking.set({ ...$booking.get(), ...change });
const system = () => $booking.get().system;
const sys = () => ({ system: system() });
const withOverview = (change: (o: BookingOverview) => Partial<BookingOverview>) => {
  const { overview } = $booking.get();
  if (overview) patch({ overview: { ...overview, ...change(overview) } });
};
/** Puts a changed company in its place, or adds a new one at the end. */
const keepCompany = (row: BookingCompany) =>
  withOverview((o) => ({ companies: o.companies.some((c) => c.id === row.id) ? o.companies.map((c) => (c.id === row.id ? row : c)) : [...o.companies, row] }));

export const anyPullRunning = (o: BookingOverview | undefined) => !!o?.companies.some((c) => c.sync.state === 'running');

/** Reads the overview; `quiet` (the poll) keeps what is shown while it reads and on failure. */
export async function loadOverview(which: BookingSystem, quiet = false): Promise<void> {
  if (which !== system()) $booking.set({ system: which, loading: true, failed: false });
  else if (!quiet) patch({ loading: true, failed: false });
  const { data } = await outcome(api().GET('/Accounts/BookingSystems/{system}', { params: { path: { system: which } } }));
  if (which !== system()) return;
  if (data) patch({ overview: data, loading: false, failed: false });
  else if (!quiet) patch({ loading: false, failed: true });
}

export interface ConnectInput {
  by: 'password' | 'token';
  login: string;
  password: string;
  userToken: string;
}

/** Connects by login and password (the server trades them for a user token and keeps no password) or by a user token. */
export async function connectAccount(input: ConnectInput): Promise<Outcome<BookingAccount>> {
  const body = input.by === 'token' ? { userToken: input.userToken.trim() } : { login: input.login.trim(), password: input.password };
  const result = await outcome(api().POST('/Accounts/BookingSystems/{system}', { params: { path: sys() }, body }));
  if (result.data) {
    const row = result.data;
    withOverview((o) => ({ accounts: [...o.accounts.filter((a) => a.id !== row.id), row] }));
  }
  return result;
}

/** The marketplace install the owner signed up from: confirmed with the system (the redirect's signed user data) and its company linked. */
export async function connectMarketplace(install: MarketplaceInstall): Promise<Outcome<BookingCompany>> {
  const result = await outcome(api().POST('/Accounts/BookingSystems/{system}/Marketplace', { params: { path: sys() }, body: install }));
  if (result.data) await loadOverview(system(), true); // the install may also add an account
  return result;
}

/** Forgets the account; its companies stay (webhooks keep arriving), so they are read again. */
export async function removeAccount(id: number): Promise<Outcome<true>> {
  const result = await deleted(api().DELETE('/Accounts/BookingSystems/{system}/{connectionId}', { params: { path: { ...sys(), connectionId: id } } }));
  if (result.data) {
    withOverview((o) => ({ accounts: o.accounts.filter((a) => a.id !== id) }));
    await loadOverview(system(), true);
  }
  return result;
}

export const reachableCompanies = (accountId: number) =>
  outcome(api().GET('/Accounts/BookingSystems/{system}/{connectionId}/Companies', { params: { path: { ...sys(), connectionId: accountId } } }));

export async function linkCompany(accountId: number, companyId: number): Promise<Outcome<BookingCompany>> {
  const result = await outcome(api().POST('/Accounts/BookingSystems/{system}/{connectionId}/Companies', { params: { path: { ...sys(), connectionId: accountId } }, body: { companyId } }));
  if (result.data) keepCompany(result.data);
  return result;
}

export async function unlinkCompany(id: number): Promise<Outcome<true>> {
  const result = await deleted(api().DELETE('/Accounts/BookingSystems/{system}/Companies/{companyId}', { params: { path: { ...sys(), companyId: id } } }));
  if (result.data) withOverview((o) => ({ companies: o.companies.filter((c) => c.id !== id) }));
  return result;
}

/** Starts a pull again (a running one is not started twice); the answer shows it running, the poll shows the end. */
export async function syncCompany(id: number): Promise<Outcome<BookingCompany>> {
  const result = await outcome(api().POST('/Accounts/BookingSystems/{system}/Companies/{companyId}/Sync', { params: { path: { ...sys(), companyId: id } } }));
  if (result.data) keepCompany(result.data);
  return result;
}

export type MarketplaceInstall = { applicationId: string; salonId: number; userData: string; userDataSign: string };
/** The query keys the marketplace redirect carries (the registration route forwards them with `application_id`). */
export const MARKETPLACE_KEYS = ['salon_id', 'application_id', 'user_data', 'user_data_sign'] as const;

/** The marketplace install the registration route forwards (`?salon_id=…&application_id=…&user_data=…&user_data_sign=…`), when well formed. */
export function marketplaceParams(search: string): MarketplaceInstall | undefined {
  const query = new URLSearchParams(search);
  const applicationId = query.get('application_id') ?? '';
  const salonId = Number(query.get('salon_id'));
  const userData = query.get('user_data') ?? '';
  const userDataSign = query.get('user_data_sign') ?? '';
  if (!/^[0-9]{1,12}$/.test(applicationId) || !Number.isInteger(salonId) || salonId < 1 || salonId > 2147483647) return undefined;
  if (!userData || userData.length > 4096 || !/^[0-9a-f]{64}$/.test(userDataSign)) return undefined;
  return { applicationId, salonId, userData, userDataSign };
}

/** A time zone offset in hours as UTC±h (half hours as UTC+5:30). */
export function utcOffset(hours: number | null): string {
  if (hours == null) return '—';
  const sign = hours < 0 ? '−' : '+';
  const abs = Math.abs(hours);
  const minutes = Math.round((abs % 1) * 60);
  return `UTC${sign}${Math.floor(abs)}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
}
