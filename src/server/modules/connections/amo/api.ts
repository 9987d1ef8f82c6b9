import type { ServerConfig } from '../../../platform/config.ts';
import { jsonOf } from '../provider-call.ts';
import type { AmoPipeline } from './schema.ts';

// amoCRM's OAuth and API v4 over fetch (research-19.md §3, providers.md E.3). Never throws: a refused connection, a
// timeout, a 5xx or an unreadable answer is `down`; 429 keeps its status so the pusher backs off.

export type AmoAnswer = { status: number; body: unknown } | { down: string };
const TIMEOUT_MS = 15_000;

/** The account's subdomain from amoCRM's `referer` (its host); anything else is not a referer. */
export function subdomainOf(referer: string): string | undefined {
  const m = /^([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)\.(?:amocrm\.ru|amocrm\.com|kommo\.com)$/.exec(referer.trim().toLowerCase());
  return m?.[1];
}

/** The API origin of an account: the operator's AMO_API_ORIGIN with the subdomain; the referer itself is never used. */
export const originOf = (config: ServerConfig, subdomain: string) => config.businessSystems.amo.apiOrigin.replace('{subdomain}', subdomain);

export const redirectUriOf = (config: ServerConfig) => `${config.publicOrigin.replace(/\/+$/, '')}/accounts/amo/connect`;

export async function amoFetch(url: string, init: { method?: string; token?: string; json?: unknown } = {}): Promise<AmoAnswer> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  try {
    const res = await fetch(url, {
      method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body = await jsonOf(res);
    if (res.status >= 500) return { down: `provider error ${res.status}` };
    return { status: res.status, body };
  } catch (error) {
    return { down: (error as Error).name === 'TimeoutError' ? 'timeout' : 'network error' };
  }
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  expiresAt: number;
}

/** Exchanges a code or a refresh token. `rejected`: amoCRM answered 400/401 (expired, used, revoked). */
export async function grant(config: ServerConfig, subdomain: string, grantOf: { code: string } | { refreshToken: string }, now: number): Promise<TokenPair | { rejected: true } | { down: string }> {
  const { clientId, clientSecret } = config.businessSystems.amo;
  const json = {
    client_id: clientId,
    client_secret: clientSecret,
    redirect_uri: redirectUriOf(config),
    ...('code' in grantOf ? { grant_type: 'authorization_code', code: grantOf.code } : { grant_type: 'refresh_token', refresh_token: grantOf.refreshToken }),
  };
  const a = await amoFetch(`${originOf(config, subdomain)}/oauth2/access_token`, { json });
  if ('down' in a) return a;
  const b = a.body as { access_token?: unknown; refresh_token?: unknown; expires_in?: unknown } | undefined;
  if (a.status === 200 && typeof b?.access_token === 'string' && typeof b.refresh_token === 'string' && typeof b.expires_in === 'number') {
    return { accessToken: b.access_token, refreshToken: b.refresh_token, expiresAt: now + b.expires_in * 1000 };
  }
  if (a.status === 400 || a.status === 401 || a.status === 403) return { rejected: true };
  return { down: `unexpected answer ${a.status}` };
}

/** `GET /api/v4/leads/pipelines` → the pipelines with their statuses (embedded). */
export function pipelinesOf(body: unknown): AmoPipeline[] | undefined {
  const list = (body as { _embedded?: { pipelines?: unknown } } | undefined)?._embedded?.pipelines;
  if (!Array.isArray(list)) return undefined;
  return list.flatMap((p: { id?: unknown; name?: unknown; _embedded?: { statuses?: unknown } }) => {
    if (typeof p?.id !== 'number') return [];
    const statuses = Array.isArray(p._embedded?.statuses) ? (p._embedded!.statuses as { id?: unknown; name?: unknown }[]) : [];
    return [{ id: p.id, name: String(p.name ?? p.id), statuses: statuses.filter((s) => typeof s?.id === 'number').map((s) => ({ id: s.id as number, name: String(s.name ?? s.id) })) }];
  });
}
