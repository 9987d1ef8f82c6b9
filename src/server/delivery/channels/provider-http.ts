import type { SendResult } from './channel.ts';

/** What one provider call came back with: status, parsed JSON body (or undefined), and the Retry-After header. */
export interface ProviderReply {
  status: number;
  body: unknown;
  retryAfterHeader: string | null;
}

/** A failure the engine may retry later (timeouts, network errors, 429, 5xx). */
export const retryable = (reason: string, retryAfterMs?: number): SendResult => ({
  ok: false,
  retryable: true,
  reason,
  ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
});

/** The request may have reached the provider (it may deliver it): the engine must not resend (docs/channels.md). */
export const unknownOutcome = (reason: string): SendResult => ({ ok: false, retryable: true, reason, ambiguous: true });

/** A failure that will not get better by retrying (bad recipient, blocked bot, wrong credentials). */
export const permanent = (reason: string): SendResult => ({ ok: false, retryable: false, reason });

/** Retry-After as seconds or an HTTP date (RFC 9110 §10.2.3), in ms from `now`; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * POSTs JSON with a deadline. Network errors and timeouts come back as a retryable SendResult, never thrown,
 * because the Channel contract promises `send` never throws for provider trouble.
 */
export function postJson(url: string, payload: unknown, headers: Record<string, string>, timeoutMs: number): Promise<ProviderReply | SendResult> {
  return post(url, JSON.stringify(payload), { 'content-type': 'application/json', ...headers }, timeoutMs);
}

/** POSTs application/x-www-form-urlencoded fields (Twilio's REST API), with the same deadline and outcomes. */
export function postUrlEncoded(url: string, fields: Record<string, string>, headers: Record<string, string>, timeoutMs: number): Promise<ProviderReply | SendResult> {
  return post(url, new URLSearchParams(fields).toString(), { 'content-type': 'application/x-www-form-urlencoded', ...headers }, timeoutMs);
}

/** POSTs multipart/form-data: plain fields (objects as JSON, as the Bot API reads them) and one file of bytes. */
export function postForm(
  url: string,
  fields: Record<string, unknown>,
  file: { name: string; data: Uint8Array; mimetype: string; filename: string },
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<ProviderReply | SendResult> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  form.append(file.name, new Blob([Buffer.from(file.data)], { type: file.mimetype }), file.filename);
  return post(url, form, headers, timeoutMs);
}

async function post(url: string, payload: string | FormData, headers: Record<string, string>, timeoutMs: number): Promise<ProviderReply | SendResult> {
  try {
    const res = await fetch(url, { method: 'POST', headers: { accept: 'application/json', ...headers }, body: payload, signal: AbortSignal.timeout(timeoutMs) });
    const text = await res.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined; // proxies answer 502/504 with HTML; the status alone decides
    }
    return { status: res.status, body, retryAfterHeader: res.headers.get('retry-after') };
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') return unknownOutcome('timeout');
    // Refused or unresolvable: nothing reached the provider, a retry is safe. Anything else (reset, socket
    // closed) may have happened after the request was written.
    // fetch's own checks (bad URL, blocked port) fail before any socket and carry no code.
    const code = (error as { cause?: { code?: unknown } }).cause?.code;
    return typeof code !== 'string' || NOT_SENT.has(code) ? retryable('network error') : unknownOutcome('network error');
  }
}

/** Connection errors raised before any byte of the request left (undici passes the socket's code as `cause.code`). */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

export const isReply = (value: ProviderReply | SendResult): value is ProviderReply => 'status' in value;
