import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../src/server/platform/db/rows.ts';
import { createApi } from '../../../src/server/index.ts';
import { startServer, type TestServer } from '../harness.ts';

const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers.reverse()) await s.close();
});

describe('persistence and the data-dir lock', () => {
  it('data survives a restart on the same data dir / database', async () => {
    const first = await startServer();
    servers.push(first);
    const user = await first.createUser('persist@example.com', 'secret1');
    await first.stop();
    const second = await startServer({ reuse: { dataDir: first.dataDir, databaseUrl: first.databaseUrl } });
    servers.push(second);
    // Tokens survive too: the generated JWT secret and the refresh token rows live in the data dir / database.
    expect((await second.call('GET', '/Account/CurrentUser', { token: user.token })).body.email).toBe('persist@example.com');
    expect((await second.call('POST', '/Account/RefreshToken', { body: { refreshToken: user.refreshToken } })).status).toBe(200);
    const users = await second.call('GET', '/Admin/Users?query=demo', { token: (await second.createUser('adm@example.com', 'secret1', 'admin')).token });
    expect(users.body.total).toBe(1); // the demo account was seeded once, not twice
  });

  it.skipIf(!!process.env.DATABASE_URL)('a second opener of a PGlite data dir gets a clear error', async () => {
    const owner = await startServer();
    servers.push(owner);
    await expect(createApi({ env: { DATA_DIR: owner.dataDir, LOG_LEVEL: 'silent' } })).rejects.toThrow(
      /data directory .* is already in use by process \d+/,
    );
    // The failed opener must not have broken the owner.
    expect((await owner.call('POST', '/account/login', { body: { email: 'demo@cabinet.local', password: 'demo123' } })).status).toBe(200);
  });
});

describe('PGlite maintenance (no autovacuum in single-user PostgreSQL)', () => {
  it.skipIf(!!process.env.DATABASE_URL)('vacuums and analyses the tables that grew, and only those', async () => {
    const server = await startServer({ env: { PGLITE_MAINTENANCE_MS: '0' } });
    servers.push(server);
    const { db } = server.api;
    await server.api.maintainDatabase(); // settle whatever the seed left
    expect(await server.api.maintainDatabase()).toEqual([]);
    const [owner] = await rowsOf<{ id: number }>(db, sql`SELECT id FROM users ORDER BY id LIMIT 1`);
    await db.execute(sql`INSERT INTO booking_clients (user_id, phone, name, created_at)
      SELECT ${owner!.id}, '7918' || lpad(g::text, 7, '0'), 'Client ' || g, now() FROM generate_series(1, 5000) g`);
    expect(await server.api.maintainDatabase()).toEqual(['booking_clients']);
    const [stats] = await rowsOf<{ reltuples: number }>(db, sql`SELECT reltuples::int AS reltuples FROM pg_class WHERE relname = 'booking_clients'`);
    expect(stats!.reltuples).toBeGreaterThanOrEqual(5000);
    expect(await server.api.maintainDatabase()).toEqual([]);
  });
});

describe('rate limits', () => {
  it('login and code endpoints answer 429 past the configured limit', async () => {
    const server = await startServer({ env: { RATE_LIMIT_AUTH_MAX: '3', RATE_LIMIT_CODE_MAX: '2', RATE_LIMIT_WINDOW_MS: '60000' } });
    servers.push(server);
    const body = { email: 'demo@cabinet.local', password: 'wrong12' };
    for (let i = 0; i < 3; i++) expect((await server.call('POST', '/account/login', { body })).status).toBe(400);
    const limited = await server.call('POST', '/account/login', { body });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe('Too many requests, please try again later');
    expect(limited.body.code).toBe('tooManyRequests');
    for (let i = 0; i < 2; i++) await server.call('POST', '/Account/ForgotPassword', { body: { email: 'x@example.com' } });
    expect((await server.call('POST', '/Account/ForgotPassword', { body: { email: 'x@example.com' } })).status).toBe(429);
    // Other routes are not limited.
    const { token } = (await server.call('POST', '/Account/RefreshToken', { body: { refreshToken: 'x' } })).body ?? {};
    expect(token).toBeUndefined();
    expect((await server.call('GET', '/Account/CurrentUser')).status).toBe(401);
  });
});
