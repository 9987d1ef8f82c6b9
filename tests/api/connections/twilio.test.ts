// Twilio senders (issue 17, docs/connections.md "Twilio") against the REST double: credentials checked on save
// (the Account resource with Basic auth), sealed and masked; the channel sending through them (SMS and WhatsApp,
// STOP, rate limit); status callbacks verified by X-Twilio-Signature before use and mapped to delivery events;
// another owner's ids.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../src/server/delivery/schema.ts';
import { channelOfConnection } from '../../../src/server/modules/connections/channels.ts';
import { connectionSecrets } from '../../../src/server/modules/connections/schema.ts';
import { newSid, startTwilioFake, type TwilioFake } from '../../fakes/twilio-fake.ts';
import { startServer, type TestServer } from '../harness.ts';

let server: TestServer;
let fake: TwilioFake;
let seq = 0;

beforeAll(async () => {
  fake = await startTwilioFake();
  server = await startServer({ env: { TWILIO_API_URL: fake.url, PUBLIC_ORIGIN: 'https://cabinet.example', ACCESS_TOKEN_TTL_SECONDS: '3650d' } });
  fake.via = new URL(server.base).origin;
}, 120_000);
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const owner = () => server.createUser(`tw${++seq}-${Date.now()}@example.com`, 'secret12');
function account(status: 'active' | 'suspended' = 'active') {
  const sid = newSid('AC');
  const token = newSid('').slice(0, 32);
  const sms = `+1415555${String(1000 + ++seq).slice(-4)}`;
  fake.accounts.set(sid, { token, status, senders: [sms, `whatsapp:${sms}`] });
  return { sid, token, sms };
}
const add = (token: string, body: Record<string, unknown>) => server.call('POST', '/Accounts/Twilio', { token, body });

describe('adding a Twilio sender', () => {
  it('names the field of each wrong value and adds nothing', async () => {
    const o = await owner();
    const a = account();
    const suspended = account('suspended');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ accountSid: 'AC123', authToken: a.token, phone: a.sms }, 'accountSid', 'twilioSidInvalid'],
      [{ accountSid: a.sid, authToken: 'f'.repeat(32), phone: a.sms }, 'authToken', 'twilioCredentialsRejected'],
      [{ accountSid: newSid('AC'), authToken: a.token, phone: a.sms }, 'authToken', 'twilioCredentialsRejected'],
      [{ accountSid: suspended.sid, authToken: suspended.token, phone: suspended.sms }, 'accountSid', 'twilioAccountInactive'],
      [{ accountSid: a.sid, authToken: a.token, phone: '4155551000' }, 'phone', 'twilioPhoneInvalid'],
      [{ accountSid: a.sid, authToken: a.token, phone: 'telegram:+14155551000' }, 'phone', 'twilioPhoneInvalid'],
    ];
    for (const [body, field, code] of cases) expect(await add(o.token, body), JSON.stringify(body)).toMatchObject({ status: 400, body: { errors: [{ field, code }] } });
    expect((await server.call('GET', '/Accounts/Twilio', { token: o.token })).body).toEqual({ accounts: [] });
  });

  it('adds an SMS and a WhatsApp sender: SID shown, token masked, sealed at rest', async () => {
    const o = await owner();
    const a = account();
    const sms = await add(o.token, { accountSid: a.sid, authToken: a.token, phone: a.sms });
    expect(sms).toMatchObject({ status: 201, body: { name: a.sms, accountSid: a.sid, authTokenMasked: `••••${a.token.slice(-4)}`, phone: a.sms, channel: 'sms', state: 'Connected' } });
    const wa = await add(o.token, { accountSid: a.sid, authToken: a.token, phone: `WhatsApp:${a.sms}`, name: 'WhatsApp desk' });
    expect(wa.body).toMatchObject({ name: 'WhatsApp desk', phone: `whatsapp:${a.sms}`, channel: 'whatsapp' });
    const list = await server.call('GET', '/Accounts/Twilio', { token: o.token });
    expect(list.body.accounts.map((x: { id: number }) => x.id)).toEqual([sms.body.id, wa.body.id]);
    expect(JSON.stringify(list.body)).not.toContain(a.token);
    const [row] = await server.api.db.select().from(connectionSecrets).where(eq(connectionSecrets.connectionId, sms.body.id));
    expect(row!.sealed).not.toContain(a.token);
    expect(row!.sealed).not.toContain(a.sid);
  });
});

describe('sending and status callbacks', () => {
  it('sends through the owner credentials; a signed callback moves the message, a forged or unsigned one is 401', async () => {
    const o = await owner();
    const a = account();
    const id = (await add(o.token, { accountSid: a.sid, authToken: a.token, phone: a.sms })).body.id as number;
    const channel = (await channelOfConnection(server.api.db, server.api.config, id))!;
    const result = await channel.send({ idempotencyKey: 'k1', to: '79161234567', text: 'Hello *Anna*' });
    expect(result).toMatchObject({ ok: true, providerMessageId: expect.stringMatching(/^SM[0-9a-f]{32}$/) });
    const sent = fake.sent.at(-1)!;
    expect(sent).toMatchObject({ to: '+79161234567', from: a.sms, body: 'Hello Anna', statusCallback: `https://cabinet.example/api/v1/Webhooks/twilio/${id}` });

    const [msg] = await server.api.db
      .insert(messages)
      .values({ userId: o.id, kind: 'newRecord', recipient: '79161234567', channel: 'sandbox', idempotencyKey: `tw-${sent.sid}`, plannedAt: new Date(), createdAt: new Date(), status: 'sent', providerMessageId: sent.sid })
      .returning();

    expect(await fake.callback(sent, 'delivered', {}, 'f'.repeat(32))).toMatchObject({ status: 401, body: { code: 'signatureInvalid' } });
    const unsigned = await fetch(`${server.base}/Webhooks/twilio/${id}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `MessageSid=${sent.sid}&MessageStatus=delivered` });
    expect(unsigned.status).toBe(401);
    // Signed for another connection's URL: refused too.
    expect(await fake.callback({ ...sent, statusCallback: `https://cabinet.example/api/v1/Webhooks/twilio/${id + 1000}` }, 'delivered')).toMatchObject({ status: 401 });
    expect((await server.api.db.select().from(messages).where(eq(messages.id, msg!.id)))[0]!.status).toBe('sent');

    expect(await fake.callback(sent, 'sent')).toMatchObject({ status: 200, body: { result: 'ignored' } });
    expect(await fake.callback(sent, 'delivered')).toMatchObject({ status: 200, body: { result: 'applied' } });
    expect(await fake.callback(sent, 'read')).toMatchObject({ status: 200, body: { result: 'applied' } });
    expect((await server.api.db.select().from(messages).where(eq(messages.id, msg!.id)))[0]!.status).toBe('read');
  });

  it('WhatsApp sender, STOP (21610) and the rate limit (429, retryable) through the adapter', async () => {
    const o = await owner();
    const a = account();
    const id = (await add(o.token, { accountSid: a.sid, authToken: a.token, phone: `whatsapp:${a.sms}` })).body.id as number;
    const channel = (await channelOfConnection(server.api.db, server.api.config, id))!;
    expect(await channel.send({ idempotencyKey: 'w1', to: '79160000001', text: 'Hi', buttons: ['Yes', 'No'] })).toMatchObject({ ok: true });
    expect(fake.sent.at(-1)).toMatchObject({ to: 'whatsapp:+79160000001', from: `whatsapp:${a.sms}` });
    expect(await channel.send({ idempotencyKey: 'w2', to: '79160000002', text: 'Hi' })).toMatchObject({ ok: false, retryable: true, reason: 'rate limited', retryAfterMs: 1000 });
    await new Promise((r) => setTimeout(r, 1100));
    fake.unsubscribed.add('whatsapp:+79160000003');
    expect(await channel.send({ idempotencyKey: 'w3', to: '79160000003', text: 'Hi' })).toMatchObject({ ok: false, retryable: false, reason: 'recipient unsubscribed (STOP)' });
    expect(await channel.send({ idempotencyKey: 'w4', to: '79160000004', text: 'x'.repeat(1601) })).toMatchObject({ ok: false, retryable: false, reason: 'text too long' });
  });
});

describe('another owner', () => {
  it("another owner's sender is 404 on every route; delete removes it", async () => {
    const o = await owner();
    const stranger = await owner();
    const a = account();
    const id = (await add(o.token, { accountSid: a.sid, authToken: a.token, phone: a.sms })).body.id as number;
    for (const method of ['GET', 'DELETE'] as const) {
      expect(await server.call(method, `/Accounts/Twilio/${id}`, { token: stranger.token })).toMatchObject({ status: 404, body: { code: 'twilioNotFound' } });
    }
    expect((await server.call('GET', '/Accounts/Twilio', { token: stranger.token })).body).toEqual({ accounts: [] });
    expect((await server.call('GET', `/Accounts/Sigma/${id}`, { token: o.token })).status).toBe(404);
    expect((await server.call('DELETE', `/Accounts/Twilio/${id}`, { token: o.token })).status).toBe(204);
    expect((await server.call('GET', `/Accounts/Twilio/${id}`, { token: o.token })).status).toBe(404);
  });
});

describe('credentials first (docs/webhooks.md)', () => {
  it('no or a malformed signature is 401 unread whatever the body; a signed-looking body over 64 KB is 413; an unknown connection 401', async () => {
    const o = await owner();
    const a = account();
    const id = (await add(o.token, { accountSid: a.sid, authToken: a.token, phone: a.sms })).body.id as number;
    const post = (headers: Record<string, string>, body: string, to = id) =>
      fetch(`${server.base}/Webhooks/twilio/${to}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body });
    const big = `Body=${'x'.repeat(2 * 1024 * 1024)}`;
    expect((await post({}, big)).status).toBe(401);
    expect((await post({ 'x-twilio-signature': 'not base64 at all' }, big)).status).toBe(401);
    expect((await post({ 'x-twilio-signature': 'GvWf1cFY/Q7PnoempGyD5oXAezc=' }, `Body=${'x'.repeat(70 * 1024)}`)).status).toBe(413);
    expect((await post({ 'x-twilio-signature': 'GvWf1cFY/Q7PnoempGyD5oXAezc=' }, 'MessageStatus=delivered', 999_999)).status).toBe(401);
    // JSON is not what Twilio sends: the contract admits only the form type.
    expect((await post({ 'x-twilio-signature': 'GvWf1cFY/Q7PnoempGyD5oXAezc=', 'content-type': 'application/json' }, '{}')).status).toBe(401);
  });
});
