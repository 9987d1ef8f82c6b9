// The bearer check's cached user state (docs/account.md "Token checks"): a change this process makes counts on the very
// next request; one made elsewhere (here: straight in the database, as another process would) within AUTH_STATE_CACHE_MS.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/server/modules/account/schema.ts';
import { startServer, type TestServer } from '../harness.ts';

let server: TestServer;
let admin: { id: number; token: string };
beforeAll(async () => {
  server = await startServer({ env: { DELIVERY_INTERVAL_MS: '0' } });
  admin = await server.createUser('state-admin@example.com', 'secret12', 'admin');
});
afterAll(async () => server?.close());

const TTL_SECONDS = 5; // the default AUTH_STATE_CACHE_MS
const flows = (token: string) => server.call('GET', '/Flows', { token });

describe('the user state behind a token', () => {
  it('a block, unblock or deletion through the API counts on the very next request', async () => {
    const u = await server.createUser('state-block@example.com', 'secret12');
    expect((await flows(u.token)).status).toBe(200);
    expect((await server.call('POST', `/Admin/Users/${u.id}/Block`, { token: admin.token })).status).toBe(200);
    expect((await flows(u.token)).status).toBe(401);
    expect((await server.call('POST', `/Admin/Users/${u.id}/Unblock`, { token: admin.token })).status).toBe(200);
    const again = await server.login('state-block@example.com', 'secret12');
    expect((await flows(again.token)).status).toBe(200);
    expect((await server.call('POST', '/Account/Delete', { token: again.token, body: { password: 'secret12', confirmation: 'state-block@example.com' } })).status).toBe(204);
    expect((await flows(again.token)).status).toBe(401);
  });

  it('a change made by another process counts within the time to live, not before', async () => {
    const u = await server.createUser('state-elsewhere@example.com', 'secret12');
    expect((await flows(u.token)).status).toBe(200);
    await server.api.db.update(users).set({ blockedAt: new Date(server.clock.now()) }).where(eq(users.id, u.id));
    // Trusted for the time to live: this is what saves the query on every request.
    expect((await flows(u.token)).status).toBe(200);
    server.clock.advance(TTL_SECONDS);
    expect((await flows(u.token)).status).toBe(401);
    // Unblocked elsewhere: the remembered "gone" lasts the time to live as well.
    await server.api.db.update(users).set({ blockedAt: null }).where(eq(users.id, u.id));
    server.clock.advance(TTL_SECONDS);
    expect((await flows(u.token)).status).toBe(200);
  });

  it('a demotion made elsewhere counts within the time to live', async () => {
    const staff = await server.createUser('state-staff@example.com', 'secret12', 'admin');
    expect((await server.call('GET', '/Admin/Users', { token: staff.token })).status).toBe(200);
    await server.api.db.update(users).set({ role: 'user' }).where(eq(users.id, staff.id));
    server.clock.advance(TTL_SECONDS);
    expect((await server.call('GET', '/Admin/Users', { token: staff.token })).status).toBe(403);
    expect((await flows(staff.token)).status).toBe(200);
  });

  it('with AUTH_STATE_CACHE_MS=0 every request reads the state', async () => {
    const direct = await startServer({ env: { DELIVERY_INTERVAL_MS: '0', AUTH_STATE_CACHE_MS: '0' } });
    try {
      const u = await direct.createUser('state-direct@example.com', 'secret12');
      expect((await direct.call('GET', '/Flows', { token: u.token })).status).toBe(200);
      await direct.api.db.update(users).set({ deletedAt: new Date(direct.clock.now()) }).where(eq(users.id, u.id));
      expect((await direct.call('GET', '/Flows', { token: u.token })).status).toBe(401);
    } finally {
      await direct.close();
    }
  });
});
