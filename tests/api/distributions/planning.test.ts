// Planning per day (docs/distributions.md "Planning and caps"): the daily cap, allowed days, the start date, the
// finish estimate, and an engine stop (Error) that loses nobody.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { flows } from '../../../src/server/modules/flows/schema.ts';
import { distributionRecipients } from '../../../src/server/modules/distributions/schema.ts';
import type { TestServer } from '../harness.ts';
import { advance, DAY, deliveryServer, nowSec } from '../delivery/support.ts';
import { addRecipients, buyMessages, combat, control, createDistribution, distMessages, distOwner, get, messagesLeft, phones, recipientStates } from './support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await deliveryServer({ DISTRIBUTION_DAILY_MAX: '1000' });
});
afterAll(() => server.close());

describe('the day allotment', () => {
  it('plans at most the daily cap a day, oldest first, and estimates the finish from the cap', async () => {
    const o = await distOwner(server);
    const d = await createDistribution(server, o);
    await combat(server, o, d.id);
    await addRecipients(server, d.id, phones(5, 10));
    await buyMessages(server, o, 100);
    await server.call('PATCH', `/Distributions/${d.id}`, { token: o.token, body: { dailyCap: 2 } });
    await control(server, o, d.id, 'Start');
    await advance(server, 1);
    await advance(server, 60);
    let now = await get(server, o, d.id);
    expect(now.counts).toMatchObject({ sent: 2, pending: 3 });
    expect(now.status).toBe('Waiting');
    // 3 left at 2 a day: tomorrow and the day after; the estimate is the day after's first hour (sending hours 0..24).
    expect(now.finishEstimate).toBeGreaterThan(nowSec(server) + DAY - 12 * 3600);
    expect(now.finishEstimate).toBeLessThanOrEqual(nowSec(server) + 2 * DAY);
    const first = (await recipientStates(server, d.id)).filter((r) => r.state === 'planned').map((r) => r.phone);
    expect(first).toEqual(phones(5, 10).slice(0, 2));
    await advance(server, DAY);
    await advance(server, DAY);
    now = await get(server, o, d.id);
    expect(now.counts).toMatchObject({ sent: 5, pending: 0 });
    expect(now.status).toBe('Done');
    expect(await messagesLeft(server, o)).toBe(95);
  });

  it('a cap above DISTRIBUTION_DAILY_MAX is refused with that maximum', async () => {
    const o = await distOwner(server);
    const d = await createDistribution(server, o);
    expect(d.dailyCap).toBe(300);
    const high = await server.call('PATCH', `/Distributions/${d.id}`, { token: o.token, body: { dailyCap: 1001 } });
    expect(high.body.errors[0].params).toEqual({ max: 1000 });
    expect((await server.call('PATCH', `/Distributions/${d.id}`, { token: o.token, body: { dailyCap: 1000 } })).status).toBe(200);
  });

  it('waits for the start date and for an allowed day of the week', async () => {
    const o = await distOwner(server);
    const d = await createDistribution(server, o);
    await combat(server, o, d.id);
    await addRecipients(server, d.id, phones(3, 20));
    await buyMessages(server, o, 100);
    await server.call('PATCH', `/Distributions/${d.id}`, { token: o.token, body: { startDate: nowSec(server) + 2 * DAY } });
    await control(server, o, d.id, 'Start');
    await advance(server, 1);
    expect((await get(server, o, d.id)).status).toBe('Waiting');
    expect(await distMessages(server, d.id)).toEqual([]);
    await advance(server, 2 * DAY);
    expect((await get(server, o, d.id)).counts.sent).toBe(3);

    const e = await createDistribution(server, o);
    await combat(server, o, e.id);
    await addRecipients(server, e.id, phones(2, 30));
    // Only the day after tomorrow (Moscow, the owner's zone) is allowed.
    const weekday = new Date(server.clock.now() + 3 * 3600_000).getUTCDay() || 7;
    await server.call('PATCH', `/Distributions/${e.id}`, { token: o.token, body: { daysOfWeek: [((weekday + 1) % 7) + 1] } });
    await control(server, o, e.id, 'Start');
    await advance(server, 1);
    expect(await distMessages(server, e.id)).toEqual([]);
    expect((await get(server, o, e.id)).status).toBe('Waiting');
    await advance(server, DAY);
    expect(await distMessages(server, e.id)).toEqual([]);
    await advance(server, DAY);
    expect((await get(server, o, e.id)).counts.sent).toBe(2);
  });

  it('an engine stop (Error) loses nobody: queued messages go back to pending and a resume sends them once', async () => {
    const o = await distOwner(server);
    const d = await createDistribution(server, o);
    await combat(server, o, d.id, { sendingHours: { from: 1, to: 2 } });
    await addRecipients(server, d.id, phones(3, 40));
    await buyMessages(server, o, 100);
    await control(server, o, d.id, 'Start');
    await advance(server, 1);
    expect((await distMessages(server, d.id)).length).toBe(3);
    // As the dispatcher's stop would leave it.
    await server.api.db.update(flows).set({ status: 'Error', statusReason: 'senderSessionGone' }).where(eq(flows.id, d.id));
    await advance(server, 1);
    expect(await distMessages(server, d.id)).toEqual([]);
    expect((await recipientStates(server, d.id)).every((r) => r.state === 'pending')).toBe(true);
    expect((await get(server, o, d.id))).toMatchObject({ status: 'Error', statusReason: 'senderSessionGone' });
    expect(await messagesLeft(server, o)).toBe(100);
    await control(server, o, d.id, 'Resume');
    await advance(server, 13 * 3600);
    const keys = (await distMessages(server, d.id)).map((m) => [m.idempotencyKey, m.status]);
    expect(keys.length).toBe(3);
    expect(keys.every(([, s]) => s === 'sent')).toBe(true);
  });

  it('a table imported again after a run messages nobody twice: its rows are linked to the messages they already got', async () => {
    const o = await distOwner(server);
    const d = await createDistribution(server, o);
    await combat(server, o, d.id);
    await addRecipients(server, d.id, phones(3, 60));
    await buyMessages(server, o, 100);
    await control(server, o, d.id, 'Start');
    await advance(server, 1);
    expect((await get(server, o, d.id)).counts.sent).toBe(3);
    // The import replaces the table: the same numbers and one new.
    await server.api.db.delete(distributionRecipients).where(eq(distributionRecipients.distributionId, d.id));
    await addRecipients(server, d.id, [...phones(3, 60), ...phones(1, 70)]);
    await control(server, o, d.id, 'Start');
    await advance(server, 1);
    expect((await distMessages(server, d.id)).length).toBe(4);
    const now = await get(server, o, d.id);
    expect(now.counts).toMatchObject({ recipients: 4, sent: 4, pending: 0 });
    expect(now.status).toBe('Done');
    expect(await messagesLeft(server, o)).toBe(96);
  });
});
