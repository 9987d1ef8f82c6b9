import type { TelegramOptions } from '../../platform/config.ts';
import type { Channel, OutgoingImage, OutgoingMessage, SendResult } from './channel.ts';
import { toTelegramHtml } from './markup-telegram.ts';
import { isReply, permanent, postForm, postJson, retryable, type ProviderReply } from './provider-http.ts';

/**
 * Telegram Bot API (core.telegram.org/bots/api): sendMessage / sendPhoto at `<apiUrl>/bot<token>/<method>`.
 * Answers are `{ ok: true, result }` or `{ ok: false, error_code, description, parameters?: { retry_after } }`.
 * The API has no idempotency key; the engine's claim protocol guarantees one send per planned message.
 */
const TEXT_MAX = 4096;
const CAPTION_MAX = 1024;

export function createTelegramChannel(options: TelegramOptions): Channel {
  const base = `${(options.apiUrl ?? 'https://api.telegram.org').replace(/\/+$/, '')}/bot${options.token}`;
  const timeoutMs = options.timeoutMs ?? 15_000;

  const call = async (method: string, payload: Record<string, unknown>): Promise<SendResult> => {
    const reply = await postJson(`${base}/${method}`, payload, {}, timeoutMs);
    return isReply(reply) ? toResult(reply) : reply;
  };

  const upload = async (method: string, fields: Record<string, unknown>, name: string, file: OutgoingImage): Promise<SendResult> => {
    const reply = await postForm(`${base}/${method}`, fields, { name, ...file }, {}, timeoutMs);
    return isReply(reply) ? toResult(reply) : reply;
  };

  return {
    name: 'telegram',
    async send(message: OutgoingMessage): Promise<SendResult> {
      if (!/^-?\d{1,20}$/.test(message.to) && !/^@\w{5,32}$/.test(message.to)) return permanent('invalid recipient');
      const text = toTelegramHtml(message.text);
      if (text.length > TEXT_MAX) return permanent('text too long');
      const common = {
        chat_id: message.to,
        parse_mode: 'HTML',
        // Simple answers as a one-time reply keyboard: a tap sends the answer as the client's own message,
        // which the engine reads like a typed reply (inline buttons would need callback handling).
        ...(message.buttons?.length
          ? { reply_markup: { keyboard: message.buttons.map((b) => [{ text: b }]), one_time_keyboard: true, resize_keyboard: true } }
          : {}),
      };
      if (!message.image) return call('sendMessage', { ...common, text });
      // The bytes as a multipart upload (Bot API "input file"): Telegram fetches nothing.
      const photo = (extra: Record<string, unknown>) => upload('sendPhoto', { ...extra, chat_id: message.to }, 'photo', message.image!);
      if (text.length <= CAPTION_MAX) return photo({ ...common, caption: text });
      const sent = await photo({});
      return sent.ok ? call('sendMessage', { ...common, text }) : sent;
    },
  };
}


interface TelegramAnswer {
  ok?: boolean;
  result?: { message_id?: number; chat?: { id?: number } };
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number; migrate_to_chat_id?: number };
}

function toResult({ status, body }: ProviderReply): SendResult {
  const answer = (body ?? {}) as TelegramAnswer;
  if (status === 200 && answer.ok && answer.result?.message_id !== undefined) {
    return { ok: true, providerMessageId: `${answer.result.chat?.id ?? ''}:${answer.result.message_id}` };
  }
  const code = answer.error_code ?? status;
  const description = (answer.description ?? '').replace(/^(Bad Request|Forbidden|Unauthorized|Too Many Requests): /, '');
  if (code === 429) {
    const seconds = answer.parameters?.retry_after;
    return retryable('rate limited', seconds !== undefined ? seconds * 1000 : undefined);
  }
  if (code >= 500 || status >= 500) return retryable(`provider error ${code}`);
  if (code === 401 || code === 404) return permanent('bot token rejected');
  if (code === 403) return permanent(description || 'bot was blocked by the user');
  if (answer.parameters?.migrate_to_chat_id !== undefined) return permanent('group moved to a supergroup');
  return permanent((description || `rejected (${code})`).slice(0, 200));
}
