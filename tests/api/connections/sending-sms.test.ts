// SMS in the fallback order (issue 17, docs/connections.md "Sending and pacing", "SMS and Twilio WhatsApp"): an
// owner's Twilio or Sigma connection sends what WhatsApp cannot (no number, a client not on WhatsApp), a Twilio
// WhatsApp sender stands in for a missing WAHA number, each at its own pace (Twilio about 1 per second per sender),
// the status callback finds the message by its SID, and Twilio's 21610 (the client sent STOP) unsubscribes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwilioFake, type TwilioFake } from '../../fakes/twilio-fake.ts';
import { startSigmaFake, type SigmaFake } from '../../fakes/sigma-fake.ts';
import type { WahaFake } from '../../fakes/waha-fake.ts';
import type { TestServer } from '../harness.ts';
import { advance, book, DAY, flow, messagesOf, nowSec, owner, type Owner } from '../delivery/support.ts';
import { phones, sendingServer, twilioSender as sendingTwilio, type Sending } from './sending-support.ts';

let setup: Sending;
let server: TestServer;
let waha: WahaFake;
let twilio: TwilioFake;
let sigma: SigmaFake;
let seq = 0;

beforeAll(async () => {
  twilio = await startTwilioFake();
  sigma = await startSigmaFake();
  setup = await sendingServer({ TWILIO_API_URL: twilio.url, SIGMA_API_URL: sigma.url, PUBLIC_ORIGIN: 'https://cabinet.example', WAHA_PER_MINUTE: '600' }, 50);
  ({ server, fake: waha } = setup);
  twilio.via = new URL(server.base).origin;
}, 120_000);
afterAll(async () => {
  await setup?.close();
  await twilio?.close();
  await sigma?.close();
});

const clientPhone = phones('7926');
const fallback = (o: Owner, order: string[]) => server.call('PUT', '/Accounts/Sending', { token: o.token, body: { fallbackOrder: order } });

const twilioSender = (o: Owner, whatsapp = false) => sendingTwilio(server, twilio, o, whatsapp);

async function sigmaAccount(o: Owner) {
  const login = `salon${++seq}`;
  sigma.accounts.set(login, { password: `pass-${seq}-secret`, senders: ['Salon'] });
  const res = await server.call('POST', '/Accounts/Sigma', { token: o.token, body: { login, password: `pass-${seq}-secret`, sender: 'Salon' } });
  expect(res.status).toBe(201);
  return { id: res.body.id as number, login };
}

describe('whatsapp → sms', () => {
  it('an owner without a WhatsApp number sends by Twilio SMS, one per second; the status callback moves the message', async () => {
    const o = await owner(server);
    const { id, from } = await twilioSender(o);
    expect((await fallback(o, ['whatsapp', 'sms'])).status).toBe(200);
    await flow(server, o, 'newRecord');
    const clients = [clientPhone(), clientPhone(), clientPhone()];
    for (const phone of clients) await book(server, o, nowSec(server) + 2 * DAY, { phone });
    const before = twilio.sent.length;
    await advance(server, 1);
    const all = await messagesOf(server, o);
    expect(all.map((m) => [m.status, m.channel, m.connectionId])).toEqual(clients.map(() => ['sent', 'twilio', id]));
    // Sends run several at a time (each after its pacer token): the order among them is not fixed.
    const sent = twilio.sent.slice(before);
    expect(sent.map((s) => [s.from, s.to]).sort()).toEqual(clients.map((p) => [from, p]).sort());
    expect(sent[0]!.statusCallback).toBe(`https://cabinet.example/api/v1/Webhooks/twilio/${id}`);
    // Pacing: about one a second per sender, and the double never had to refuse one.
    for (let i = 1; i < sent.length; i++) expect(sent[i]!.at - sent[i - 1]!.at).toBeGreaterThanOrEqual(1000);
    expect(twilio.rateLimited).toBe(0);
    // The SID Twilio answered is the message's provider id: the status callback finds it there.
    expect(all.map((m) => [m.sentTo, m.providerMessageId])).toEqual(all.map((m) => [m.sentTo, sent.find((s) => s.to === `+${m.sentTo}`)!.sid]));
    const first = sent.find((s) => s.to === `+${all[0]!.sentTo}`)!;
    expect(await twilio.callback(first, 'delivered')).toEqual({ status: 200, body: { result: 'applied' } });
    expect((await messagesOf(server, o))[0]!.status).toBe('delivered');
  }, 30_000);

  it('a client not on WhatsApp gets the SMS through Sigma; the others stay on the WhatsApp number', async () => {
    const o = await owner(server);
    const number = await setup.linkedNumber(o, '79260000101');
    const account = await sigmaAccount(o);
    await fallback(o, ['whatsapp', 'sms']);
    await flow(server, o, 'newRecord');
    const onWhatsApp = clientPhone();
    const notOn = clientPhone();
    waha.notOnWhatsApp.add(notOn.slice(1));
    await book(server, o, nowSec(server) + 2 * DAY, { phone: onWhatsApp });
    await book(server, o, nowSec(server) + 2 * DAY, { phone: notOn });
    await advance(server, 1);
    await advance(server, 1);
    const all = await messagesOf(server, o);
    expect(all.map((m) => [m.status, m.channel, m.connectionId])).toEqual([
      ['sent', 'waha', number],
      ['sent', 'sigma', account.id],
    ]);
    expect(sigma.sent.filter((s) => s.login === account.login).map((s) => [s.recipient, s.sender])).toEqual([[notOn, 'Salon']]);
    // The number's daily cap counts its own sends only.
    expect((await server.call('GET', `/Accounts/WhatsApp/${number}/Sending`, { token: o.token })).body).toMatchObject({ sentToday: 1 });
  }, 30_000);

  it('SMS waits for nothing: with no SMS connection the client not on WhatsApp fails saying why', async () => {
    const o = await owner(server);
    await setup.linkedNumber(o, '79260000201');
    await fallback(o, ['whatsapp', 'sms']);
    await flow(server, o, 'newRecord');
    const phone = clientPhone();
    waha.notOnWhatsApp.add(phone.slice(1));
    await book(server, o, nowSec(server) + 2 * DAY, { phone });
    await advance(server, 1);
    const [m] = await messagesOf(server, o);
    expect([m!.status, m!.reason]).toEqual(['failed', 'not on WhatsApp']);
  });
});

describe('Twilio WhatsApp and Twilio STOP', () => {
  it('without a WAHA number, WhatsApp goes through the Twilio WhatsApp sender', async () => {
    const o = await owner(server);
    const { id, from } = await twilioSender(o, true);
    await flow(server, o, 'newRecord');
    const phone = clientPhone();
    await book(server, o, nowSec(server) + 2 * DAY, { phone });
    await advance(server, 1);
    const [m] = await messagesOf(server, o);
    expect([m!.status, m!.channel, m!.connectionId]).toEqual(['sent', 'twilio', id]);
    expect(twilio.sent.at(-1)).toMatchObject({ from, to: `whatsapp:${phone}` });
  });

  it('Twilio refusing a client who sent STOP (21610) unsubscribes them: the next message is cancelled, not sent', async () => {
    const o = await owner(server);
    await twilioSender(o);
    await fallback(o, ['sms']);
    await flow(server, o, 'newRecord');
    const phone = clientPhone();
    twilio.unsubscribed.add(phone);
    await book(server, o, nowSec(server) + 2 * DAY, { phone });
    await advance(server, 1);
    await book(server, o, nowSec(server) + 3 * DAY, { phone });
    await advance(server, 1);
    const all = await messagesOf(server, o);
    expect(all.map((m) => [m.status, m.reason])).toEqual([
      ['failed', 'recipient unsubscribed (STOP)'],
      ['cancelled', 'unsubscribed'],
    ]);
  });
});
