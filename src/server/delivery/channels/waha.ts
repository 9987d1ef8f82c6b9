import type { WahaOptions } from '../../platform/config.ts';
import type { Channel, OutgoingMessage, SendResult } from './channel.ts';
import { toWhatsAppText } from './markup-whatsapp.ts';
import { isReply, parseRetryAfter, permanent, postJson, retryable, type ProviderReply } from './provider-http.ts';

/**
 * WhatsApp through a self-hosted WAHA gateway (waha.devlike.pro, HTTP API): POST /api/sendText and /api/sendImage
 * with `{ session, chatId: "<digits>@c.us", … }` and the `X-Api-Key` header. WAHA has no idempotency key; the
 * engine's claim protocol guarantees one send per planned message (docs/channels.md).
 */
/** Image captions above this are cut by WhatsApp; longer texts go as a separate text message. */
const CAPTION_MAX = 1024;

export function createWahaChannel(options: WahaOptions): Channel {
  const base = options.baseUrl.replace(/\/+$/, '');
  const headers: Record<string, string> = options.apiKey ? { 'x-api-key': options.apiKey } : {};
  const timeoutMs = options.timeoutMs ?? 15_000;

  const call = async (endpoint: string, payload: Record<string, unknown>): Promise<SendResult> => {
    const reply = await postJson(`${base}/api/${endpoint}`, { session: options.session, ...payload }, headers, timeoutMs);
    return isReply(reply) ? toResult(reply) : reply;
  };

  return {
    name: 'waha',
    async send(message: OutgoingMessage): Promise<SendResult> {
      if (!/^\d{6,15}$/.test(message.to)) return permanent('invalid recipient');
      const chatId = `${message.to}@c.us`;
      const text = toWhatsAppText(message.text, message.buttons);
      if (!message.image) return call('sendText', { chatId, text });
      const caption = text.length <= CAPTION_MAX;
      // The bytes themselves (base64 `file.data`): the gateway fetches nothing.
      const { data, mimetype, filename } = message.image;
      const image = await call('sendImage', {
        chatId,
        file: { mimetype, filename, data: Buffer.from(data).toString('base64') },
        ...(caption ? { caption: text } : {}),
      });
      return !image.ok || caption ? image : call('sendText', { chatId, text });
    },
  };
}

/** WAHA answers 200/201 with the sent message; its id is a string (WEBJS/GOWS) or `{ _serialized }` / `key.id` (NOWEB). */
function messageIdOf(body: unknown): string | undefined {
  const b = body as { id?: unknown; key?: { id?: unknown } } | undefined;
  if (typeof b?.id === 'string') return b.id;
  const serialized = (b?.id as { _serialized?: unknown } | undefined)?._serialized;
  if (typeof serialized === 'string') return serialized;
  return typeof b?.key?.id === 'string' ? b.key.id : undefined;
}

/** How WAHA's engines word a number without WhatsApp ("not registered", "no LID for user", "not on WhatsApp"). */
const NOT_REGISTERED = /not (registered|on whatsapp)|no lid for user|number does not exist/i;
export const NOT_ON_WHATSAPP = 'not on WhatsApp';
/** Provider words that mean WhatsApp restricted or banned the sending number. */
const BANNED = /\b(banned|ban|spam|restricted|temporarily blocked|account (is )?(blocked|locked|suspended))\b/i;
export const NUMBER_BLOCKED = 'number blocked';

/** WAHA errors are NestJS shapes: `{ statusCode, message, error }`; a session not WORKING is 422 `{ error, status }`. */
function toResult({ status, body, retryAfterHeader }: ProviderReply): SendResult {
  if (status >= 200 && status < 300) {
    const id = messageIdOf(body);
    return id ? { ok: true, providerMessageId: id } : retryable('unreadable provider answer');
  }
  const b = (body ?? {}) as { message?: unknown; error?: unknown; status?: unknown };
  const detail = [b.error, b.message].flat().find((x): x is string => typeof x === 'string');
  // The gateway's words for a recipient WhatsApp does not know: the engine tries the owner's next channel kind.
  const words = [b.error, b.message].flat().filter((x): x is string => typeof x === 'string');
  if (status >= 400 && words.some((x) => NOT_REGISTERED.test(x))) return permanent(NOT_ON_WHATSAPP);
  // WhatsApp restricted or banned the number: the engine pauses it (docs/connections.md "Sending and pacing").
  const ban = status >= 400 ? words.find((x) => BANNED.test(x)) : undefined;
  if (ban) return permanent(`${NUMBER_BLOCKED}: ${ban}`.slice(0, 200));
  if (status === 429) return retryable('rate limited', parseRetryAfter(retryAfterHeader));
  if (status === 422) {
    // STARTING recovers by itself; SCAN_QR_CODE, FAILED and STOPPED need the owner to relink the number.
    return b.status === 'STARTING' ? retryable('session starting', 30_000) : permanent(`session not working${typeof b.status === 'string' ? ` (${b.status})` : ''}`);
  }
  if (status >= 500 || status === 408) return retryable(`provider error ${status}`, parseRetryAfter(retryAfterHeader));
  if (status === 401 || status === 403) return permanent('gateway rejected the API key');
  if (status === 404) return permanent('session not found');
  return permanent(detail ? `rejected: ${detail}`.slice(0, 200) : `rejected (${status})`);
}
