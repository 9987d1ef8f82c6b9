import type { Channel, OutgoingMessage, SendResult } from './channel.ts';
import { toWhatsAppText } from './markup-whatsapp.ts';
import type { Limit } from './pacing.ts';
import { isReply, parseRetryAfter, permanent, postJson, retryable, type ProviderReply } from './provider-http.ts';

/**
 * WhatsApp Business API through 360dialog (providers.md D.2): POST {apiUrl}/messages with `D360-API-KEY`. A
 * template message may go out at any time; free text only within 24 hours of the client's last message (Meta's
 * 131047 otherwise). The engine routes a flow's messages here when its connection is a WhatsApp Business account;
 * each message carries the flow's template rendered for it (docs/connections.md "WhatsApp Business (360dialog)").
 */
export interface WabaOptions {
  apiUrl: string;
  apiKey: string;
  timeoutMs?: number;
}

export interface WabaTemplateMessage {
  idempotencyKey: string;
  /** Digits of the E.164 number. */
  to: string;
  name: string;
  language: string;
  /** The body's {{1}}, {{2}}… in order. */
  variables: string[];
}

export type WabaChannel = Omit<Channel, 'name'> & {
  readonly name: 'waba';
  sendTemplate(message: WabaTemplateMessage): Promise<SendResult>;
};

/** Meta's codes that say what the owner must change (providers.md D.2; Cloud API error codes). */
export const WABA_KEY_REJECTED = '360dialog refused the API key';
export const OUTSIDE_WINDOW = 'outside the 24-hour window: send a template';

const PERMANENT: Record<number, string> = {
  132001: 'template missing (not approved in this language)',
  132000: 'template variables do not match',
  132015: 'template paused',
  132016: 'template disabled',
  131047: OUTSIDE_WINDOW,
  131026: 'the number is not on WhatsApp',
  131051: 'message type not supported',
};
/**
 * Meta's Cloud API limits (providers.md D.2): 80 messages a second per number by default, of which we take a
 * quarter (the owner's other tools share the number), and its pair rate of one message to the same client every
 * 6 seconds (131056 beyond). No warm-up: Meta's own messaging tiers limit a new number.
 */
export const WABA_LIMITS: readonly Limit[] = [
  { scope: 'account', perSecond: 20, burst: 5 },
  { scope: 'recipient', perSecond: 1 / 6, burst: 1 },
];

/** Meta's throttling codes: try again later. */
const THROTTLED = new Set([4, 80007, 130429, 131048, 131056]);

export function createWabaChannel(options: WabaOptions): WabaChannel {
  const url = `${options.apiUrl.replace(/\/+$/, '')}/messages`;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const post = async (to: string, payload: Record<string, unknown>): Promise<SendResult> => {
    if (!/^\d{6,15}$/.test(to)) return permanent('invalid recipient');
    const reply = await postJson(url, { messaging_product: 'whatsapp', recipient_type: 'individual', to, ...payload }, { 'D360-API-KEY': options.apiKey }, timeoutMs);
    return isReply(reply) ? toResult(reply) : reply;
  };

  const sendTemplate = (m: WabaTemplateMessage): Promise<SendResult> => {
    const parameters = m.variables.map((text) => ({ type: 'text', text }));
    const components = parameters.length ? [{ type: 'body', parameters }] : [];
    return post(m.to, { type: 'template', template: { name: m.name, language: { code: m.language }, components } });
  };
  // Images need a media upload first (no address is ever handed to a provider): the text goes alone.
  const sendText = (message: OutgoingMessage) => post(message.to, { type: 'text', text: { preview_url: false, body: toWhatsAppText(message.text, message.buttons) } });

  return {
    name: 'waba',
    /**
     * The flow's template outside the 24-hour window; its own text inside it, and the template once more when Meta
     * says the window closed meanwhile (131047: the client's last message was older than we knew).
     */
    async send(message: OutgoingMessage): Promise<SendResult> {
      const t = message.template;
      const template = t && { idempotencyKey: message.idempotencyKey, to: message.to, name: t.name, language: t.language, variables: t.variables };
      if (!t || !template) return sendText(message);
      if (!t.freeTextFirst) return sendTemplate(template);
      const free = await sendText(message);
      if (free.ok || free.reason !== OUTSIDE_WINDOW) return free;
      const again = await sendTemplate(template);
      return again.ok ? { ...again, text: t.logText } : again;
    },
    sendTemplate,
  };
}

export function toResult({ status, body, retryAfterHeader }: ProviderReply): SendResult {
  const b = (body ?? {}) as { messages?: { id?: unknown }[]; error?: { code?: unknown; message?: unknown } };
  const id = b.messages?.[0]?.id;
  if (status >= 200 && status < 300 && typeof id === 'string' && id) return { ok: true, providerMessageId: id };
  if (status === 401 || status === 403) return permanent(WABA_KEY_REJECTED);
  const code = typeof b.error?.code === 'number' ? b.error.code : undefined;
  if (status === 429 || (code !== undefined && THROTTLED.has(code))) return retryable('rate limited', parseRetryAfter(retryAfterHeader));
  if (status >= 500) return retryable(`provider error ${status}`, parseRetryAfter(retryAfterHeader));
  if (code !== undefined && PERMANENT[code]) return permanent(PERMANENT[code]);
  const detail = typeof b.error?.message === 'string' ? b.error.message : '';
  return permanent(detail ? `rejected: ${detail}`.slice(0, 200) : `rejected (${status})`);
}
