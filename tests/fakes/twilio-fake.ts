import { createHmac, randomBytes } from 'node:crypto';
import { SlidingWindow, sendJson, startFake, type FakeServer } from './http-fake.ts';

/**
 * Twilio REST double (providers.md E.1; twilio.com/docs/messaging/api/message-resource, /docs/api/errors):
 * Basic auth AccountSid:AuthToken on every call (401, code 20003, for a wrong pair), GET /2010-04-01/Accounts/{Sid}.json
 * (status active/suspended/closed), POST …/Messages.json form-encoded only: To E.164 or whatsapp:+E.164 (21211),
 * From one of the account's senders (21606) with the same channel, Body 1–1600 (21617 / 21602), a recipient who sent
 * STOP (21610), and 1 message per second per sender (429, code 20429). `callback` posts a status callback signed with
 * X-Twilio-Signature as Twilio does.
 */
export interface TwilioSent {
  sid: string;
  to: string;
  from: string;
  body: string;
  statusCallback?: string;
  at: number;
}

export interface TwilioFake extends FakeServer {
  /** SID → auth token, status and the senders it owns. */
  accounts: Map<string, { token: string; status: 'active' | 'suspended' | 'closed'; senders: string[] }>;
  sent: TwilioSent[];
  /** Recipients (as To) who replied STOP. */
  unsubscribed: Set<string>;
  rateLimited: number;
  /** Posts a status callback for a sent message, signed with the account's token (or `token` to forge one). */
  callback(sent: TwilioSent, status: string, extra?: Record<string, string>, token?: string): Promise<{ status: number; body: unknown }>;
  /** The origin that reaches the server when the callback's public one does not resolve here (the signature still covers the public URL). */
  via?: string;
}

export const newSid = (prefix: string) => prefix + randomBytes(16).toString('hex');

export function signTwilio(token: string, url: string, params: Record<string, string>): string {
  const data = url + Object.keys(params).sort().map((k) => k + params[k]).join('');
  return createHmac('sha1', token).update(data).digest('base64');
}

export async function startTwilioFake(options: { perSenderPerSecond?: number } = {}): Promise<TwilioFake> {
  const perSender = new SlidingWindow(options.perSenderPerSecond ?? 1, 1000);
  const error = (status: number, code: number, message: string) => ({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
  const fake = {} as TwilioFake;

  const server = await startFake((req, raw, res) => {
    const path = /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})(\.json|\/Messages\.json)$/.exec(req.url ?? '');
    if (!path) return sendJson(res, 404, error(404, 20404, 'The requested resource was not found'));
    const [, sid, what] = path;
    const account = fake.accounts.get(sid!);
    const auth = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const [user, pass] = auth ? Buffer.from(auth, 'base64').toString().split(':') : [];
    if (!account || user !== sid || pass !== account.token) return sendJson(res, 401, error(401, 20003, 'Authenticate'));
    if (what === '.json') {
      if (req.method !== 'GET') return sendJson(res, 405, error(405, 20004, 'Method not allowed'));
      return sendJson(res, 200, { sid, friendly_name: 'Test account', status: account.status, type: 'Full' });
    }
    if (req.method !== 'POST') return sendJson(res, 405, error(405, 20004, 'Method not allowed'));
    if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) return sendJson(res, 400, error(400, 20001, 'Content-Type must be form-encoded'));
    if (account.status !== 'active') return sendJson(res, 401, error(401, 20005, 'Account not active'));
    const form = Object.fromEntries(new URLSearchParams(raw));
    const to = form.To ?? '';
    const from = form.From ?? '';
    const body = form.Body ?? '';
    if (!/^(whatsapp:)?\+[1-9]\d{6,14}$/.test(to)) return sendJson(res, 400, error(400, 21211, `The 'To' number ${to} is not a valid phone number.`));
    if (!account.senders.includes(from) || from.startsWith('whatsapp:') !== to.startsWith('whatsapp:')) return sendJson(res, 400, error(400, 21606, 'The From phone number is not a valid, message-capable Twilio phone number for this account.'));
    if (!body) return sendJson(res, 400, error(400, 21602, 'Message body is required.'));
    if (body.length > 1600) return sendJson(res, 400, error(400, 21617, 'The concatenated message body exceeds the 1600 character limit.'));
    if (fake.unsubscribed.has(to)) return sendJson(res, 400, error(400, 21610, 'Attempt to send to unsubscribed recipient'));
    const now = Date.now();
    const wait = perSender.wait(from, now);
    if (wait > 0) {
      fake.rateLimited++;
      return sendJson(res, 429, error(429, 20429, 'Too Many Requests'), { 'retry-after': String(Math.max(1, Math.ceil(wait / 1000))) });
    }
    perSender.record(from, now);
    const sent: TwilioSent = { sid: newSid('SM'), to, from, body, statusCallback: form.StatusCallback, at: now };
    fake.sent.push(sent);
    sendJson(res, 201, { sid: sent.sid, account_sid: sid, to, from, body, status: 'queued', num_segments: '1', direction: 'outbound-api', error_code: null });
  });

  return Object.assign(fake, server, {
    accounts: new Map(),
    sent: [],
    unsubscribed: new Set<string>(),
    rateLimited: 0,
    async callback(sent: TwilioSent, status: string, extra: Record<string, string> = {}, token?: string) {
      const sid = [...fake.accounts.entries()].find(([, a]) => a.senders.includes(sent.from))?.[0] ?? '';
      const params = { AccountSid: sid, MessageSid: sent.sid, SmsSid: sent.sid, MessageStatus: status, To: sent.to, From: sent.from, ApiVersion: '2010-04-01', ...extra };
      const url = sent.statusCallback!;
      const signature = signTwilio(token ?? fake.accounts.get(sid)!.token, url, params);
      const res = await fetch(fake.via ? fake.via + new URL(url).pathname : url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature }, body: new URLSearchParams(params).toString() });
      return { status: res.status, body: await res.json().catch(() => undefined) };
    },
  });
}
