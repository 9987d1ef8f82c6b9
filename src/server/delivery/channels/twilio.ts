import type { Channel, OutgoingMessage, SendResult } from './channel.ts';
import { isReply, parseRetryAfter, permanent, postUrlEncoded, retryable, unknownOutcome, type ProviderReply } from './provider-http.ts';
import { SMS_MAX_SEGMENTS, smsSegments, toSmsText, type SmsChannel } from './sigma.ts';
import { toWhatsAppText } from './markup-whatsapp.ts';

/**
 * Twilio Programmable Messaging through an owner's account (providers.md E.1): POST
 * /2010-04-01/Accounts/{Sid}/Messages.json, Basic auth Sid:AuthToken, form fields To, From, Body (≤ 1600),
 * StatusCallback. `from` is `+E.164` (SMS) or `whatsapp:+E.164`; the recipient gets the same prefix. Twilio fetches
 * media by URL (MediaUrl), which the cabinet never hands out (docs/channels.md "Images"): images are not sent here.
 */
export interface TwilioOptions {
  apiUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
  /** Our signed status callback for this connection (POST /Webhooks/twilio/{connectionId}). */
  statusCallback?: string;
  timeoutMs?: number;
}

const BODY_MAX = 1600;

/** Twilio 21610: the recipient replied STOP to this sender and Twilio blocks it; the engine unsubscribes the client. */
export const TWILIO_UNSUBSCRIBED = 'recipient unsubscribed (STOP)';

/** Twilio error codes that will not get better by retrying (twilio.com/docs/api/errors). */
const PERMANENT: Record<number, string> = {
  21211: 'invalid recipient',
  21408: 'region not enabled for this account',
  21610: TWILIO_UNSUBSCRIBED,
  21612: 'recipient not reachable from this sender',
  21614: 'recipient is not a mobile number',
  63016: 'outside the WhatsApp 24-hour window: a template is needed',
};

export function createTwilioChannel(options: TwilioOptions): SmsChannel {
  const url = `${options.apiUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${options.accountSid}/Messages.json`;
  const auth = { authorization: `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}` };
  const whatsapp = options.from.startsWith('whatsapp:');

  return {
    name: 'twilio',
    async send(message: OutgoingMessage): Promise<SendResult> {
      if (!/^\d{6,15}$/.test(message.to)) return permanent('invalid recipient');
      const body = whatsapp ? toWhatsAppText(message.text, message.buttons) : toSmsText(message.text, message.buttons);
      if (body.length > BODY_MAX || (!whatsapp && smsSegments(body).segments > SMS_MAX_SEGMENTS)) return permanent('text too long');
      const fields: Record<string, string> = { To: `${whatsapp ? 'whatsapp:' : ''}+${message.to}`, From: options.from, Body: body };
      if (options.statusCallback) fields.StatusCallback = options.statusCallback;
      const reply = await postUrlEncoded(url, fields, auth, options.timeoutMs ?? 15_000);
      return isReply(reply) ? toResult(reply) : reply;
    },
  };
}

/** Twilio answers 201 with the Message resource, errors as `{ code, message, more_info, status }`. */
function toResult({ status, body, retryAfterHeader }: ProviderReply): SendResult {
  const b = (body ?? {}) as { sid?: unknown; code?: unknown; message?: unknown };
  if (status === 201 || status === 200) return typeof b.sid === 'string' ? { ok: true, providerMessageId: b.sid } : unknownOutcome('unreadable provider answer');
  if (status === 429) return retryable('rate limited', parseRetryAfter(retryAfterHeader));
  if (status >= 500) return retryable(`provider error ${status}`, parseRetryAfter(retryAfterHeader));
  if (status === 401 || status === 403) return permanent('Twilio refused the account credentials');
  const code = typeof b.code === 'number' ? b.code : undefined;
  if (code !== undefined && PERMANENT[code]) return permanent(PERMANENT[code]);
  return permanent(typeof b.message === 'string' ? `rejected: ${b.message}`.slice(0, 200) : `rejected (${status})`);
}
