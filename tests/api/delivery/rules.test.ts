// Send-time rules: sending hours in the business time zone, test vs combat mode, blacklist, end date, paused
// flows, filters, first-send flag, daily cap and monthly allowance, retries with backoff.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SendResult } from '../../../src/server/delivery/channels/channel.ts';
import { ignoredPhones } from '../../../src/server/modules/phones/schema.ts';
import { users } from '../../../src/server/modules/account/schema.ts';
import { dispatchDue } from '../../../src/server/delivery/dispatcher.ts';
import { ALLOWANCE_REACHED } from '../../../src/server/delivery/rules.ts';
import type { TestServer } from '../harness.ts';
import { advance, book, DAY, deliveryServer, fakeChannel, flow, HOUR, messagesOf, nowSec, owner } from './support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await deliveryServer();
});
afterAll(async () => server?.close());

describe('sending hours and time zones', () => {
  it('a message due at night waits for the morning window of the business zone (Moscow)', async () => {
    const o = await owner(server);
    await flow(server, o, 'newRecord', { sendingHours: { from: 9, to: 21 } });
    // Clock: 09:00 UTC = 12:00 in Moscow. Move to 19:00 UTC = 22:00 Moscow, after the window.
    await advance(server, 10 * HOUR);
    await book(server, o, nowSec(server) + 2 * DAY);
    await advance(server, 1);
    const [m] = await messagesOf(server, o);
    expect(m!.status).toBe('queued');
    expect(m!.reason).toBe('outside sending hours');
    const morning = Date.UTC(2026, 10, 2, 6, 0); // 09:00 Moscow next day
    expect(m!.plannedAt.getTime()).toBe(morning);
    await advance(server, (morning - server.clock.now()) / 1000 - 60);
    expect((await messagesOf(server, o))[0]!.status).toBe('queued');
    await advance(server, 60);
    expect((await messagesOf(server, o))[0]!.status).toBe('sent');
    server.clock.ms = Date.UTC(2026, 10, 1, 9, 0);
  });

  it('another business zone (São Paulo, UTC−3) shifts both the window and the visit time in the text', async () => {
    const o = await owner(server);
    expect((await server.call('PUT', '/Booking/Settings', { token: o.token, body: { timeZone: 'America/Sao_Paulo' } })).status).toBe(200);
    expect((await server.call('GET', '/Booking/Settings', { token: o.token })).body).toEqual({ timeZone: 'America/Sao_Paulo' });
    await flow(server, o, 'newRecord', { sendingHours: { from: 9, to: 21 }, content: 'See you {recordDate} at {recordTime}' });
    // 09:00 UTC = 06:00 in São Paulo: before the window, which opens at 12:00 UTC.
    await book(server, o, Math.floor(Date.UTC(2026, 10, 3, 13, 30) / 1000));
    await advance(server, 1);
    const [m] = await messagesOf(server, o);
    expect(m!.plannedAt.getTime()).toBe(Date.UTC(2026, 10, 1, 12, 0));
    await advance(server, 3 * HOUR);
    const [sent] = await messagesOf(server, o);
    expect(sent!.status).toBe('sent');
    expect(sent!.text).toBe('See you 03.11.2026 at 10:30');
    server.clock.ms = Date.UTC(2026, 10, 1, 9, 0);
  });
});

describe('who receives it', () => {
  it('test mode sends to the test numbers (each its own message: test-mode.test.ts), or to the owner when there is none; combat to the client', async () => {
    const o = await owner(server);
    const withNumbers = await flow(server, o, 'newRecord', { mode: 'test', testPhones: '+79035550101, +79035550102' });
    const ownerOnly = await flow(server, o, 'newRecord', { mode: 'test' });
    const combat = await flow(server, o, 'newRecord', { mode: 'combat' });
    await book(server, o, nowSec(server) + DAY);
    await advance(server, 1);
    const all = await messagesOf(server, o);
    expect(all.find((m) => m.flowId === withNumbers)!.sentTo).toBe('79035550101');
    expect(all.find((m) => m.flowId === ownerOnly)!.sentTo).toBe('79991112233');
    expect(all.find((m) => m.flowId === combat)!.sentTo).toBe('79161234567');
    expect(all.every((m) => m.recipient === '79161234567' && m.status === 'sent')).toBe(true);
  });

  it('a blacklisted number is never messaged', async () => {
    const o = await owner(server);
    await flow(server, o, 'newRecord');
    await server.api.db.insert(ignoredPhones).values({ userId: o.id, phone: '79161234567', createdAt: new Date(server.clock.now()) });
    await book(server, o, nowSec(server) + DAY);
    await book(server, o, nowSec(server) + DAY, { phone: '+79161234599' });
    await advance(server, 1);
    const all = await messagesOf(server, o);
    expect(all.map((m) => [m.recipient, m.status, m.reason])).toEqual([
      ['79161234567', 'cancelled', 'blacklisted'],
      ['79161234599', 'sent', null],
    ]);
  });
});

describe('flow state at send time', () => {
  it('a paused flow and a flow past its end date send nothing', async () => {
    const o = await owner(server);
    const paused = await flow(server, o, 'recordReminder');
    const ending = await flow(server, o, 'recordReminder', { endDate: nowSec(server) + 2 * DAY });
    await book(server, o, nowSec(server) + 4 * DAY);
    expect((await server.call('POST', `/Flows/${paused}/Pause`, { token: o.token })).status).toBe(200);
    await advance(server, 4 * DAY);
    const all = await messagesOf(server, o);
    expect(new Set(all.filter((m) => m.flowId === paused).map((m) => m.reason))).toEqual(new Set(['flow stopped (Pause)']));
    expect(new Set(all.filter((m) => m.flowId === ending).map((m) => m.reason))).toEqual(new Set(['flow ended']));
    server.clock.ms = Date.UTC(2026, 10, 1, 9, 0);
  });

  it('filters and the first-send flag', async () => {
    const o = await owner(server);
    const regulars = await flow(server, o, 'newRecord', { filters: { visitCount: { from: 1, to: 100 } } });
    const once = await flow(server, o, 'newRecord', { firstSendOnly: true });
    await book(server, o, nowSec(server) + DAY);
    await advance(server, 1);
    await book(server, o, nowSec(server) + 2 * DAY);
    await advance(server, 1);
    const all = await messagesOf(server, o);
    expect(all.filter((m) => m.flowId === regulars).map((m) => m.reason)).toEqual(['filtered out', 'filtered out']);
    expect(all.filter((m) => m.flowId === once).map((m) => m.status)).toEqual(['sent', 'cancelled']);
  });
});

describe('caps', () => {
  it('the monthly allowance stops sending at the limit with the §8 text, and the log warns', async () => {
    const o = await owner(server);
    await server.api.db.update(users).set({ monthlyMessageLimit: 2 }).where(eq(users.id, o.id));
    await flow(server, o, 'newRecord');
    for (const phone of ['+79160000001', '+79160000002', '+79160000003']) await book(server, o, nowSec(server) + DAY, { phone });
    await advance(server, 1);
    const all = await messagesOf(server, o);
    expect(all.map((m) => m.status)).toEqual(['sent', 'sent', 'failed']);
    expect(all[2]!.reason).toBe(ALLOWANCE_REACHED);
    const log = await server.call('GET', '/Messages', { token: o.token });
    expect(log.body.allowance).toEqual({ limit: 2, used: 2, left: 0, warning: ALLOWANCE_REACHED });
    await server.api.db.update(users).set({ monthlyMessageLimit: 101 }).where(eq(users.id, o.id));
    expect((await server.call('GET', '/Messages', { token: o.token })).body.allowance.warning).toBe('You have fewer than 100 messages left');
  });

  it('a daily cap (DELIVERY_DAILY_CAP) moves the rest to the next local day', async () => {
    const capped = await deliveryServer({ DELIVERY_DAILY_CAP: '2' });
    try {
      const o = await owner(capped);
      await flow(capped, o, 'newRecord');
      for (const phone of ['+79160000001', '+79160000002', '+79160000003']) await book(capped, o, nowSec(capped) + 3 * DAY, { phone });
      await advance(capped, 1);
      const all = await messagesOf(capped, o);
      expect(all.map((m) => m.status)).toEqual(['sent', 'sent', 'queued']);
      expect(all[2]!.reason).toBe('daily cap reached');
      expect(all[2]!.plannedAt.getTime()).toBe(Date.UTC(2026, 10, 1, 21, 0)); // midnight in Moscow
      await advance(capped, DAY);
      expect((await messagesOf(capped, o)).map((m) => m.status)).toEqual(['sent', 'sent', 'sent']);
    } finally {
      await capped.close();
    }
  });
});

describe('retries', () => {
  /** A provider fake: answers from a script, then succeeds. */
  const scripted = (answers: SendResult[]) => fakeChannel(() => answers.shift());

  it('a retryable failure is retried with backoff and the same idempotency key; a rate limit pauses the batch', async () => {
    const o = await owner(server);
    await flow(server, o, 'newRecord');
    for (const phone of ['+79160000001', '+79160000002', '+79160000003']) await book(server, o, nowSec(server) + DAY, { phone });
    const channel = scripted([{ ok: false, retryable: true, retryAfterMs: 90_000, reason: 'rate limited' }]);
    const deps = { db: server.api.db, config: server.api.config, channel };
    const stats = await dispatchDue(deps);
    expect(stats.retried).toBe(1);
    expect(channel.calls).toHaveLength(1); // the rest of the batch was not hammered
    let all = await messagesOf(server, o);
    expect(all.map((m) => [m.status, m.attempts])).toEqual([['queued', 1], ['queued', 0], ['queued', 0]]);
    expect(all[0]!.reason).toBe('rate limited');
    expect(all.every((m) => m.plannedAt.getTime() === server.clock.now() + 90_000)).toBe(true);
    server.clock.advance(90);
    await dispatchDue(deps);
    all = await messagesOf(server, o);
    expect(all.map((m) => m.status)).toEqual(['sent', 'sent', 'sent']);
    expect(channel.calls.filter((c) => c.idempotencyKey === all[0]!.idempotencyKey)).toHaveLength(2);
  });

  it('an ambiguous failure (the provider may have delivered it) is never resent: failed with "outcome unknown"', async () => {
    const o = await owner(server);
    await flow(server, o, 'newRecord');
    await book(server, o, nowSec(server) + DAY, { phone: '+79160000001' });
    const channel = scripted([{ ok: false, retryable: true, ambiguous: true, reason: 'timeout' }]);
    const deps = { db: server.api.db, config: server.api.config, channel };
    for (let i = 0; i < 3; i++) {
      await dispatchDue(deps);
      server.clock.advance(3600);
    }
    expect(channel.calls).toHaveLength(1);
    const all = await messagesOf(server, o);
    expect(all.map((m) => [m.status, m.reason, m.attempts])).toEqual([['failed', 'outcome unknown', 1]]);
  });

  it('a permanent failure and exhausted retries end as failed with the reason', async () => {
    const o = await owner(server);
    await flow(server, o, 'newRecord');
    await book(server, o, nowSec(server) + DAY, { phone: '+79160000001' });
    await book(server, o, nowSec(server) + DAY, { phone: '+79160000002' });
    const flaky = Array.from({ length: 5 }, () => ({ ok: false as const, retryable: true, reason: 'timeout' }));
    const channel = scripted([{ ok: false, retryable: false, reason: 'chat not found' }, ...flaky]);
    const deps = { db: server.api.db, config: server.api.config, channel };
    for (let i = 0; i < 6; i++) {
      await dispatchDue(deps);
      server.clock.advance(3600);
    }
    const all = await messagesOf(server, o);
    expect(all.map((m) => [m.status, m.reason, m.attempts])).toEqual([
      ['failed', 'chat not found', 1],
      ['failed', 'timeout', 5],
    ]);
  });
});
