import { HttpError } from '../../platform/http/problem.ts';

/** A provider's answer (status and parsed JSON), or `down`: refused, timed out, or a 5xx / unreadable answer. */
export type ProviderAnswer = { status: number; body: unknown } | { down: string };

const TIMEOUT_MS = 15_000;

/**
 * One request to a provider's API during a connection's check on save or removal. Never throws: the caller maps the
 * answer to the owner's field error, or `down` to 502 `providerUnavailable`. Credentials travel only in headers or
 * bodies, and nothing here logs them.
 */
export async function providerCall(url: string, init: { method?: string; headers?: Record<string, string>; json?: unknown; form?: Record<string, string> } = {}): Promise<ProviderAnswer> {
  const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
  let body: string | undefined;
  if (init.json !== undefined) [headers['content-type'], body] = ['application/json', JSON.stringify(init.json)];
  if (init.form !== undefined) [headers['content-type'], body] = ['application/x-www-form-urlencoded', new URLSearchParams(init.form).toString()];
  try {
    const res = await fetch(url, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body, signal: AbortSignal.timeout(TIMEOUT_MS) });
    const parsed = await jsonOf(res);
    if (res.status >= 500 || res.status === 429) return { down: `provider error ${res.status}` };
    return { status: res.status, body: parsed };
  } catch (error) {
    return { down: (error as Error).name === 'TimeoutError' ? 'timeout' : 'network error' };
  }
}

/** The answer's JSON, or undefined for an empty or unreadable one (proxies answer 502/504 with HTML). */
export async function jsonOf(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

export const isDownAnswer = (a: ProviderAnswer): a is { down: string } => 'down' in a;

export const providerDown = (why: { down: string }) => new HttpError(502, 'providerUnavailable', { params: { reason: why.down } });
