import type { Channel, OutgoingMessage, SendResult } from './channel.ts';
import { isReply, parseRetryAfter, permanent, postJson, retryable, type ProviderReply } from './provider-http.ts';

/**
 * Sigma SMS (sigmasms.ru) through an owner's account. Its HTTP API page was not in the reference corpus; the shapes
 * are those of its public client libraries (docs/connections.md "Sigma SMS"): POST /api/login `{ username, password }`
 * → `{ token }`; POST /api/sendings with `Authorization: <token>` and `{ recipient: "+7…", type: "sms", payload:
 * { sender, text } }` → `{ id, state | status, error }`. The token is kept and fetched again when Sigma answers 401.
 */
export interface SigmaOptions {
  apiUrl: string;
  login: string;
  password: string;
  sender: string;
  timeoutMs?: number;
}

/** An SMS provider's channel (Twilio also sends WhatsApp). */
export type SmsChannel = Channel & { readonly name: 'sigma' | 'twilio' };

/** SMS text limits (3GPP TS 23.038): GSM-7 160 per single message / 153 per part, UCS-2 70 / 67. */
const GSM7 = /^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&'()*+,\-./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà^{}\\[~\]|€]*$/;
const GSM7_EXTENDED = /[\^{}\\[~\]|€]/g;

/** How many SMS a text costs (each extended GSM character counts twice; UCS-2 counts UTF-16 units). */
export function smsSegments(text: string): { encoding: 'GSM-7' | 'UCS-2'; segments: number } {
  if (!text) return { encoding: 'GSM-7', segments: 0 };
  if (GSM7.test(text)) {
    const units = text.length + (text.match(GSM7_EXTENDED)?.length ?? 0);
    return { encoding: 'GSM-7', segments: units <= 160 ? 1 : Math.ceil(units / 153) };
  }
  return { encoding: 'UCS-2', segments: text.length <= 70 ? 1 : Math.ceil(text.length / 67) };
}

/** Our cap on one message: 10 parts (operators concatenate more, but a reminder that long is a mistake). */
export const SMS_MAX_SEGMENTS = 10;

/** The product's *bold* / _italic_ markers mean nothing in an SMS: they are dropped; buttons become a numbered list. */
export function toSmsText(text: string, buttons?: readonly string[]): string {
  const plain = text.replace(/\*([^*\n]+)\*/g, '$1').replace(/(^|\W)_([^_\n]+)_(?=\W|$)/g, '$1$2');
  return buttons?.length ? `${plain}\n${buttons.map((b, i) => `${i + 1}. ${b}`).join('\n')}` : plain;
}

export function createSigmaChannel(options: SigmaOptions): SmsChannel {
  const base = options.apiUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;
  let token: string | undefined;

  const login = async (): Promise<string | SendResult> => {
    const reply = await postJson(`${base}/api/login`, { username: options.login, password: options.password }, {}, timeoutMs);
    // Signing in sends nothing: a failure there is always safe to retry.
    if (!isReply(reply)) return retryable('network error');
    const t = (reply.body as { token?: unknown } | undefined)?.token;
    if (reply.status === 200 && typeof t === 'string' && t) return t;
    return reply.status >= 500 || reply.status === 429 ? retryable(`provider error ${reply.status}`) : permanent('Sigma refused the login or password');
  };

  const sendOnce = async (payload: Record<string, unknown>): Promise<ProviderReply | SendResult> => {
    if (!token) {
      const t = await login();
      if (typeof t !== 'string') return t;
      token = t;
    }
    return postJson(`${base}/api/sendings`, payload, { authorization: token }, timeoutMs);
  };

  return {
    name: 'sigma',
    async send(message: OutgoingMessage): Promise<SendResult> {
      if (!/^\d{6,15}$/.test(message.to)) return permanent('invalid recipient');
      const text = toSmsText(message.text, message.buttons);
      if (smsSegments(text).segments > SMS_MAX_SEGMENTS) return permanent('text too long for SMS');
      // Images are not sent by SMS (no MMS here): the text goes alone.
      const payload = { recipient: `+${message.to}`, type: 'sms', payload: { sender: options.sender, text } };
      let reply = await sendOnce(payload);
      if (isReply(reply) && reply.status === 401) {
        token = undefined; // expired: sign in again, once
        reply = await sendOnce(payload);
      }
      return isReply(reply) ? toResult(reply) : reply;
    },
  };
}

function toResult({ status, body, retryAfterHeader }: ProviderReply): SendResult {
  const b = (body ?? {}) as { id?: unknown; error?: unknown; status?: unknown; state?: unknown };
  const state = typeof b.state === 'object' && b.state ? (b.state as { status?: unknown }).status : (b.state ?? b.status);
  if (status >= 200 && status < 300 && typeof b.id === 'string' && !b.error && state !== 'failed') return { ok: true, providerMessageId: b.id };
  if (status === 429) return retryable('rate limited', parseRetryAfter(retryAfterHeader));
  if (status >= 500) return retryable(`provider error ${status}`, parseRetryAfter(retryAfterHeader));
  if (status === 401 || status === 403) return permanent('Sigma refused the login or password');
  if (status === 402) return permanent('Sigma balance too low');
  const detail = typeof b.error === 'string' ? b.error : typeof b.error === 'object' && b.error ? (b.error as { message?: unknown }).message : undefined;
  return permanent(typeof detail === 'string' && detail ? `rejected: ${detail}`.slice(0, 200) : `rejected (${status})`);
}
