// The admin user list at size: keyset cursors, the estimated total of the unfiltered list, the capped search count.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../harness.ts';

let server: TestServer;
let admin: { id: number; token: string };
const list = async (query: string) => {
  const res = await server.call('GET', `/Admin/Users?${query}`, { token: admin.token });
  expect(res.status).toBe(200);
  return res.body;
};

beforeAll(async () => {
  server = await startServer();
  admin = await server.createUser('list-admin@example.com', 'secret1', 'admin');
  // 12,000 customers in one statement; a few share a registration second so the id tie-breaker matters.
  await server.api.db.execute(sql`
    insert into users (guid, email, full_name, phone, created_at)
    select gen_random_uuid(), 'bulk-' || lpad(g::text, 5, '0') || '@example.com', 'Bulk ' || g, '+7900' || lpad(g::text, 7, '0'),
           timestamptz '2026-01-01' + ((g / 3) || ' seconds')::interval
    from generate_series(1, 12000) g`);
});
afterAll(() => server?.close());

describe('GET /Admin/Users at size', () => {
  it('pages by keyset cursor with the same rows as offset paging, for every sort that has a cursor', async () => {
    for (const [sort, order] of [['createdAt', 'desc'], ['createdAt', 'asc'], ['email', 'asc'], ['id', 'desc']] as const) {
      const base = `sort=${sort}&order=${order}&pageSize=7`;
      let after: string | null = null;
      for (let page = 1; page <= 4; page++) {
        const byOffset = await list(`${base}&page=${page}`);
        const byCursor = await list(`${base}&page=${page}${after ? `&after=${after}` : ''}`);
        expect(byCursor.users.map((u: any) => u.id)).toEqual(byOffset.users.map((u: any) => u.id));
        expect(byCursor.next).toEqual(expect.any(String));
        after = byCursor.next;
      }
    }
  });

  it('has no next cursor on the last page or for the name sort (offset paging there)', async () => {
    const last = await list('query=bulk-0120&pageSize=20');
    expect(last.users.length).toBe(10); // bulk-01200 … bulk-01209
    expect(last.next).toBeNull();
    expect((await list('sort=fullName&order=asc&pageSize=5')).next).toBeNull();
  });

  it('counts exactly below 10,000 matches, reports "at least" above, and estimates the unfiltered list once analysed', async () => {
    expect(await list('query=bulk-0001')).toMatchObject({ total: 10, totalKind: 'exact', pages: 1 });
    expect(await list('query=bulk')).toMatchObject({ total: 10_000, totalKind: 'atLeast', pages: 500 });
    // Never analysed (PGlite runs no autovacuum): an exact count.
    const { rows } = (await server.api.db.execute(sql`select count(*)::int as n from users`)) as unknown as { rows: { n: number }[] };
    const n = rows[0]!.n;
    const before = await list('pageSize=20');
    if (before.totalKind === 'exact') expect(before.total).toBe(n);
    await server.api.db.execute(sql`analyze users`);
    const after = await list('pageSize=20');
    expect(after.totalKind).toBe('estimate');
    expect(Math.abs(after.total - n)).toBeLessThan(n * 0.05);
    expect(after.pages).toBe(Math.ceil(after.total / 20));
  });

  it('ignores a malformed cursor (offset paging) and rejects an over-long one', async () => {
    const plain = await list('page=2&pageSize=5');
    expect((await list('page=2&pageSize=5&after=not-a-cursor')).users).toEqual(plain.users);
    expect((await server.call('GET', `/Admin/Users?after=${'x'.repeat(201)}`, { token: admin.token })).status).toBe(400);
  });
});
