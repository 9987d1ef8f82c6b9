import type { ServerConfig } from '../../platform/config.ts';
import { isDownAnswer, providerCall } from './provider-call.ts';

// Twilio's REST API as the connection's check on save uses it: GET /2010-04-01/Accounts/{Sid}.json with Basic auth
// (AccountSid:AuthToken). 401 = wrong SID or token (Twilio answers 401 for both); the body's `status` is active,
// suspended or closed.

export const ACCOUNT_SID = /^AC[0-9a-fA-F]{32}$/;
/** The sender: E.164, or `whatsapp:` + E.164 (Twilio's address for its WhatsApp senders). */
export const TWILIO_FROM = /^(whatsapp:)?\+[1-9]\d{6,14}$/;

export const basicAuth = (sid: string, token: string) => `Basic ${Buffer.from(`${sid}:${token}`).toString('base64')}`;

export async function checkTwilioAccount(config: Pick<ServerConfig, 'providers'>, sid: string, token: string): Promise<'active' | 'rejected' | 'inactive' | { down: string }> {
  const a = await providerCall(`${config.providers.twilioApiUrl}/2010-04-01/Accounts/${sid}.json`, { headers: { authorization: basicAuth(sid, token) } });
  if (isDownAnswer(a)) return a;
  if (a.status === 401 || a.status === 403 || a.status === 404) return 'rejected';
  if (a.status !== 200) return { down: `unexpected answer ${a.status}` };
  const status = (a.body as { status?: unknown } | undefined)?.status;
  return status === 'active' ? 'active' : 'inactive';
}
