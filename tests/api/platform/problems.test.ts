import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startServer, type TestServer } from '../harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

describe('problem codes of the platform and the contract', () => {
  it('an unknown route answers routeNotFound with the method and path as params', async () => {
    const res = await server.call('GET', '/Nowhere/AtAll?x=1');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'routeNotFound', message: 'No route GET /api/v1/Nowhere/AtAll', params: { method: 'GET', path: '/api/v1/Nowhere/AtAll' } });
  });

  it('contract violations carry a code from the fixed set, with the limit where it helps', async () => {
    const admin = await server.createUser('problems-admin@example.com', 'secret1', 'admin');
    const user = await server.createUser('problems@example.com', 'secret1');
    const long = await server.call('GET', `/Flows?search=${'x'.repeat(201)}`, { token: user.token });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ code: 'tooLong', params: { limit: 200 }, errors: [{ field: 'search', code: 'tooLong', params: { limit: 200 } }] });
    const level = await server.call('POST', '/Admin/News', { token: admin.token, body: { title: 'x', text: 'x', level: 'loud' } });
    expect(level.body).toMatchObject({ code: 'notAllowed', errors: [{ field: 'level', code: 'notAllowed' }] });
    const days = await server.call('GET', '/Admin/NewClients?days=0', { token: admin.token });
    expect(days.body).toMatchObject({ code: 'outOfRange', errors: [{ field: 'days', code: 'outOfRange' }] });
    const extra = await server.call('POST', '/Phones/Ignore', { token: user.token, body: { phone: '+79991234567', surprise: 1 } });
    expect(extra.body).toMatchObject({ status: 400, code: 'unknownField', errors: [{ field: 'surprise', code: 'unknownField' }] });
    const missing = await server.call('POST', '/Phones/Ignore', { token: user.token, body: {} });
    expect(missing.body).toMatchObject({ code: 'required', errors: [{ field: 'phone', code: 'required' }] });
  });

  it('a body that is not JSON answers bodyInvalid; no token answers tokenInvalid', async () => {
    const user = await server.createUser('problems-json@example.com', 'secret1');
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${user.token}` };
    const res = await fetch(`${server.base}/Phones/Ignore`, { method: 'POST', headers, body: '{not json' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('bodyInvalid');
    expect((await server.call('GET', '/Phones/Ignore')).body.code).toBe('tokenInvalid');
  });
});

describe('a failure of the server itself', () => {
  it('answers 500 internal with the request id it was logged under', async () => {
    const broken = await startServer();
    try {
      const admin = await broken.createUser('broken-admin@example.com', 'secret1', 'admin');
      await broken.api.db.execute(sql`DROP TABLE news CASCADE`); // the database fails under the handler
      const res = await broken.call('GET', '/Admin/News', { token: admin.token });
      expect(res.status).toBe(500);
      expect(res.body).toMatchObject({ status: 500, code: 'internal', message: 'Internal server error' });
      expect(res.body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await broken.close();
    }
  });

  it('a value the database refuses is a 400, a clash with stored data a 409, never a 500', async () => {
    const narrow = await startServer();
    try {
      const admin = await narrow.createUser('narrow-admin@example.com', 'secret1', 'admin');
      // Tighter columns than the contract knows stand in for any value that passes validation but not storage.
      await narrow.api.db.execute(sql`ALTER TABLE news ALTER COLUMN title TYPE varchar(3)`);
      await narrow.api.db.execute(sql`CREATE UNIQUE INDEX news_text_once ON news (text)`);
      const long = await narrow.call('POST', '/Admin/News', { token: admin.token, body: { title: 'abcdef', text: 'x' } });
      expect(long).toMatchObject({ status: 400, body: { status: 400, code: 'valueNotStorable' } });
      expect((await narrow.call('POST', '/Admin/News', { token: admin.token, body: { title: 'abc', text: 'same' } })).status).toBe(201);
      const twin = await narrow.call('POST', '/Admin/News', { token: admin.token, body: { title: 'abd', text: 'same' } });
      expect(twin).toMatchObject({ status: 409, body: { status: 409, code: 'conflictsWithData' } });
    } finally {
      await narrow.close();
    }
  });
});
