// The §4 statuses the server sets itself (docs/delivery.md "Flow statuses"): a periodic flow is InQueue while its
// turn is prepared and sent, Done until the next turn; a failure no later message would escape stops the flow with
// Error and a reason the owner reads; a flow past its end date is Canceled and sends nothing more; resume clears it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SendResult } from '../../../src/server/delivery/channels/channel.ts';
import { dispatchDue } from '../../../src/server/delivery/dispatcher.ts';
import { users } from '../../../src/server/modules/account/schema.ts';
import type { TestServer } from '../harness.ts';
import { advance, book, DAY, deliveryServer, fakeChannel, flow, HOUR, messagesOf, nowSec, owner, type Owner } from './support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await deliveryServer();
});
afterAll(async () => server?.close());
const reset = () => (server.clock.ms = Date.UTC(2026, 10, 1, 9, 0)); // 12:00 in Moscow

const shown = async (o: Owner, id: number) => {
  const res = await server.call('GET', `/Flows/${id}`, { token: o.token });
  return [res.body.status, res.body.statusReason];
};

/** A provider fake: answers `fail` for the numbers given, sends the rest. */
const failing = (fail: Record<string, SendResult>) => fakeChannel((m) => fail[m.to]);

describe('turns of periodic flows', () => {
  it('Waiting after start, InQueue while its turn is planned and waits to be sent, Done until the next turn', async () => {
    reset();
    const o = await owner(server);
    const id = await flow(server, o, 'dailyReport', { content: '{reportDate}: {recordsCount}', sendingHours: { from: 13, to: 20 } });
    expect(await shown(o, id)).toEqual(['Waiting', null]);
    await advance(server, 1); // the turn: the report is planned, the window opens at 13:00
    expect(await shown(o, id)).toEqual(['InQueue', null]);
    expect((await messagesOf(server, o)).map((m) => [m.status, m.reason])).toEqual([['queued', 'outside sending hours']]);
    await advance(server, HOUR); // 13:00: sent, the turn is over
    expect((await messagesOf(server, o)).map((m) => m.status)).toEqual(['sent']);
    expect(await shown(o, id)).toEqual(['Done', null]);
    await advance(server, 6 * HOUR); // later ticks the same day: still Done
    expect(await shown(o, id)).toEqual(['Done', null]);
    await advance(server, 7 * HOUR); // 02:00 on 2 November in Moscow: the next turn
    expect(await shown(o, id)).toEqual(['InQueue', null]);
    expect(await messagesOf(server, o)).toHaveLength(2);
    // Pause wins over a turn; resume starts over as Waiting.
    expect((await server.call('POST', `/Flows/${id}/Pause`, { token: o.token })).body.status).toBe('Pause');
    await advance(server, 11 * HOUR);
    expect(await shown(o, id)).toEqual(['Pause', null]);
    expect((await server.call('POST', `/Flows/${id}/Resume`, { token: o.token })).body.status).toBe('Waiting');
  });

  it('a webhook flow stays Working', async () => {
    reset();
    const o = await owner(server);
    const id = await flow(server, o, 'newRecord');
    await book(server, o, nowSec(server) + DAY);
    await advance(server, 1);
    expect((await messagesOf(server, o)).map((m) => m.status)).toEqual(['sent']);
    expect(await shown(o, id)).toEqual(['Working', null]);
  });
});

describe('stopped by an error', () => {
  it('the sender gone stops the flow with Error and a reason; it plans nothing more; resume clears it', async () => {
    reset();
    const o = await owner(server);
    const id = await flow(server, o, 'newRecord', { sendingHours: { from: 0, to: 24 } });
    const other = await flow(server, o, 'newRecord', { mode: 'test', testPhones: '+79035550101' });
    await book(server, o, nowSec(server) + DAY, { phone: '+79160000001' });
    const channel = failing({ '79160000001': { ok: false, retryable: false, reason: 'session not found' } });
    await dispatchDue({ db: server.api.db, config: server.api.config, channel });
    expect(await shown(o, id)).toEqual(['Error', 'senderSessionGone']);
    expect(await shown(o, other)).toEqual(['Working', null]); // its send went through
    const list = await server.call('GET', '/Flows?status=Error', { token: o.token });
    expect(list.body.flows.map((f: { id: number; statusReason: string }) => [f.id, f.statusReason])).toEqual([[id, 'senderSessionGone']]);

    // While stopped it plans nothing (its queued messages would be cancelled at send time, as for a pause).
    await book(server, o, nowSec(server) + DAY, { phone: '+79160000002' });
    await dispatchDue({ db: server.api.db, config: server.api.config, channel });
    const all = await messagesOf(server, o);
    expect(all.filter((m) => m.flowId === id).map((m) => [m.recipient, m.status, m.reason])).toEqual([['79160000001', 'failed', 'session not found']]);
    expect(all.filter((m) => m.flowId === other).map((m) => m.status)).toEqual(['sent', 'sent']);

    const resumed = await server.call('POST', `/Flows/${id}/Resume`, { token: o.token });
    expect([resumed.body.status, resumed.body.statusReason]).toEqual(['Working', null]);
  });

  it('a failure of one recipient does not stop the flow; test mode with no number at all does', async () => {
    reset();
    const o = await owner(server);
    const id = await flow(server, o, 'newRecord');
    await book(server, o, nowSec(server) + DAY, { phone: '+79160000003' });
    await dispatchDue({ db: server.api.db, config: server.api.config, channel: failing({ '79160000003': { ok: false, retryable: false, reason: 'chat not found' } }) });
    expect(await shown(o, id)).toEqual(['Working', null]);

    const test = await flow(server, o, 'newRecord', { mode: 'test' });
    await server.api.db.update(users).set({ phone: null }).where(eq(users.id, o.id));
    await book(server, o, nowSec(server) + DAY, { phone: '+79160000004' });
    await advance(server, 1);
    expect((await messagesOf(server, o)).filter((m) => m.flowId === test).map((m) => [m.status, m.reason])).toEqual([['failed', 'no test number']]);
    expect(await shown(o, test)).toEqual(['Error', 'noTestNumber']);
    expect(await shown(o, id)).toEqual(['Working', null]);
  });
});

describe('end date', () => {
  it('past its end date a flow is Canceled (reason endDatePassed) and sends nothing more', async () => {
    reset();
    const o = await owner(server);
    const id = await flow(server, o, 'recordReminder', { endDate: nowSec(server) + 2 * DAY });
    await book(server, o, nowSec(server) + 4 * DAY);
    await advance(server, DAY);
    expect(await shown(o, id)).toEqual(['Waiting', null]);
    await advance(server, DAY + HOUR);
    expect(await shown(o, id)).toEqual(['Canceled', 'endDatePassed']);
    await advance(server, 2 * DAY);
    const all = await messagesOf(server, o);
    expect(all.length).toBeGreaterThan(0);
    expect(new Set(all.map((m) => [m.status, m.reason].join(' ')))).toEqual(new Set(['cancelled flow ended']));
    expect(await shown(o, id)).toEqual(['Canceled', 'endDatePassed']);
  });
});
