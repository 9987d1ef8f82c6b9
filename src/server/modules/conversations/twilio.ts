import type { Db } from '../../platform/db/open.ts';
import { mediaPlaceholder, onConnection, receiveMessage, type Received } from './incoming.ts';

/** Twilio's message SIDs (SM… for SMS and WhatsApp, MM… for MMS). */
const SID = /^(SM|MM)[0-9a-f]{32}$/;

/**
 * An incoming message to an owner's Twilio sender, from the signed webhook (docs/conversations.md "Twilio"):
 * `From` is `+<digits>` or `whatsapp:+<digits>`; stored in the connection's inbox `c<id>` (its session-less id),
 * a STOP word unsubscribes the writer from the `twilio` channel. Undefined for a form that is no message.
 */
export async function receiveTwilioMessage(db: Db, connection: { id: number; userId: number }, params: Record<string, string>, at: number): Promise<Received | undefined> {
  const sid = params.MessageSid ?? params.SmsSid ?? '';
  const phone = /^(?:whatsapp:)?\+([1-9]\d{5,14})$/.exec(params.From ?? '')?.[1];
  if (!SID.test(sid) || !phone) return undefined;
  const media = Number(params.NumMedia ?? 0) > 0 ? mediaPlaceholder(params.MediaContentType0) : '';
  const text = params.Body || media;
  if (!text) return undefined;
  return receiveMessage(db, {
    ...onConnection(connection, 'twilio', phone),
    name: (params.ProfileName ?? '').slice(0, 100),
    providerMessageId: sid,
    text,
    // WhatsApp through Twilio names the message a reply quotes.
    quoted: params.OriginalRepliedMessageSid && SID.test(params.OriginalRepliedMessageSid) ? [params.OriginalRepliedMessageSid] : [],
    at,
  });
}

/**
 * Twilio reads the incoming-message webhook's answer as TwiML (text/xml): an empty <Response> sends no reply. JSON
 * there is error 12300/11200 in the owner's Twilio console (docs/conversations.md "Twilio").
 */
export const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';
export const TWIML_TYPE = 'text/xml; charset=utf-8';

/** An incoming message's form (Body/NumMedia, status `received`), as opposed to a status callback of our send. */
export const isTwilioIncoming = (params: Record<string, string>) =>
  ('Body' in params || 'NumMedia' in params) && (params.MessageStatus ?? params.SmsStatus ?? 'received') === 'received';
