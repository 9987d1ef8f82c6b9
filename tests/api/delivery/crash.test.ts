// Crash drill: the real server process dispatches a backlog on the sandbox channel while it is killed with SIGKILL
// again and again (and bookings arrive between the kills). Afterwards every planned message went out exactly once
// at the channel (one sandbox row per idempotency key), none is lost, every booking has its notice, and the monthly
// allowance was never exceeded.
import { rmSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { bookingRecords } from '../../../src/server/modules/booking/schema.ts';
import { messages, sandboxMessages } from '../../../src/server/delivery/schema.ts';
import { users } from '../../../src/server/modules/account/schema.ts';
import { createRecord } from '../../../src/server/modules/booking/store.ts';
import { ALLOWANCE_REACHED } from '../../../src/server/delivery/rules.ts';
import { startServer } from '../harness.ts';
import { DAY, deliveryServer, flow, owner } from './support.ts';
import { freePort } from '../../../scripts/free-port.ts';
import { killed, serverRunner, waitUp } from './crash-support.ts';

// Large and slow enough (small batches) that a fast dispatcher is still at work when the first kills land: a
// fresh server's first API answer alone takes long enough for hundreds of sends.
const BACKLOG = 3000;
const LIMIT = BACKLOG - 20; // the allowance runs out during the drill
const KILLS = 6;

it('SIGKILL during dispatch loses nothing, sends nothing twice and keeps the cap', { timeout: 240_000 }, async () => {
  // Set-up in-process: an owner with a running combat new-record flow, a backlog of bookings, a monthly limit.
  const setup = await deliveryServer({ SEED_DEMO: 'false' }); // the demo account's evening daily report would send beside the backlog
  const o = await owner(setup);
  await flow(setup, o, 'newRecord');
  await setup.api.db.update(users).set({ monthlyMessageLimit: LIMIT }).where(eq(users.id, o.id));
  const start = Math.floor(Date.now() / 1000) + 5 * DAY;
  // The backlog is booked through the booking model in one transaction (the API path is the same code, slower).
  await setup.api.db.transaction(async (tx) => {
    const ctx = { now: setup.clock.now(), channel: 'sandbox' as const, timeZone: 'Europe/Moscow' };
    for (let i = 0; i < BACKLOG; i++) await createRecord(tx, o.id, { phone: `+7916${1000000 + i}`, startAt: start * 1000 }, ctx);
  });
  const { dataDir, databaseUrl } = setup;
  await setup.stop();

  const port = await freePort();
  const base = `http://127.0.0.1:${port}/api/v1`;
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    PORT: String(port),
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ACCESS_TOKEN_TTL_SECONDS: '3650d',
    DELIVERY_INTERVAL_MS: '5',
    DELIVERY_BATCH_SIZE: '3',
    DELIVERY_LEASE_MS: '300',
  };
  const run = serverRunner(env);

  const sentSoFar = () =>
    fetch(`${base}/Messages?status=sent&pageSize=1`, { headers: { authorization: `Bearer ${o.token}` } })
      .then((r) => r.json() as Promise<{ total: number }>)
      .then((r) => r.total, () => 0);
  const confirmed: number[] = [];
  const runs: { up: number; kill: number }[] = []; // wall-clock times of the killed runs
  let phone = 2000000;
  for (let k = 0; k < KILLS; k++) {
    const child = run();
    await waitUp(port, child);
    const up = Date.now();
    // Bookings arrive while it dispatches; the kill may land in the middle of one.
    const posts = Array.from({ length: 6 }, () =>
      fetch(`${base}/Booking/Records`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${o.token}` },
        body: JSON.stringify({ phone: `+7916${phone++}`, startUnixTime: start }),
      })
        .then(async (r) => (r.status === 201 ? confirmed.push(((await r.json()) as { id: number }).id) : undefined))
        .catch(() => undefined),
    );
    // The last two runs live until their bookings are acknowledged; the others die mid-dispatch: at a random
    // moment, or sooner once a random number of further sends went out (a fast dispatcher would otherwise often
    // finish the backlog before the moment comes).
    if (k >= KILLS - 2) await Promise.race([Promise.all(posts), new Promise((r) => setTimeout(r, 15_000))]);
    else {
      const from = await sentSoFar();
      const step = 20 + Math.floor(Math.random() * 150);
      const until = Date.now() + 300 + Math.random() * 1200;
      while (Date.now() < until && (await sentSoFar()) < from + step) await new Promise((r) => setTimeout(r, 5));
    }
    runs.push({ up, kill: Date.now() });
    child.kill('SIGKILL');
    await Promise.all(posts);
    await killed(child);
  }
  // A last run to the end, then one more kill with nothing in flight.
  const last = run();
  await waitUp(port, last);
  for (let i = 0; i < 600; i++) {
    const log = await fetch(`${base}/Messages?status=queued&pageSize=1`, { headers: { authorization: `Bearer ${o.token}` } }).then((r) => r.json() as Promise<{ total: number }>);
    const sending = await fetch(`${base}/Messages?status=sending&pageSize=1`, { headers: { authorization: `Bearer ${o.token}` } }).then((r) => r.json() as Promise<{ total: number }>);
    if (log.total === 0 && sending.total === 0) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  last.kill('SIGKILL');
  await killed(last);

  // The stale lock of the killed process is taken over; the data is checked in-process.
  const check = await startServer({ reuse: { dataDir, databaseUrl }, env: { DELIVERY_INTERVAL_MS: '0' } });
  try {
    const db = check.api.db;
    const records = await db.select({ id: bookingRecords.id }).from(bookingRecords).where(eq(bookingRecords.userId, o.id));
    const all = await db.select().from(messages).where(eq(messages.userId, o.id));
    const log = await db.select().from(sandboxMessages);
    const ids = new Set(records.map((r) => r.id));
    // How far dispatch had got at each kill: sandbox rows stamped (server clock = wall clock) before it.
    const progress = runs.map((r) => log.filter((l) => l.createdAt.getTime() <= r.kill).length);
    expect(confirmed.length).toBeGreaterThan(0);
    for (const id of confirmed) expect(ids.has(id)).toBe(true); // an acknowledged booking survived
    expect(progress.filter((n) => n > 0 && n < LIMIT).length, `sent at each kill: ${progress.join(', ')}`).toBeGreaterThanOrEqual(2); // kills landed mid-dispatch
    // Outbox: exactly one notice per booking, whether or not the kill hit the request.
    expect(all.length).toBe(records.length);
    expect(new Set(all.map((m) => m.recordId)).size).toBe(records.length);
    const sent = all.filter((m) => m.status === 'sent');
    const capped = all.filter((m) => m.status === 'failed');
    expect(sent.length + capped.length).toBe(all.length); // nothing lost or stuck
    expect(sent.length).toBe(Math.min(LIMIT, all.length));
    expect(capped.every((m) => m.reason === ALLOWANCE_REACHED)).toBe(true);
    // The channel saw each sent message's key once; repeats after a kill were absorbed by the key.
    expect(log.length).toBe(sent.length);
    const byKey = new Map(log.map((l) => [l.idempotencyKey, l]));
    for (const m of sent) expect(byKey.get(m.idempotencyKey)?.providerMessageId).toBe(m.providerMessageId);
    const [{ repeats }] = (await db.select({ repeats: sql<number>`coalesce(sum(sends - 1), 0)::int` }).from(sandboxMessages)) as [{ repeats: number }];
    console.log(`crash drill: ${KILLS} kills (sent so far at each: ${progress.join(', ')}), ${records.length} bookings (${confirmed.length} acknowledged during kills), ${sent.length} sent, ${capped.length} stopped by the cap, 0 lost, 0 duplicates, ${repeats} repeated sends absorbed by idempotency keys`);
  } finally {
    await check.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
