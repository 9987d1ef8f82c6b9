import type { ProviderReply } from '../../delivery/channels/provider-http.ts';
import type { WahaOptions } from '../../platform/config.ts';
import { jsonOf } from './provider-call.ts';

/**
 * The operator's WAHA gateway, sessions side (providers.md D.1): one session per connection, named `c<id>`.
 * Every call answers a value or a `GatewayDown` (network error, timeout, 5xx, or a reply we cannot read); it never
 * throws, so the handlers decide what the owner sees (docs/connections.md "Gateway errors").
 */
export type WahaStatus = 'STOPPED' | 'STARTING' | 'SCAN_QR_CODE' | 'WORKING' | 'FAILED';
export interface GatewayDown {
  down: true;
  reason: string;
}
export interface SessionInfo {
  status: WahaStatus;
  /** The linked number's digits once WORKING (`me.id` = `<digits>@c.us`). */
  phone: string | null;
}

const STATUSES = new Set<string>(['STOPPED', 'STARTING', 'SCAN_QR_CODE', 'WORKING', 'FAILED']);
export const sessionName = (connectionId: number) => `c${connectionId}`;
export const isDown = (v: unknown): v is GatewayDown => typeof v === 'object' && v !== null && (v as GatewayDown).down === true;
const down = (reason: string): GatewayDown => ({ down: true, reason });

export interface WahaSessions {
  /** Creates and starts the session; one that exists already is started (a retry after a lost answer). */
  start(session: string, webhook: { url: string; hmacKey?: string }): Promise<SessionInfo | GatewayDown>;
  /** The session's status; null when the gateway does not know it. */
  status(session: string): Promise<SessionInfo | null | GatewayDown>;
  /** The QR's text while the session waits for a scan; null in any other status. */
  qr(session: string): Promise<string | null | GatewayDown>;
  /** A pairing code for the phone (digits); null when the session does not wait for linking. */
  requestCode(session: string, phoneDigits: string): Promise<string | null | GatewayDown>;
  logout(session: string): Promise<true | GatewayDown>;
  /** Deletes the session; one the gateway does not know counts as deleted. */
  remove(session: string): Promise<true | GatewayDown>;
}

export function wahaSessions(options: WahaOptions): WahaSessions {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;
  const path = (session: string) => encodeURIComponent(session);

  async function call(method: string, url: string, body?: unknown): Promise<ProviderReply | GatewayDown> {
    const headers: Record<string, string> = { accept: 'application/json', ...(options.apiKey ? { 'x-api-key': options.apiKey } : {}) };
    if (body !== undefined) headers['content-type'] = 'application/json';
    try {
      const res = await fetch(base + url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(timeoutMs) });
      const parsed = await jsonOf(res);
      if (res.status >= 500) return down(`gateway answered ${res.status}`);
      if (res.status === 401 || res.status === 403) return down('gateway refused the API key');
      return { status: res.status, body: parsed, retryAfterHeader: res.headers.get('retry-after') };
    } catch (error) {
      const name = (error as Error).name;
      return down(name === 'TimeoutError' || name === 'AbortError' ? 'gateway timeout' : 'gateway unreachable');
    }
  }

  const info = (body: unknown): SessionInfo | GatewayDown => {
    const b = body as { status?: unknown; me?: { id?: unknown } | null } | undefined;
    if (typeof b?.status !== 'string' || !STATUSES.has(b.status)) return down('gateway answered an unknown session status');
    const id = typeof b.me?.id === 'string' ? /^(\d{6,15})@/.exec(b.me.id)?.[1] ?? null : null;
    return { status: b.status as WahaStatus, phone: id };
  };
  const unexpected = (r: ProviderReply) => down(`gateway answered ${r.status}`);

  return {
    async start(session, webhook) {
      const config = { webhooks: [{ url: webhook.url, events: ['session.status', 'message', 'message.ack'], ...(webhook.hmacKey ? { hmac: { key: webhook.hmacKey } } : {}) }] };
      const r = await call('POST', '/api/sessions', { name: session, start: true, config });
      if (isDown(r)) return r;
      if (r.status === 201 || r.status === 200) return info(r.body);
      if (r.status !== 422 && r.status !== 409) return unexpected(r);
      // It exists: start it (WAHA answers 201/200 with the session, or 422 when it already runs).
      const started = await call('POST', `/api/sessions/${path(session)}/start`);
      if (isDown(started)) return started;
      const now = await this.status(session);
      return now === null ? down('gateway lost the session') : now;
    },
    async status(session) {
      const r = await call('GET', `/api/sessions/${path(session)}`);
      if (isDown(r)) return r;
      if (r.status === 404) return null;
      return r.status === 200 ? info(r.body) : unexpected(r);
    },
    async qr(session) {
      const r = await call('GET', `/api/${path(session)}/auth/qr?format=raw`);
      if (isDown(r)) return r;
      if (r.status === 404 || r.status === 422) return null;
      const value = (r.body as { value?: unknown } | undefined)?.value;
      return r.status === 200 && typeof value === 'string' && value ? value : unexpected(r);
    },
    async requestCode(session, phoneDigits) {
      const r = await call('POST', `/api/${path(session)}/auth/request-code`, { phoneNumber: phoneDigits });
      if (isDown(r)) return r;
      if (r.status === 404 || r.status === 422) return null;
      const code = (r.body as { code?: unknown } | undefined)?.code;
      return (r.status === 200 || r.status === 201) && typeof code === 'string' && code ? code : unexpected(r);
    },
    async logout(session) {
      const r = await call('POST', `/api/sessions/${path(session)}/logout`);
      if (isDown(r)) return r;
      return r.status < 300 || r.status === 404 || r.status === 422 ? true : unexpected(r);
    },
    async remove(session) {
      const r = await call('DELETE', `/api/sessions/${path(session)}`);
      if (isDown(r)) return r;
      return r.status < 300 || r.status === 404 ? true : unexpected(r);
    },
  };
}
