import type { components } from '../../../../api/schema.d.ts';
import type { LinkedAccountRow } from '../../account/store-linked.ts';
import type { ConnectionRow } from '../store.ts';
import type { BookingSystem } from './api.ts';

export type BookingCompany = components['schemas']['BookingCompany'];
export type BookingRight = components['schemas']['BookingRight'];
export type SyncState = 'never' | 'running' | 'done' | 'failed';

/** A pull still `running` after this long was cut short (a restart): shown failed, and may be started again. */
export const PULL_STALE_MS = 15 * 60_000;

export interface SyncData { [k: string]: unknown; state: SyncState; masters: number; services: number; clients: number; invalidPhones?: number; startedAt: number | null; finishedAt: number | null; error: string | null }

/** What a company row's JSON `data` holds (§3 Company; docs/booking-systems.md "Companies"). Times in ms. */
export interface CompanyData {
  system?: BookingSystem;
  linkedBy?: 'webhook' | 'account' | 'marketplace';
  internalCompanyId?: number;
  city?: string | null;
  timezone?: number | null;
  webhooksCount?: number;
  activeMastersCount?: number;
  deniedRights?: BookingRight[];
  /** Set by the last link or pull: unreachable when the system said the company is gone. */
  reach?: 'ok' | 'gone';
  lastWebhookAt?: number;
  sync?: SyncData;
}

export const NEVER: SyncData = { state: 'never', masters: 0, services: 0, clients: 0, startedAt: null, finishedAt: null, error: null };

export const companyKey = (system: BookingSystem, id: number) => `${system}:${id}`;
export const internalIdOf = (row: LinkedAccountRow): number => Number((row.externalId ?? '').split(':')[1]) || 0;
const sec = (ms: number | null | undefined) => (ms == null ? null : Math.floor(ms / 1000));

export const tokenRejected = (c: ConnectionRow | undefined) => c?.state === 'error' && c.lastError === 'bookingTokenRejected';

function statusOf(row: LinkedAccountRow, d: CompanyData, account: ConnectionRow | undefined): BookingCompany['status'] {
  if (row.connectionId == null || !account) return 'webhookOnly';
  if (tokenRejected(account) || d.reach === 'gone') return 'unreachable';
  return d.deniedRights?.length ? 'rightsMissing' : 'connected';
}

/** The contract's Company from its row; `accounts` by id (the owner's connections of that system). */
export function toCompany(row: LinkedAccountRow, accounts: Map<number, ConnectionRow>, now: number): BookingCompany {
  const d = row.data as CompanyData;
  const s = d.sync ?? NEVER;
  const stale = s.state === 'running' && (s.startedAt ?? 0) < now - PULL_STALE_MS;
  const account = row.connectionId == null ? undefined : accounts.get(row.connectionId);
  return {
    id: row.id,
    name: row.name,
    status: statusOf(row, d, account),
    accountId: row.connectionId,
    internalCompanyId: d.internalCompanyId ?? internalIdOf(row),
    webhooksCount: d.webhooksCount ?? 0,
    activeMastersCount: d.activeMastersCount ?? 0,
    timezone: d.timezone ?? null,
    city: d.city ?? null,
    deniedRights: d.deniedRights ?? [],
    lastWebhookUnixTime: sec(d.lastWebhookAt),
    sync: {
      state: stale ? 'failed' : s.state,
      masters: s.masters,
      services: s.services,
      clients: s.clients,
      startedUnixTime: sec(s.startedAt),
      finishedUnixTime: sec(s.finishedAt),
      error: stale ? 'bookingPullInterrupted' : s.error,
    },
  };
}
