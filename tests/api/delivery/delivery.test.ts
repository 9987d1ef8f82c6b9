// Booking-event flow kinds: reminders at 24/2/1 h, new/changed/cancelled notices, review request and cross-sell
// after the visit, all through the demo booking API and the sandbox channel, with a movable clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyDeliveryEvent } from '../../../src/server/delivery/events.ts';
import type { TestServer } from '../harness.ts';
import { advance, book, DAY, deliveryServer, flow, HOUR, messagesOf, nowSec, owner, sandboxLog } from './support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await deliveryServer();
});
afterAll(async () => server?.close());

describe('record reminders', () => {
  it('plans 24, 2 and 1 hours before the visit and sends each when due', async () => {
    const o = await owner(server);
    await flow(server, o, 'recordReminder');
    const start = nowSec(server) + 3 * DAY;
    const record = await book(server, o, start);
    const planned = await messagesOf(server, o);
    expect(planned.map((m) => Math.round((start * 1000 - m.plannedAt.getTime()) / 3_600_000))).toEqual([24, 2, 1]);
    expect(planned.every((m) => m.status === 'queued' && m.recordId === record.id)).toBe(true);

    await advance(server, 2 * DAY - 60); // just before the 24 h reminder
    expect((await messagesOf(server, o)).filter((m) => m.status === 'sent')).toHaveLength(0);
    await advance(server, 60);
    const sent = (await messagesOf(server, o)).filter((m) => m.status === 'sent');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.sentTo).toBe('79161234567');
    expect(sent[0]!.text).toMatch(/^Hello Anna, recordReminder \d\d\.\d\d\.2026 \d\d:\d\d$/);
    await advance(server, 23 * HOUR);
    expect((await messagesOf(server, o)).map((m) => m.status)).toEqual(['sent', 'sent', 'sent']);
  });

  it('a flow delay sets its own single offset; reminders already past are not planned', async () => {
    const o = await owner(server);
    await flow(server, o, 'recordReminder', { delayMinutes: 30 });
    await book(server, o, nowSec(server) + 20 * 60); // in 20 minutes: the 30-minute reminder is already past
    expect(await messagesOf(server, o)).toHaveLength(0);
    await book(server, o, nowSec(server) + 2 * HOUR, { phone: '+79161234568' });
    const [m] = await messagesOf(server, o);
    expect(m!.plannedAt.getTime()).toBe((nowSec(server) + 90 * 60) * 1000);
  });

  it('a moved record cancels its queued reminders and plans new ones; a cancelled record withdraws everything', async () => {
    const o = await owner(server);
    await flow(server, o, 'recordReminder');
    const changed = await flow(server, o, 'changedRecord');
    const cancelled = await flow(server, o, 'cancelledRecord');
    const start = nowSec(server) + 3 * DAY;
    const record = await book(server, o, start);
    const moved = await server.call('POST', `/Booking/Records/${record.id}/Move`, { token: o.token, body: { startUnixTime: start + DAY } });
    expect(moved.status).toBe(200);
    expect(moved.body.version).toBe(2);
    let all = await messagesOf(server, o);
    expect(all.filter((m) => m.kind === 'recordReminder' && m.status === 'cancelled').map((m) => m.reason)).toEqual(['record moved', 'record moved', 'record moved']);
    const fresh = all.filter((m) => m.kind === 'recordReminder' && m.status === 'queued');
    expect(fresh.map((m) => (start + DAY) * 1000 - m.plannedAt.getTime())).toEqual([24, 2, 1].map((h) => h * 3_600_000));
    expect(all.filter((m) => m.flowId === changed)).toHaveLength(1);

    await advance(server, 60);
    expect((await messagesOf(server, o)).find((m) => m.flowId === changed)!.status).toBe('sent');

    const cancel = await server.call('POST', `/Booking/Records/${record.id}/Cancel`, { token: o.token });
    expect(cancel.body.status).toBe('cancelled');
    all = await messagesOf(server, o);
    expect(all.filter((m) => m.kind === 'recordReminder' && m.status === 'queued')).toHaveLength(0);
    expect(all.find((m) => m.flowId === cancelled)!.status).toBe('queued');
    await advance(server, 60);
    expect((await messagesOf(server, o)).find((m) => m.flowId === cancelled)!.status).toBe('sent');
    // A cancelled record cannot move again: 409, nothing planned.
    const again = await server.call('POST', `/Booking/Records/${record.id}/Move`, { token: o.token, body: { startUnixTime: start } });
    expect(again.status).toBe(409);
  });

  it('change switches decide which edits count as a change', async () => {
    const o = await owner(server);
    await flow(server, o, 'changedRecord', { changeConsideration: { date: true, time: true, master: false, services: true } });
    const m1 = await server.call('POST', '/Booking/Masters', { token: o.token, body: { name: 'Olga' } });
    const m2 = await server.call('POST', '/Booking/Masters', { token: o.token, body: { name: 'Irina' } });
    const record = await book(server, o, nowSec(server) + DAY, { masterId: m1.body.id });
    await server.call('POST', `/Booking/Records/${record.id}/Move`, { token: o.token, body: { masterId: m2.body.id } });
    expect(await messagesOf(server, o)).toHaveLength(0); // master changes are switched off
    await server.call('POST', `/Booking/Records/${record.id}/Move`, { token: o.token, body: { startUnixTime: nowSec(server) + DAY + HOUR } });
    expect(await messagesOf(server, o)).toHaveLength(1);
  });
});

describe('notices and after-visit messages', () => {
  it('new-record notice goes out at once; review request and cross-sell after arrival with their delays', async () => {
    const o = await owner(server);
    await flow(server, o, 'newRecord', { content: 'Booked {clientName} with {masterName}: {serviceTitle}' });
    const review = await flow(server, o, 'reviewRequest', { delayMinutes: 120 });
    const cross = await flow(server, o, 'crossSell', { delayMinutes: 60 * 24 });
    const master = await server.call('POST', '/Booking/Masters', { token: o.token, body: { name: 'Olga' } });
    const service = await server.call('POST', '/Booking/Services', { token: o.token, body: { title: 'Haircut', price: 1500 } });
    const record = await book(server, o, nowSec(server) + HOUR, { masterId: master.body.id, serviceIds: [service.body.id] });
    await advance(server, 1);
    const [notice] = await messagesOf(server, o);
    expect(notice!.status).toBe('sent');
    expect(notice!.text).toBe('Booked Anna with Olga: Haircut');

    await advance(server, HOUR);
    const arrived = await server.call('POST', `/Booking/Records/${record.id}/Status`, { token: o.token, body: { status: 'arrived' } });
    expect(arrived.body.status).toBe('arrived');
    let all = await messagesOf(server, o);
    expect(all.find((m) => m.flowId === review)!.plannedAt.getTime()).toBe(server.clock.now() + 120 * 60_000);
    await advance(server, 2 * HOUR);
    all = await messagesOf(server, o);
    expect(all.find((m) => m.flowId === review)!.status).toBe('sent');
    expect(all.find((m) => m.flowId === cross)!.status).toBe('queued');
    await advance(server, DAY);
    expect((await messagesOf(server, o)).find((m) => m.flowId === cross)!.status).toBe('sent');
    // Arrival counts the visit and the spend.
    const repeat = await server.call('POST', `/Booking/Records/${record.id}/Status`, { token: o.token, body: { status: 'arrived' } });
    expect(repeat.status).toBe(200);
    expect((await messagesOf(server, o)).filter((m) => m.flowId === review)).toHaveLength(1);
  });

  it('the sandbox plays delivered, read and replied; statuses only move forward; the log shows them', async () => {
    const o = await owner(server);
    const id = await flow(server, o, 'newRecord');
    await book(server, o, nowSec(server) + DAY);
    await advance(server, 1);
    const [m] = await messagesOf(server, o);
    const sbx = (await sandboxLog(server)).find((s) => s.idempotencyKey === m!.idempotencyKey)!;
    expect(sbx.to).toBe('79161234567');
    for (const status of ['delivered', 'read', 'replied'] as const) {
      expect(await applyDeliveryEvent(server.api.db, { providerMessageId: sbx.providerMessageId, status, at: server.clock.now() })).toBe(true);
    }
    expect(await applyDeliveryEvent(server.api.db, { providerMessageId: sbx.providerMessageId, status: 'delivered', at: server.clock.now() })).toBe(false);
    const log = await server.call('GET', `/Messages?flowId=${id}&status=replied`, { token: o.token });
    expect(log.status).toBe(200);
    expect(log.body.total).toBe(1);
    expect(log.body.messages[0]).toMatchObject({ flowId: id, status: 'replied', channel: 'sandbox', recipient: '79161234567' });
    expect(log.body.messages[0].deliveredUnixTime).not.toBeNull();
    expect(log.body.allowance).toEqual({ limit: null, used: 1, left: null, warning: null });
  });
});

describe('booking API guards', () => {
  it('another owner’s record answers 404; a bad phone is a 400 naming the field and books nothing', async () => {
    const a = await owner(server);
    const b = await owner(server);
    const record = await book(server, a, nowSec(server) + DAY);
    for (const [method, path, body] of [
      ['GET', `/Booking/Records/${record.id}`, undefined],
      ['POST', `/Booking/Records/${record.id}/Cancel`, undefined],
      ['POST', `/Booking/Records/${record.id}/Move`, { startUnixTime: nowSec(server) }],
      ['POST', `/Booking/Records/${record.id}/Status`, { status: 'arrived' }],
    ] as const) {
      expect((await server.call(method, path, { token: b.token, body })).status).toBe(404);
    }
    const bad = await server.call('POST', '/Booking/Records', { token: b.token, body: { phone: '12', startUnixTime: nowSec(server) } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^phone: /);
    const foreignMaster = await server.call('POST', '/Booking/Masters', { token: a.token, body: { name: 'A' } });
    const bad2 = await server.call('POST', '/Booking/Records', { token: b.token, body: { phone: '+79161234567', masterId: foreignMaster.body.id, startUnixTime: nowSec(server) } });
    expect(bad2.status).toBe(400);
    expect(bad2.body.message).toMatch(/^masterId: /);
    expect(bad2.body.errors[0]).toMatchObject({ field: 'masterId', code: expect.any(String) });
    expect(await messagesOf(server, b)).toHaveLength(0);
    expect((await server.call('PUT', '/Booking/Settings', { token: b.token, body: { timeZone: 'Mars/Base' } })).status).toBe(400);
  });
});
