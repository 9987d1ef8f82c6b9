// Statuses after the send. The sandbox channel lets the owner play the recipient (delivered, read, replied) through
// the same forward-only path a provider's report takes; WAHA reports arrive as signed webhooks (message.ack and the
// client's quoting reply), played here by the WAHA double the way the gateway sends them.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWahaFake, type WahaFake } from '../../fakes/waha-fake.ts';
import type { TestServer } from '../harness.ts';
import { advance, book, DAY, deliveryServer, flow, messagesOf, nowSec, owner, type Owner } from './support.ts';

const HMAC_KEY = 'waha-webhook-key-0123456789';
let sandbox: TestServer;
let waha: TestServer;
let fake: WahaFake;

beforeAll(async () => {
  fake = await startWahaFake({ apiKey: 'api-key', perSecond: 50 });
  [sandbox, waha] = await Promise.all([
    deliveryServer(),
    deliveryServer({ DELIVERY_CHANNEL: 'waha', WAHA_URL: fake.url, WAHA_API_KEY: 'api-key', WAHA_SESSION: 'default', WAHA_PER_MINUTE: '600', WAHA_WEBHOOK_HMAC_KEY: HMAC_KEY }),
  ]);
  fake.webhook = { url: `${waha.base}/Webhooks/waha`, hmacKey: HMAC_KEY };
}, 120_000); // two servers with fresh databases: slow on a busy machine
afterAll(async () => {
  await Promise.all([sandbox?.close(), waha?.close()]);
  await fake?.close();
});

/** One booking's notice, sent through the server's channel; returns the message row. */
async function sentNotice(server: TestServer, o: Owner, phone: string) {
  await book(server, o, nowSec(server) + DAY, { phone });
  await advance(server, 1);
  const all = await messagesOf(server, o);
  const m = all.at(-1)!;
  expect(m.status).toBe('sent');
  return m;
}

const play = (server: TestServer, o: Owner, id: number, status: unknown) => server.call('POST', `/Messages/${id}/SandboxEvent`, { token: o.token, body: { status } });

describe('sandbox events', () => {
  it('delivered → read → replied, each with its time; statuses only move forward', async () => {
    const o = await owner(sandbox);
    await flow(sandbox, o, 'newRecord');
    const m = await sentNotice(sandbox, o, '+79160000101');

    sandbox.clock.advance(60);
    let res = await play(sandbox, o, m.id, 'delivered');
    expect(res.status).toBe(200);
    expect([res.body.id, res.body.status, res.body.deliveredUnixTime]).toEqual([m.id, 'delivered', nowSec(sandbox)]);
    sandbox.clock.advance(60);
    res = await play(sandbox, o, m.id, 'read');
    expect([res.body.status, res.body.readUnixTime]).toEqual(['read', nowSec(sandbox)]);
    const readAt = res.body.readUnixTime;

    // A late "delivered" after "read" changes nothing: the answer shows the message as it is.
    sandbox.clock.advance(60);
    res = await play(sandbox, o, m.id, 'delivered');
    expect(res.status).toBe(200);
    expect([res.body.status, res.body.deliveredUnixTime, res.body.readUnixTime]).toEqual(['read', nowSec(sandbox) - 120, readAt]);

    res = await play(sandbox, o, m.id, 'replied');
    expect([res.body.status, res.body.repliedUnixTime]).toEqual(['replied', nowSec(sandbox)]);
    res = await play(sandbox, o, m.id, 'read');
    expect(res.body.status).toBe('replied');

    // The log shows the same.
    const list = await sandbox.call('GET', '/Messages', { token: o.token });
    expect(list.body.messages[0]).toMatchObject({ id: m.id, status: 'replied', readUnixTime: readAt, repliedUnixTime: nowSec(sandbox) });
  });

  it('409 for a message not sent yet; 404 for another owner\'s message; 400 naming the field', async () => {
    const o = await owner(sandbox);
    await flow(sandbox, o, 'newRecord', { delayMinutes: 60 });
    await book(sandbox, o, nowSec(sandbox) + DAY, { phone: '+79160000102' });
    const [queued] = await messagesOf(sandbox, o);
    expect(queued!.status).toBe('queued');
    let res = await play(sandbox, o, queued!.id, 'delivered');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('The message has not been sent');
    expect(res.body.code).toBe('messageNotSent');

    const other = await owner(sandbox);
    res = await play(sandbox, other, queued!.id, 'delivered');
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain('79160000102');
    res = await play(sandbox, o, 999_999, 'delivered');
    expect(res.status).toBe(404);

    for (const bad of ['sent', 'failed', 42, undefined]) {
      res = await play(sandbox, o, queued!.id, bad);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/status/);
    }
    const [after] = await messagesOf(sandbox, o);
    expect(after!.status).toBe('queued');
  });

  it('409 for a message of another channel', async () => {
    const o = await owner(waha);
    await flow(waha, o, 'newRecord');
    const m = await sentNotice(waha, o, '+79160000103');
    const res = await play(waha, o, m.id, 'delivered');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Only messages of the sandbox channel can be marked by hand');
    expect(res.body.code).toBe('sandboxOnly');
  });
});

/** Posts a raw body to the WAHA receiver with the given headers. */
const post = async (raw: string, headers: Record<string, string>) => {
  const res = await fetch(`${waha.base}/Webhooks/waha`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: raw });
  return { status: res.status, body: (await res.json()) as any };
};
const sign = (raw: string, key = HMAC_KEY) => ({ 'x-webhook-hmac': createHmac('sha512', key).update(raw).digest('hex'), 'x-webhook-hmac-algorithm': 'sha512' });

describe('WAHA status webhooks', () => {
  it('signed acks move the message to delivered and read; the client\'s quoting reply to replied', async () => {
    const o = await owner(waha);
    await flow(waha, o, 'newRecord');
    const m = await sentNotice(waha, o, '+79160000201');
    const sent = fake.sent.find((s) => s.id === m.providerMessageId)!;
    expect(sent.id).toMatch(/^true_79160000201@c\.us_[0-9A-F]+$/);

    expect(await fake.ack(sent, 1)).toBe(200); // SERVER: what the send already said
    expect((await messagesOf(waha, o)).at(-1)!.status).toBe('sent');
    waha.clock.advance(30);
    expect(await fake.ack(sent, 2)).toBe(200);
    let row = (await messagesOf(waha, o)).at(-1)!;
    expect([row.status, row.deliveredAt?.getTime()]).toEqual(['delivered', waha.clock.now()]);
    waha.clock.advance(30);
    expect(await fake.ack(sent, 3)).toBe(200);
    row = (await messagesOf(waha, o)).at(-1)!;
    expect([row.status, row.readAt?.getTime()]).toEqual(['read', waha.clock.now()]);
    expect(await fake.ack(sent, 2)).toBe(200); // late DEVICE after READ: nothing moves back
    expect((await messagesOf(waha, o)).at(-1)!.status).toBe('read');

    waha.clock.advance(30);
    expect(await fake.reply(sent, 'Yes, I will come')).toBe(200);
    row = (await messagesOf(waha, o)).at(-1)!;
    expect([row.status, row.repliedAt?.getTime()]).toEqual(['replied', waha.clock.now()]);
    const list = await waha.call('GET', '/Messages', { token: o.token });
    expect(list.body.messages[0]).toMatchObject({ status: 'replied', repliedUnixTime: nowSec(waha) });
  });

  it('an ERROR ack fails the message with the provider reason; PLAYED counts as read', async () => {
    const o = await owner(waha);
    await flow(waha, o, 'newRecord');
    const a = await sentNotice(waha, o, '+79160000202');
    const b = await sentNotice(waha, o, '+79160000203');
    await fake.ack(fake.sent.find((s) => s.id === a.providerMessageId)!, -1);
    await fake.ack(fake.sent.find((s) => s.id === b.providerMessageId)!, 4);
    const rows = await messagesOf(waha, o);
    expect(rows.map((r) => [r.status, r.reason])).toEqual([['failed', 'failed at the provider'], ['read', null]]);
  });

  it('a wrong or missing signature is refused with 401 before the body is read', async () => {
    const o = await owner(waha);
    await flow(waha, o, 'newRecord');
    const m = await sentNotice(waha, o, '+79160000204');
    const raw = JSON.stringify({ event: 'message.ack', session: 'default', payload: { id: m.providerMessageId, fromMe: true, ack: 3, ackName: 'READ' } });
    expect((await post(raw, {})).status).toBe(401);
    expect((await post(raw, sign(raw, 'another-key'))).status).toBe(401);
    expect((await post(raw, { ...sign(raw), 'x-webhook-hmac-algorithm': 'sha256' })).status).toBe(401);
    // Signed for other bytes (the body was altered on the way).
    expect((await post(raw.replace('"ack":3', '"ack":2'), sign(raw))).status).toBe(401);
    // Not even JSON: still 401, never a parse error that would tell a stranger anything.
    const junk = await post('{not json', { 'x-webhook-hmac': 'ab'.repeat(64) });
    expect([junk.status, junk.body.message]).toEqual([401, 'Webhook signature not valid']);
    expect((await messagesOf(waha, o)).at(-1)!.status).toBe('sent');
  });

  it('unknown events and other people\'s messages are answered 200 and ignored; a replayed event changes nothing', async () => {
    expect(await fake.emit('session.status', { name: 'default', status: 'WORKING' })).toBe(200);
    const unknown = JSON.stringify({ event: 'message.ack', session: 'default', payload: { id: 'true_79000000000@c.us_FFFF', fromMe: true, ack: 3 } });
    expect((await post(unknown, sign(unknown))).body).toEqual({ result: 'ignored' });
    const plain = JSON.stringify({ event: 'message', session: 'default', payload: { id: 'false_79000000000@c.us_AB', from: '79000000000@c.us', fromMe: false, body: 'hi' } });
    expect((await post(plain, sign(plain))).body).toEqual({ result: 'ignored' });

    const o = await owner(waha);
    await flow(waha, o, 'newRecord');
    const m = await sentNotice(waha, o, '+79160000205');
    const raw = JSON.stringify({ event: 'message.ack', session: 'default', payload: { id: m.providerMessageId, fromMe: true, ack: 2, ackName: 'DEVICE' } });
    expect((await post(raw, sign(raw))).body).toEqual({ result: 'applied' });
    const first = (await messagesOf(waha, o)).at(-1)!;
    waha.clock.advance(60);
    expect((await post(raw, sign(raw))).body).toEqual({ result: 'unchanged' });
    const again = (await messagesOf(waha, o)).at(-1)!;
    expect([again.status, again.deliveredAt?.getTime()]).toEqual(['delivered', first.deliveredAt?.getTime()]);
  });

  it('without WAHA_WEBHOOK_HMAC_KEY the receiver accepts nothing', async () => {
    const raw = JSON.stringify({ event: 'session.status', session: 'default', payload: {} });
    const res = await fetch(`${sandbox.base}/Webhooks/waha`, { method: 'POST', headers: { 'content-type': 'application/json', ...sign(raw) }, body: raw });
    expect(res.status).toBe(401);
  });
});
