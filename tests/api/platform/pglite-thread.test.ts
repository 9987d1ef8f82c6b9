// PGlite's database thread (docs/architecture.md "Running it"): the server's drizzle handle is a proxy to PGlite in
// a thread of its own. Values, errors, transactions and savepoints come back as they do from PGlite in-process; a real
// server whose engine dispatches a backlog in that thread answers every request and sends every message once; closing
// releases the data directory.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../../../src/server/index.ts';
import { openDatabase, type Database } from '../../../src/server/platform/db/open.ts';
import { rowsOf } from '../../../src/server/platform/db/rows.ts';
import { sqlStateOf, statusOfDataError } from '../../../src/server/platform/db/errors.ts';
import { users } from '../../../src/server/modules/account/schema.ts';
import { messages, sandboxMessages } from '../../../src/server/delivery/schema.ts';
import { createRecord } from '../../../src/server/modules/booking/store.ts';
import { DAY, deliveryServer, flow, owner } from '../delivery/support.ts';
import type { TestServer } from '../harness.ts';

const pglite = !process.env.DATABASE_URL;
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'cabinet-thread-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!pglite)('PGlite in its database thread, seen through the proxy', () => {
  let server: TestServer;
  let local: Database; // PGlite in this thread, the reference
  beforeAll(async () => {
    server = await deliveryServer();
    local = await openDatabase({ dataDir: tempDir() });
  });
  afterAll(async () => {
    await server?.close();
    await local?.close();
  });

  it('is the default: the server did not open PGlite in its own thread', async () => {
    expect(server.api.engine).toBe('pglite');
    expect((server.api.db as unknown as { $client: object }).$client.constructor.name).toBe('ProxyClient');
  });

  it('returns dates, intervals, numerics, arrays and JSON as PGlite in-process does', async () => {
    const query = sql`SELECT '2026-01-02 03:04:05+03'::timestamptz AS at, '2026-01-02 03:04:05'::timestamp AS local, '2026-01-02'::date AS day,
      '1 day 02:00'::interval AS span, 12.50::numeric AS amount, ARRAY[1.5, 2.25]::numeric[] AS amounts, ARRAY['2026-01-02'::date] AS days,
      '{"k": [1, "x"]}'::jsonb AS doc, 5::bigint AS big, 7::int AS n, NULL::text AS nothing, '\\x0102'::bytea AS bytes`;
    const [viaThread, inProcess] = await Promise.all([rowsOf(server.api.db, query), rowsOf(local.db, query)]);
    expect(viaThread).toEqual(inProcess);
    expect(viaThread[0] as object).toMatchObject({ at: '2026-01-02 00:04:05+00', amount: '12.50', amounts: '{1.5,2.25}', doc: { k: [1, 'x'] } });
    // Drizzle's typed select maps a timestamp column to a Date on both.
    const [user] = await server.api.db.select({ createdAt: users.createdAt }).from(users).limit(1);
    expect(user!.createdAt).toBeInstanceOf(Date);
  });

  it('maps a unique violation exactly as in-process (409, constraint and detail)', async () => {
    const clash = async (db: Api['db']) => {
      const [first] = await db.select().from(users).limit(1);
      try {
        await db.insert(users).values({ ...first!, id: undefined as unknown as number });
      } catch (error) {
        const cause = (error as { cause?: Record<string, unknown> }).cause ?? {};
        return { state: sqlStateOf(error), status: statusOfDataError(error), constraint: cause.constraint, table: cause.table, detail: typeof cause.detail, message: cause.message };
      }
      throw new Error('no unique violation');
    };
    await local.db.insert(users).values((await server.api.db.select().from(users).limit(1)).map(({ id: _id, ...u }) => u));
    const [viaThread, inProcess] = [await clash(server.api.db), await clash(local.db)];
    expect(viaThread).toEqual(inProcess);
    expect(viaThread).toMatchObject({ state: '23505', status: 409, table: 'users', detail: 'string' });
    expect(viaThread.constraint).toBeTruthy();
  });

  it('rolls a transaction back when its function throws, and keeps a committed one', async () => {
    await server.api.db.execute(sql`CREATE TABLE thread_probe (v int PRIMARY KEY)`);
    await expect(
      server.api.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO thread_probe VALUES (1)`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await server.api.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO thread_probe VALUES (2)`);
    });
    expect(await rowsOf(server.api.db, sql`SELECT v FROM thread_probe ORDER BY v`)).toEqual([{ v: 2 }]);
  });

  it('rolls a nested savepoint back alone, and an explicit tx.rollback() the whole transaction', async () => {
    await server.api.db.execute(sql`CREATE TABLE thread_nested (v int PRIMARY KEY)`);
    await server.api.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO thread_nested VALUES (1)`);
      await expect(tx.transaction((inner) => inner.execute(sql`INSERT INTO thread_nested VALUES (1)`))).rejects.toThrow();
      await tx.transaction(async (inner) => {
        await inner.execute(sql`INSERT INTO thread_nested VALUES (2)`);
        await expect(inner.transaction((deeper) => deeper.execute(sql`INSERT INTO thread_nested VALUES (x)`))).rejects.toThrow();
      });
      await tx.execute(sql`INSERT INTO thread_nested VALUES (3)`);
    });
    await expect(
      server.api.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO thread_nested VALUES (4)`);
        tx.rollback();
      }),
    ).rejects.toThrow();
    expect(await rowsOf(server.api.db, sql`SELECT v FROM thread_nested ORDER BY v`)).toEqual([{ v: 1 }, { v: 2 }, { v: 3 }]);
  });

  it('queues statements from outside an open transaction behind it, as PGlite does', async () => {
    await server.api.db.execute(sql`CREATE TABLE thread_queue (v int)`);
    let outside: Promise<unknown> | undefined;
    await server.api.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO thread_queue VALUES (1)`);
      outside = rowsOf(server.api.db, sql`SELECT count(*)::int AS n FROM thread_queue`);
      await new Promise((r) => setTimeout(r, 50));
      await tx.execute(sql`INSERT INTO thread_queue VALUES (2)`);
    });
    expect(await outside).toEqual([{ n: 2 }]);
  });
});

describe.skipIf(!pglite)('the engine in the database thread', () => {
  it('sends a backlog once while every request of the server thread is answered', { timeout: 120_000 }, async () => {
    const BACKLOG = 150;
    const setup = await deliveryServer({ SEED_DEMO: 'false' }); // the demo account's evening daily report would send beside the backlog
    const o = await owner(setup);
    await flow(setup, o, 'newRecord');
    const start = Math.floor(Date.now() / 1000) + 5 * DAY;
    await setup.api.db.transaction(async (tx) => {
      const ctx = { now: setup.clock.now(), channel: 'sandbox' as const, timeZone: 'Europe/Moscow' };
      for (let i = 0; i < BACKLOG; i++) await createRecord(tx, o.id, { phone: `+7916${1000000 + i}`, startAt: start * 1000 }, ctx);
    });
    await setup.stop();

    // A server as `npm start` runs it: the wall clock, the loop on (so in the database thread), small batches.
    const api = await createApi({
      env: { DATA_DIR: setup.dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent', SEED_DEMO: 'false', ACCESS_TOKEN_TTL_SECONDS: '3650d', DELIVERY_INTERVAL_MS: '1000', DELIVERY_BATCH_SIZE: '5' },
    });
    try {
      expect(api.deliveryWorkers).toBeUndefined();
      await api.app.listen({ port: 0, host: '127.0.0.1' });
      const address = api.app.server.address() as { port: number };
      const get = (path: string) => fetch(`http://127.0.0.1:${address.port}/api/v1${path}`, { headers: { authorization: `Bearer ${o.token}` } });
      // Requests keep coming from the start (the loop's first tick is a second away) until nothing is queued.
      const statuses: number[] = [];
      const queuedSeen: number[] = [];
      const deadline = Date.now() + 90_000;
      const client = async () => {
        while ((queuedSeen.at(-1) ?? BACKLOG) > 0 && Date.now() < deadline) {
          const answers = await Promise.all([get('/Account/CurrentUser'), get('/Flows'), get('/Messages?status=queued&pageSize=1')]);
          statuses.push(...answers.map((r) => r.status));
          queuedSeen.push(((await answers[2]!.json()) as { total: number }).total);
          for (const r of answers.slice(0, 2)) await r.arrayBuffer();
        }
      };
      await Promise.all([client(), client()]);
      expect(queuedSeen.at(-1)).toBe(0);
      expect(queuedSeen.some((n) => n > 0 && n < BACKLOG), `queued as seen: ${queuedSeen.join(' ')}`).toBe(true); // answered mid-dispatch
      expect(statuses.every((s) => s === 200)).toBe(true);
      // The last batch may still be on its way (claimed, `sending`).
      const inFlight = async () => (await api.db.select({ id: messages.id }).from(messages).where(and(eq(messages.userId, o.id), inArray(messages.status, ['queued', 'sending'])))).length;
      while ((await inFlight()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      // The server's own engine never ticked (interval 0 here): the thread sent them, each once.
      const sent = await api.db.select({ key: messages.idempotencyKey }).from(messages).where(eq(messages.userId, o.id));
      const log = await api.db.select({ key: sandboxMessages.idempotencyKey }).from(sandboxMessages);
      expect(sent.length).toBe(BACKLOG);
      expect(log.length).toBe(BACKLOG);
      expect(new Set(log.map((l) => l.key)).size).toBe(BACKLOG);
    } finally {
      await api.close();
    }

    // Closing released the data directory: a second open succeeds (in this thread and in a new database thread).
    const again = await openDatabase({ dataDir: setup.dataDir });
    await again.close();
    const reopened = await createApi({ env: { DATA_DIR: setup.dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent', DELIVERY_INTERVAL_MS: '0' } });
    await reopened.close();
    rmSync(setup.dataDir, { recursive: true, force: true });
  });
});
