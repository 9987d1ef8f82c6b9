// Planned starts: a paused flow with `nextStart` (the quick start) starts by itself when the moment comes, as
// Resume would start it; a kind outside the owner's tariffs stays paused.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flows } from '../../../src/server/modules/flows/schema.ts';
import { payments } from '../../../src/server/modules/admin/schema.ts';
import type { TestServer } from '../harness.ts';
import { advance, book, DAY, deliveryServer, HOUR, messagesOf, nowSec, owner, type Owner } from './support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await deliveryServer();
});
afterAll(async () => server?.close());
const reset = () => (server.clock.ms = Date.UTC(2026, 10, 1, 9, 0));

async function planned(o: Owner, type: string, nextStart: number, fields: Record<string, unknown> = {}) {
  const res = await server.call('POST', '/Flows', {
    token: o.token,
    body: { title: `${type} flow`, content: `Hello {clientName}`, type, mode: 'combat', sendingHours: { from: 0, to: 24 }, nextStart, ...fields },
  });
  expect(res.status).toBe(201);
  return res.body.id as number;
}
const flowRow = async (id: number) => (await server.api.db.select().from(flows).where(eq(flows.id, id)))[0]!;

describe('planned starts', () => {
  it('a webhook kind starts at its planned moment and then reacts to bookings', async () => {
    reset();
    const o = await owner(server);
    const id = await planned(o, 'newRecord', nowSec(server) + DAY);
    await advance(server, HOUR);
    expect((await flowRow(id)).status).toBe('Pause');
    await book(server, o, nowSec(server) + 3 * DAY);
    await advance(server, 1);
    expect(await messagesOf(server, o)).toHaveLength(0); // not started yet: no reaction
    await advance(server, DAY);
    const row = await flowRow(id);
    expect([row.status, row.nextStart, row.lastStart?.getTime()]).toEqual(['Working', null, server.clock.now()]);
    const api = await server.call('GET', `/Flows/${id}`, { token: o.token });
    expect(api.body.status).toBe('Working');
    await book(server, o, nowSec(server) + 3 * DAY, { phone: '+79161234599' });
    await advance(server, 1);
    expect((await messagesOf(server, o)).map((m) => [m.recipient, m.status])).toEqual([['79161234599', 'sent']]);
  });

  it('a periodic kind starts as Waiting and runs its first planner tick at once', async () => {
    reset();
    const o = await owner(server);
    await book(server, o, nowSec(server) + 10 * DAY, { birthday: '1990-11-03' });
    const id = await planned(o, 'birthday', nowSec(server) + 2 * DAY, { content: 'Happy birthday, {clientName}!' });
    await advance(server, DAY);
    expect(await messagesOf(server, o)).toHaveLength(0);
    await advance(server, DAY + 60); // 3 November 12:01 Moscow: started and planned in the same tick
    // Started as Waiting; its first turn ran in the same tick and sent all it planned: Done until the next turn.
    expect((await flowRow(id)).status).toBe('Done');
    expect((await messagesOf(server, o)).map((m) => [m.flowId, m.status, m.text])).toEqual([[id, 'sent', 'Happy birthday, Anna!']]);
    await advance(server, HOUR);
    expect(await messagesOf(server, o)).toHaveLength(1);
  });

  it('a paused flow stays paused; a kind outside the tariffs is not started and loses its planned start', async () => {
    reset();
    const o = await owner(server);
    const paused = await planned(o, 'newRecord', nowSec(server) + HOUR);
    expect((await server.call('POST', `/Flows/${paused}/Pause`, { token: o.token })).status).toBe(409); // already paused
    await server.api.db.update(flows).set({ nextStart: null }).where(eq(flows.id, paused)); // what Pause leaves
    const unpaid = await planned(o, 'birthday', nowSec(server) + HOUR);
    await server.api.db.delete(payments).where(eq(payments.userId, o.id));
    await advance(server, 2 * HOUR);
    expect((await flowRow(paused)).status).toBe('Pause');
    const row = await flowRow(unpaid);
    expect([row.status, row.nextStart, row.lastStart]).toEqual(['Pause', null, null]);
  });
});
