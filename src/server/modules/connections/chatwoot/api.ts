import { fetchUserUrl, OutboundFetchError } from '../../../platform/http/outbound-fetch.ts';

// Chatwoot's Application API (research-19.md §4, providers.md E.2): `api_access_token` header, base
// `{origin}/api/v1/accounts/{account_id}`. The origin is typed by the owner, so every call goes through the outbound
// rules (docs/security.md): a private or loopback address is refused unless OUTBOUND_FETCH_ALLOW allows it.

export interface ChatwootTarget {
  baseUrl: string;
  accountId: number;
  apiAccessToken: string;
}

/** An answer (status, JSON), `blocked` (the address is not one we may call), or `down` (no usable answer). */
export type ChatwootAnswer = { status: number; body: unknown } | { blocked: string } | { down: string };

const BLOCKED = new Set(['badUrl', 'blockedAddress', 'unresolvable', 'tooManyRedirects']);

export async function chatwootCall(
  t: ChatwootTarget,
  allow: readonly string[],
  path: string,
  init: { method?: 'GET' | 'POST' | 'DELETE'; json?: unknown } = {},
): Promise<ChatwootAnswer> {
  const url = `${t.baseUrl}/api/v1/accounts/${t.accountId}${path}`;
  const headers: Record<string, string> = { accept: 'application/json', api_access_token: t.apiAccessToken };
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  try {
    const res = await fetchUserUrl(url, {
      allow,
      method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
      headers,
      ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
      timeoutMs: 15_000,
    });
    if (res.status >= 500 || res.status === 429) return { down: `Chatwoot error ${res.status}` };
    let body: unknown;
    try {
      body = res.body.length ? JSON.parse(res.body.toString('utf8')) : undefined;
    } catch {
      body = undefined;
    }
    return { status: res.status, body };
  } catch (error) {
    if (error instanceof OutboundFetchError && BLOCKED.has(error.reason)) return { blocked: error.reason };
    return { down: error instanceof OutboundFetchError ? error.reason : 'network error' };
  }
}

export const isAnswer = (a: ChatwootAnswer): a is { status: number; body: unknown } => 'status' in a;

/** The owner's typed address, reduced to its origin (a path pasted from the browser's bar is dropped). */
export function chatwootOrigin(text: string): string | undefined {
  try {
    const url = new URL(text.trim());
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
export const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? v : undefined);
export const field = (v: unknown, ...path: string[]): unknown => path.reduce<unknown>((at, k) => obj(at)[k], v);
