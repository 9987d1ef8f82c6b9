// Set-based dispatch (docs/delivery.md "Dispatcher and crash safety"): one claimed batch mixing every send-time rule
// outcome settles each message as the per-message rules did, in one claim and one settle per outcome kind.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Channel } from '../../../src/server/delivery/channels/channel.ts';
import { SEND_CONCURRENCY } from '../../../src/server/delivery/channels/send-claimed.ts';
import { dispatchBatch } from '../../../src/server/delivery/dispatcher.ts';
import { ALLOWANCE_REACHED } from '../../../src/server/delivery/rules.ts';
import { users } from '../../../src/server/modules/account/schema.ts';
import { ignoredPhones, subscribers } from '../../../src/server/modules/phones/schema.ts';
import type { TestServer } from '../harness.ts';
import { book, DAY, deliveryServer, flow, messagesOf, nowSec, owner, sandboxLog, type Owner } from './support.ts';

let server: TestServer;
beforeAll(async () => {
  // A daily cap of 2 per business, and one batch big enough for every message below.
  server = await deliveryServer({ DELIVERY_DAILY_CAP: '2', DELIVERY_BATCH_SIZE: '100' });
});
afterAll(async () => server?.close());

const bookAll = async (o: Owner, phones: string[]) => {
  for (const phone of phones) await book(server, o, nowSec(server) + DAY, { phone });
};
const outcomes = async (o: Owner) => (await messagesOf(server, o)).map((m) => [m.sentTo ?? m.recipient, m.status, m.reason]);

it('a batch mixing every rule outcome settles each message as the per-message rules did', async () => {
  const at = new Date(server.clock.now());
  // Blacklisted, unsubscribed on this channel, and one that goes out.
  const a = await owner(server);
  await flow(server, a, 'newRecord');
  await server.api.db.insert(ignoredPhones).values({ userId: a.id, phone: '79160000001', createdAt: at });
  await server.api.db.insert(subscribers).values({ userId: a.id, channel: 'sandbox', phone: '79160000002', status: 'unsubscribed', createdAt: at, updatedAt: at });
  await bookAll(a, ['+79160000001', '+79160000002', '+79160000003']);
  // Outside the sending hours (12:00 in Moscow; the window is 20–22).
  const b = await owner(server);
  await flow(server, b, 'newRecord', { sendingHours: { from: 20, to: 22 } });
  await bookAll(b, ['+79160000011']);
  // Monthly allowance of 1: the second fails with the §8 text.
  const c = await owner(server);
  await server.api.db.update(users).set({ monthlyMessageLimit: 1 }).where(eq(users.id, c.id));
  await flow(server, c, 'newRecord');
  await bookAll(c, ['+79160000021', '+79160000022']);
  // Over the daily cap of 2: the third waits for the next local midnight.
  const d = await owner(server);
  await flow(server, d, 'newRecord');
  await bookAll(d, ['+79160000031', '+79160000032', '+79160000033']);
  // First send only: two bookings of one client in the same batch, the second notice is cancelled.
  const f = await owner(server);
  await flow(server, f, 'newRecord', { firstSendOnly: true });
  await bookAll(f, ['+79160000041', '+79160000041']);
  // Test mode: the first test number, a copy to the second, and a blacklisted third's copy cancelled.
  const e = await owner(server);
  await flow(server, e, 'newRecord', { mode: 'test', testPhones: '+79035550101, +79035550102, +79035550103' });
  await server.api.db.insert(ignoredPhones).values({ userId: e.id, phone: '79035550103', createdAt: at });
  await bookAll(e, ['+79160000051']);

  server.clock.advance(1);
  const deps = { db: server.api.db, config: server.api.config, channel: server.api.delivery.channel };
  const stats = await dispatchBatch(deps);
  expect(stats).toEqual({ claimed: 12, sent: 7, failed: 1, retried: 0, deferred: 2, cancelled: 4 });

  expect(await outcomes(a)).toEqual([
    ['79160000001', 'cancelled', 'blacklisted'],
    ['79160000002', 'cancelled', 'unsubscribed'],
    ['79160000003', 'sent', null],
  ]);
  expect(await outcomes(b)).toEqual([['79160000011', 'queued', 'outside sending hours']]);
  expect((await messagesOf(server, b))[0]!.plannedAt.toISOString()).toBe('2026-11-01T17:00:00.000Z'); // 20:00 Moscow
  expect(await outcomes(c)).toEqual([
    ['79160000021', 'sent', null],
    ['79160000022', 'failed', ALLOWANCE_REACHED],
  ]);
  expect(await outcomes(d)).toEqual([
    ['79160000031', 'sent', null],
    ['79160000032', 'sent', null],
    ['79160000033', 'queued', 'daily cap reached'],
  ]);
  expect((await messagesOf(server, d))[2]!.plannedAt.toISOString()).toBe('2026-11-01T21:00:00.000Z'); // midnight Moscow
  expect(await outcomes(f)).toEqual([
    ['79160000041', 'sent', null],
    ['79160000041', 'cancelled', 'already sent to this client (first send only)'],
  ]);
  expect(await outcomes(e)).toEqual([
    ['79035550101', 'sent', null],
    ['79035550102', 'sent', null],
    ['79160000051', 'cancelled', 'blacklisted'],
  ]);
  // The channel got each sent message once, with its text rendered for its own record.
  const log = await sandboxLog(server);
  expect(log.map((r) => r.to).sort()).toEqual(['79035550101', '79035550102', '79160000003', '79160000021', '79160000031', '79160000032', '79160000041'].sort());
  expect(log.every((r) => r.sends === 1 && r.text.startsWith('Hello Anna, newRecord '))).toBe(true);

  // Nothing else is due now: the waits keep their moments, the stops stay stopped.
  expect((await dispatchBatch(deps)).claimed).toBe(0);
});

it("a provider's sends of one batch run concurrently (at most SEND_CONCURRENCY at once) and all settle", async () => {
  const o = await owner(server);
  await flow(server, o, 'newRecord');
  await bookAll(o, Array.from({ length: 12 }, (_, i) => `+7916111${String(i).padStart(4, '0')}`));
  let inFlight = 0;
  let most = 0;
  const keys: string[] = [];
  const provider: Channel = {
    name: 'sandbox',
    async send(m) {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 20));
      inFlight--;
      keys.push(m.idempotencyKey);
      return { ok: true, providerMessageId: `p-${m.idempotencyKey}` };
    },
  };
  server.clock.advance(1);
  // The daily cap of 2 is this server's; this owner's batch is counted without it.
  const config = { ...server.api.config, delivery: { ...server.api.config.delivery, dailyCap: 0 } };
  const stats = await dispatchBatch({ db: server.api.db, config, channel: provider });
  expect(stats).toMatchObject({ claimed: 12, sent: 12 });
  expect(most).toBeGreaterThan(1);
  expect(most).toBeLessThanOrEqual(SEND_CONCURRENCY);
  expect(new Set(keys).size).toBe(12);
  const all = await messagesOf(server, o);
  expect(all.every((m) => m.status === 'sent' && m.providerMessageId === `p-${m.idempotencyKey}`)).toBe(true);
});

it("a provider's answer is recorded as it comes, before the rest of its batch is sent (a crash resends only what was in flight)", async () => {
  const o = await owner(server);
  await flow(server, o, 'newRecord');
  await bookAll(o, ['+79162220001', '+79162220002', '+79162220003']);
  const seenBeforeLast: string[][] = [];
  let sends = 0;
  const provider: Channel = {
    name: 'sandbox',
    async send(m) {
      // Slow start: the first send goes alone, so by the third the first answer must be in the database.
      if (++sends === 3) seenBeforeLast.push((await messagesOf(server, o)).filter((x) => x.status === 'sent').map((x) => x.idempotencyKey));
      return { ok: true, providerMessageId: `p-${m.idempotencyKey}` };
    },
  };
  server.clock.advance(1);
  const config = { ...server.api.config, delivery: { ...server.api.config.delivery, dailyCap: 0 } };
  expect(await dispatchBatch({ db: server.api.db, config, channel: provider })).toMatchObject({ claimed: 3, sent: 3 });
  expect(seenBeforeLast[0]!.length).toBeGreaterThanOrEqual(1);
});
