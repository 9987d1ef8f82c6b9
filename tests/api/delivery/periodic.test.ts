// Kinds planned by the planner tick: birthday greetings, repeat-visit reminders (30 days to 5 years, one retry
// 30 days later), daily and weekly reports to the owner, the reminder sweep for visits booked before the flow
// started; and a flow's conversion.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingClients } from '../../../src/server/modules/clients/schema.ts';
import type { TestServer } from '../harness.ts';
import { advance, book, DAY, deliveryServer, flow, HOUR, messagesOf, nowSec, owner } from './support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await deliveryServer();
});
afterAll(async () => server?.close());
const reset = () => (server.clock.ms = Date.UTC(2026, 10, 1, 9, 0));

describe('planner tick', () => {
  it('birthday greetings go out on the client’s local birthday, once a year', async () => {
    reset();
    const o = await owner(server);
    await book(server, o, nowSec(server) + 10 * DAY, { birthday: '1990-11-03' });
    await book(server, o, nowSec(server) + 10 * DAY, { phone: '+79161234599', birthday: '1985-12-24' });
    await flow(server, o, 'birthday', { content: 'Happy birthday, {clientName}!', sendingHours: { from: 10, to: 20 } });
    await advance(server, 1);
    expect(await messagesOf(server, o)).toHaveLength(0);
    await advance(server, 2 * DAY); // 3 November, 12:00 in Moscow
    let all = await messagesOf(server, o);
    expect(all.map((m) => [m.recipient, m.status, m.text])).toEqual([['79161234567', 'sent', 'Happy birthday, Anna!']]);
    await advance(server, 6 * HOUR);
    all = await messagesOf(server, o);
    expect(all).toHaveLength(1); // later ticks the same day plan nothing new
    reset();
  });

  it('a flow whose rows vanish while it plans is skipped for the tick; other flows still plan and send', async () => {
    reset();
    const [a, b] = [await owner(server), await owner(server)];
    for (const o of [a, b]) await book(server, o, nowSec(server) + 10 * DAY, { birthday: '1990-11-03' });
    const vanishing = await flow(server, a, 'birthday', { content: 'A {clientName}' });
    await flow(server, b, 'birthday', { content: 'B {clientName}' });
    // What a deletion racing the planner produces: the insert of flow A's chunk fails on a foreign key.
    const db = server.api.db;
    await db.execute(sql.raw(`CREATE FUNCTION vanish_fk() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF NEW.flow_id = ${vanishing} THEN RAISE foreign_key_violation USING MESSAGE = 'flow deleted meanwhile'; END IF; RETURN NEW; END $$`));
    await db.execute(sql.raw('CREATE TRIGGER vanish_fk BEFORE INSERT ON messages FOR EACH ROW EXECUTE FUNCTION vanish_fk()'));
    try {
      await advance(server, 2 * DAY + 3 * HOUR); // 3 November, 15:00 in Moscow
      expect((await messagesOf(server, b)).map((m) => [m.status, m.text])).toEqual([['sent', 'B Anna']]);
      expect(await messagesOf(server, a)).toHaveLength(0);
    } finally {
      await db.execute(sql.raw('DROP TRIGGER vanish_fk ON messages'));
      await db.execute(sql.raw('DROP FUNCTION vanish_fk()'));
    }
    // Still there: planned on the next tick.
    await advance(server, 60);
    expect((await messagesOf(server, a)).map((m) => m.text)).toEqual(['A Anna']);
    reset();
  });

  it('repeat visit: first reminder 30 days after the last visit, one retry 30 days later, none after a new booking', async () => {
    reset();
    const o = await owner(server);
    const id = await flow(server, o, 'repeatVisit');
    const visit = await book(server, o, nowSec(server) + HOUR);
    const other = await book(server, o, nowSec(server) + HOUR, { phone: '+79161234599' });
    await advance(server, HOUR);
    for (const r of [visit, other]) await server.call('POST', `/Booking/Records/${r.id}/Status`, { token: o.token, body: { status: 'arrived' } });
    await advance(server, 29 * DAY);
    expect(await messagesOf(server, o)).toHaveLength(0);
    await advance(server, DAY + HOUR);
    let all = await messagesOf(server, o);
    expect(all.map((m) => [m.recipient, m.status]).sort()).toEqual([['79161234567', 'sent'], ['79161234599', 'sent']]);
    // The second client books again: no retry for them.
    await book(server, o, nowSec(server) + 5 * DAY, { phone: '+79161234599' });
    await advance(server, 30 * DAY);
    all = (await messagesOf(server, o)).filter((m) => m.flowId === id);
    expect(all.map((m) => m.recipient).sort()).toEqual(['79161234567', '79161234567', '79161234599']);
    await advance(server, 40 * DAY);
    expect((await messagesOf(server, o)).filter((m) => m.flowId === id)).toHaveLength(3);
    // Conversion: one of the two messaged clients booked within 30 days.
    const conv = await server.call('GET', `/Flows/${id}/Conversion?days=30`, { token: o.token });
    expect(conv.body).toEqual({ flowId: id, days: 30, messaged: 2, converted: 1, share: 0.5 });
    expect((await server.call('GET', `/Flows/${id}/Conversion?days=10`, { token: o.token })).status).toBe(400);
    const stranger = await owner(server);
    expect((await server.call('GET', `/Flows/${id}/Conversion`, { token: stranger.token })).status).toBe(404);
    reset();
  });

  it('daily and weekly reports go to the owner with yesterday’s and last week’s numbers', async () => {
    reset();
    const o = await owner(server);
    const service = await server.call('POST', '/Booking/Services', { token: o.token, body: { title: 'Cut', price: 1000 } });
    const r = await book(server, o, nowSec(server) + HOUR, { serviceIds: [service.body.id] });
    await advance(server, HOUR);
    await server.call('POST', `/Booking/Records/${r.id}/Status`, { token: o.token, body: { status: 'arrived' } });
    const daily = await flow(server, o, 'dailyReport', { content: '{reportDate}: {recordsCount} visits, {revenue} revenue, {newClientsCount} new' });
    const weekly = await flow(server, o, 'weeklyReport', { content: 'Week from {reportDate}: {recordsCount}' });
    // The first tick plans for "today" (nothing yet); the next local day reports 1 November.
    await advance(server, 1);
    await advance(server, DAY);
    const reports = (await messagesOf(server, o)).filter((m) => m.flowId === daily);
    expect(reports.map((m) => [m.sentTo, m.text])).toContainEqual(['79991112233', '01.11.2026: 1 visits, 1000 revenue, 1 new']);
    // 1 November 2026 is a Sunday: the weekly report runs on the first tick, then on Monday 2 November.
    const weeks = (await messagesOf(server, o)).filter((m) => m.flowId === weekly);
    expect(weeks.at(-1)!.text).toBe('Week from 26.10.2026: 1');
    reset();
  });

  it('a reminder flow started after bookings plans reminders for the upcoming visits', async () => {
    reset();
    const o = await owner(server);
    await book(server, o, nowSec(server) + 3 * DAY);
    await book(server, o, nowSec(server) + 90 * 60, { phone: '+79161234599' });
    await flow(server, o, 'recordReminder');
    await advance(server, 1);
    const all = await messagesOf(server, o);
    expect(all).toHaveLength(4); // 24/2/1 h for the first, only 1 h for the one in 90 minutes
    await advance(server, 1);
    expect(await messagesOf(server, o)).toHaveLength(4);
    const [client] = await server.api.db.select().from(bookingClients).where(eq(bookingClients.userId, o.id));
    expect(client!.visitCount).toBe(0);
    reset();
  });
});
