// Replies to an owner's Twilio sender (issue 17, docs/conversations.md "Twilio"): the number's incoming webhook is
// the status callback's URL, signed the same way; a signed SMS is stored once in the connection's conversation and
// marks our SMS replied; a forged one changes nothing; STOP (and Twilio's own STOPALL) unsubscribes the writer from
// Twilio, so the engine cancels the next message instead of sending it. Incoming messages are answered with empty TwiML.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSid, signTwilio, startTwilioFake, type TwilioFake } from '../../fakes/twilio-fake.ts';
import type { TestServer } from '../harness.ts';
import { advance, book, DAY, flow, messagesOf, nowSec, owner, type Owner } from '../delivery/support.ts';
import { phones, sendingServer, twilioSender, type Sending } from '../connections/sending-support.ts';

let setup: Sending;
let server: TestServer;
let twilio: TwilioFake;

beforeAll(async () => {
  twilio = await startTwilioFake();
  setup = await sendingServer({ TWILIO_API_URL: twilio.url, PUBLIC_ORIGIN: 'https://cabinet.example' }, 50);
  server = setup.server;
}, 120_000);
afterAll(async () => {
  await setup?.close();
  await twilio?.close();
});

const clientPhone = phones('7927');

/** Posts the number's incoming webhook as Twilio signs it (under `signWith` to forge one). */
async function incoming(id: number, authToken: string, params: Record<string, string>, signWith = authToken) {
  const signature = signTwilio(signWith, `https://cabinet.example/api/v1/Webhooks/twilio/${id}`, params);
  const res = await fetch(`${server.base}/Webhooks/twilio/${id}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature }, body: new URLSearchParams(params).toString() });
  const type = res.headers.get('content-type') ?? '';
  const text = await res.text();
  return { status: res.status, type, body: type.startsWith('application/json') ? JSON.parse(text) : text };
}
/** Twilio reads the incoming webhook's answer as TwiML: empty, no automatic reply. */
const TWIML = { status: 200, type: 'text/xml; charset=utf-8', body: '<?xml version="1.0" encoding="UTF-8"?><Response></Response>' };
const sms = (from: string, to: string, body: string, sid = newSid('SM')) => ({ MessageSid: sid, SmsSid: sid, AccountSid: newSid('AC'), From: from, To: to, Body: body, NumMedia: '0', SmsStatus: 'received', ApiVersion: '2010-04-01' });
const conversations = (o: Owner) => server.call('GET', '/Conversations', { token: o.token });

describe('incoming Twilio messages', () => {
  it('a signed SMS is stored once in the connection conversation; a forged one is refused and stores nothing', async () => {
    const o = await owner(server);
    const { id, from, authToken } = await twilioSender(server, twilio, o);
    const params = sms('+79270000001', from, 'Can I come at 5?');
    expect(await incoming(id, authToken, params, 'f'.repeat(32))).toMatchObject({ status: 401 });
    expect((await conversations(o)).body.total).toBe(0);
    expect(await incoming(id, authToken, params)).toEqual(TWIML);
    expect(await incoming(id, authToken, params)).toEqual(TWIML); // Twilio's retry: stored once (below)
    const list = (await conversations(o)).body;
    expect(list.items).toEqual([expect.objectContaining({ channel: 'twilio', connectionId: id, peer: '79270000001', phone: '79270000001', unreadCount: 1 })]);
    const read = await server.call('GET', `/Conversations/${list.items[0].id}/Messages`, { token: o.token });
    expect(read.body.items.map((m: { text: string }) => m.text)).toEqual(['Can I come at 5?']);
  });

  it('a reply marks our SMS replied; STOP unsubscribes from Twilio and the next message is cancelled; STOPALL too', async () => {
    const o = await owner(server);
    const { id, from, authToken } = await twilioSender(server, twilio, o);
    await server.call('PUT', '/Accounts/Sending', { token: o.token, body: { fallbackOrder: ['sms'] } });
    await flow(server, o, 'newRecord');
    const [anna, boris] = [clientPhone(), clientPhone()];
    await book(server, o, nowSec(server) + 2 * DAY, { phone: anna });
    await book(server, o, nowSec(server) + 2 * DAY, { phone: boris });
    await advance(server, 1);
    expect((await messagesOf(server, o)).map((m) => [m.status, m.channel])).toEqual([['sent', 'twilio'], ['sent', 'twilio']]);

    server.clock.advance(60);
    expect(await incoming(id, authToken, sms(anna, from, 'STOP'))).toEqual(TWIML);
    expect(await incoming(id, authToken, sms(boris, from, 'Stopall'))).toEqual(TWIML);
    expect((await messagesOf(server, o)).map((m) => m.status)).toEqual(['replied', 'replied']);

    await book(server, o, nowSec(server) + 3 * DAY, { phone: anna });
    await book(server, o, nowSec(server) + 3 * DAY, { phone: boris });
    await advance(server, 1);
    expect((await messagesOf(server, o)).slice(2).map((m) => [m.status, m.reason])).toEqual([
      ['cancelled', 'unsubscribed'],
      ['cancelled', 'unsubscribed'],
    ]);
  }, 30_000);

  it('a status callback on the same URL still moves our message; a form that is neither changes nothing', async () => {
    const o = await owner(server);
    const { id, authToken } = await twilioSender(server, twilio, o);
    expect(await incoming(id, authToken, { MessageSid: newSid('SM'), From: 'not a phone', Body: 'x' })).toEqual(TWIML);
    expect(await incoming(id, authToken, { MessageSid: newSid('SM'), MessageStatus: 'sent' })).toMatchObject({ status: 200, type: expect.stringMatching(/^application\/json/), body: { result: 'ignored' } });
    expect((await conversations(o)).body.total).toBe(0);
  });
});
