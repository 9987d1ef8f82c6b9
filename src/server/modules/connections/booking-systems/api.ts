import type { ServerConfig } from '../../../platform/config.ts';
import { isDownAnswer, providerCall } from '../provider-call.ts';

// One client for YCLIENTS and Altegio (one platform, two hosts; docs/booking-systems.md "Calls"). Every call answers
// `ok` with the `data` of `{success, data, meta}`, or why not: `rejected` (401: the user token is refused),
// `denied` (403: the staff user lacks that right), `missing` (404), `refused` (another 4xx), or `down` (timeout,
// 429, 5xx, unreadable). Tokens travel only in the Authorization header; nothing here logs them.

export type BookingSystem = 'yclients' | 'altegio';
export const SYSTEM_NAME: Record<BookingSystem, string> = { yclients: 'YCLIENTS', altegio: 'Altegio' };

// The Accept header differs between the twins (research-19 §1): a shared one is refused by the other system.
const ACCEPT: Record<BookingSystem, string> = { yclients: 'application/vnd.yclients.v2+json', altegio: 'application/vnd.api.v2+json' };

export type Answer<T> = { ok: T; meta: unknown } | { fail: 'rejected' | 'denied' | 'missing' | 'refused'; message: string } | { down: string };
export const isOk = <T>(a: Answer<T>): a is { ok: T; meta: unknown } => 'ok' in a;

/** Clients asked per page: the systems' documented maximum (`page_size` ≤ 200). */
export const CLIENTS_PAGE = 200;

/** A name from the system's answer, trimmed; '' when it is not a string (an answer in another shape is never a 5xx). */
export const textOf = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

export interface BookingCompanyInfo { id: number; title?: string; city?: string; timezone?: number | string; timezone_name?: string }
export interface BookingStaff { id: number; name?: string; fired?: number | boolean; hidden?: number | boolean }
export interface BookingService { id: number; title?: string; price_min?: number; cost?: number }
export interface BookingClient { id: number; name?: string; phone?: string }
export interface HookSettings { urls?: string[]; [flag: string]: unknown }

const messageOf = (body: unknown): string => {
  const meta = (body as { meta?: { message?: unknown } } | undefined)?.meta;
  return typeof meta?.message === 'string' ? meta.message.slice(0, 200) : '';
};

/** The system's API for one user token (absent: partner-only calls, the marketplace install). */
export function bookingApi(config: ServerConfig, system: BookingSystem, userToken?: string) {
  const { apiUrl, partnerToken } = config.businessSystems[system];
  const base = `${apiUrl.replace(/\/+$/, '')}/api/v1`;
  const authorization = userToken ? `Bearer ${partnerToken}, User ${userToken}` : `Bearer ${partnerToken}`;

  async function call<T>(method: 'GET' | 'POST', path: string, json?: unknown): Promise<Answer<T>> {
    const a = await providerCall(`${base}${path}`, { method, headers: { authorization, accept: ACCEPT[system] }, json });
    if (isDownAnswer(a)) return a;
    const body = a.body as { success?: unknown; data?: unknown; meta?: unknown } | undefined;
    if (a.status >= 200 && a.status < 300) {
      if (!body || body.success === false) return { down: 'unreadable answer' };
      return { ok: body.data as T, meta: body.meta };
    }
    const fail = a.status === 401 ? 'rejected' : a.status === 403 ? 'denied' : a.status === 404 ? 'missing' : 'refused';
    return { fail, message: messageOf(body) };
  }

  return {
    /** POST /auth: login and password → the user token (the password is not kept). */
    auth: (login: string, password: string) => call<{ user_token?: string; name?: string }>('POST', '/auth', { login, password }),
    /** The companies the user may manage. */
    myCompanies: () => call<BookingCompanyInfo[]>('GET', '/companies?my=1'),
    company: (id: number) => call<BookingCompanyInfo>('GET', `/company/${id}`),
    staff: (id: number) => call<BookingStaff[]>('GET', `/staff/${id}`),
    // Unverified path (the B2B twin of the public /book_services): docs/booking-systems.md.
    services: (id: number) => call<BookingService[]>('GET', `/company/${id}/services`),
    clients: (id: number, page: number) =>
      call<BookingClient[]>('POST', `/company/${id}/clients/search`, { page, page_size: CLIENTS_PAGE, fields: ['id', 'name', 'phone'], order_by: 'id', order_by_direction: 'ASC' }),
    hooks: (id: number) => call<HookSettings>('GET', `/hooks_settings/${id}`),
    setHooks: (id: number, settings: HookSettings) => call<HookSettings>('POST', `/hooks_settings/${id}`, settings),
    marketplaceCallback: (salonId: number, applicationId: string, webhookUrl: string) =>
      call<unknown>('POST', '/marketplace/partner/callback', { salon_id: salonId, application_id: Number(applicationId), webhook_urls: [webhookUrl] }),
  };
}

export type BookingApi = ReturnType<typeof bookingApi>;

/** The company's UTC offset in hours, if the system said one (`timezone` is a number of hours in the examples seen). */
export function offsetOf(info: BookingCompanyInfo): number | null {
  const n = typeof info.timezone === 'number' ? info.timezone : Number(info.timezone);
  return Number.isFinite(n) && Math.abs(n) <= 14 ? n : null;
}
