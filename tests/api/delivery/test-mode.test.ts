// Test mode sends to every test number of the flow (§2/§5 "several numbers separated by commas"): each number gets
// its own message with its own idempotency key, so none is lost or sent twice, and the message log shows each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel } from '../../../src/server/delivery/channels/channel.ts';
import { dispatchDue } from '../../../src/server/delivery/dispatcher.ts';
import type { TestServer } from '../harness.ts';
import { advance, book, DAY, deliveryServer, fakeChannel, flow, messagesOf, nowSec, owner, sandboxLog } from './support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await deliveryServer();
});
afterAll(async () => server?.close());

describe('test mode with several numbers', () => {
  it('sends one message to each test number, each with its own key, and the log shows each', async () => {
    const o = await owner(server);
    const id = await flow(server, o, 'newRecord', { mode: 'test', testPhones: '+79035550101, +79035550102' });
    await book(server, o, nowSec(server) + DAY);
    const channel = fakeChannel();
    const stats = await dispatchDue({ db: server.api.db, config: server.api.config, channel });
    expect(stats.sent).toBe(2);
    expect(channel.calls.map((c) => c.to).sort()).toEqual(['79035550101', '79035550102']);
    expect(new Set(channel.calls.map((c) => c.idempotencyKey)).size).toBe(2);
    expect(channel.calls.every((c) => c.text === channel.calls[0]!.text && c.text.startsWith('Hello Anna'))).toBe(true);

    const all = await messagesOf(server, o);
    expect(all.map((m) => [m.flowId, m.recipient, m.sentTo, m.status])).toEqual([
      [id, '79161234567', '79035550101', 'sent'],
      [id, '79161234567', '79035550102', 'sent'],
    ]);
    const log = await server.call('GET', `/Messages?flowId=${id}`, { token: o.token });
    expect(log.body.messages.map((m: { sentTo: string }) => m.sentTo).sort()).toEqual(['79035550101', '79035550102']);

    // Nothing is left to send: another run copies nothing and sends nothing.
    expect((await dispatchDue({ db: server.api.db, config: server.api.config, channel })).claimed).toBe(0);
    expect(channel.calls).toHaveLength(2);
  });

  it('through the engine: three numbers (one repeated, one not a number) give three sandbox sends', async () => {
    const o = await owner(server);
    await flow(server, o, 'newRecord', { mode: 'test', testPhones: '+79035550101, +79035550102, +79035550101, +79035550103' });
    const before = (await sandboxLog(server)).length;
    await book(server, o, nowSec(server) + DAY);
    await advance(server, 1);
    const sent = (await sandboxLog(server)).slice(before);
    expect(sent.map((s) => s.to).sort()).toEqual(['79035550101', '79035550102', '79035550103']);
    expect(sent.every((s) => s.sends === 1)).toBe(true);
    expect((await messagesOf(server, o)).map((m) => m.status)).toEqual(['sent', 'sent', 'sent']);
  });

  it('a copy that waits (sending hours) goes to its own number later; removed from the list meanwhile, it is cancelled', async () => {
    const o = await owner(server);
    const id = await flow(server, o, 'newRecord', { mode: 'test', testPhones: '+79035550101, +79035550102, +79035550103' });
    await book(server, o, nowSec(server) + DAY);
    // The first send fails with a retry: the original waits, its copies went out or wait on their own.
    const channel = fakeChannel();
    const failing: Channel = { name: 'sandbox', send: async (m) => (m.to === '79035550103' ? { ok: false, retryable: true, reason: 'timeout' } : channel.send(m)) };
    await dispatchDue({ db: server.api.db, config: server.api.config, channel: failing });
    let all = await messagesOf(server, o);
    expect(all.map((m) => [m.sentTo, m.status])).toEqual([
      ['79035550101', 'sent'],
      ['79035550102', 'sent'],
      ['79035550103', 'queued'],
    ]);
    // The owner drops the third number before the retry: its copy is not sent anywhere.
    expect((await server.call('PATCH', `/Flows/${id}`, { token: o.token, body: { testPhones: '+79035550101, +79035550102' } })).status).toBe(200);
    server.clock.advance(3600);
    await dispatchDue({ db: server.api.db, config: server.api.config, channel });
    all = await messagesOf(server, o);
    expect(all.map((m) => [m.sentTo, m.status, m.reason])).toEqual([
      ['79035550101', 'sent', null],
      ['79035550102', 'sent', null],
      ['79035550103', 'cancelled', 'test number removed'],
    ]);
    expect(channel.calls.map((c) => c.to)).toEqual(['79035550101', '79035550102']);
  });
});
