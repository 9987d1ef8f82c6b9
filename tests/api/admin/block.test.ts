// Blocking and unblocking users (docs/admin.md "Blocking"): the state in the admin list and detail, the role rules,
// no sign-in and no refresh while blocked, every token dead on its next request, and no sends.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/server/modules/account/schema.ts';
import type { TestServer } from '../harness.ts';
import { advance, book, DAY, deliveryServer, flow, messagesOf, nowSec, owner } from '../delivery/support.ts';

let server: TestServer;
let admin: { id: number; token: string };
let superadmin: { id: number; token: string };
beforeAll(async () => {
  server = await deliveryServer();
  admin = await server.createUser('block-admin@example.com', 'secret12', 'admin');
  superadmin = await server.createUser('block-super@example.com', 'secret12', 'superadmin');
});
afterAll(async () => server?.close());

const block = (token: string, id: number) => server.call('POST', `/Admin/Users/${id}/Block`, { token });
const unblock = (token: string, id: number) => server.call('POST', `/Admin/Users/${id}/Unblock`, { token });
const login = (email: string) => server.call('POST', '/account/login', { body: { email, password: 'secret12' } });

describe('blocking a user', () => {
  it('shows the state in the detail and the list; the user cannot sign in, refresh or use any token until unblocked', async () => {
    const user = await server.createUser('blocked@example.com', 'secret12');
    const blocked = await block(admin.token, user.id);
    expect(blocked.status).toBe(200);
    expect(blocked.body.blockedDateUnixTime).toBe(nowSec(server));
    expect(blocked.body.deletedDateUnixTime).toBeNull();
    const listed = await server.call('GET', '/Admin/Users?query=blocked@', { token: admin.token });
    expect(listed.body.users).toEqual([expect.objectContaining({ id: user.id, blockedDateUnixTime: nowSec(server) })]);

    for (const [method, route] of [['GET', '/Flows'], ['GET', '/Account/CurrentUser'], ['GET', '/Booking/Settings'], ['GET', '/Phones/Subscribers'], ['GET', '/Booking/WebhookUrls']] as const) {
      const res = await server.call(method, route, { token: user.token });
      expect(res.status, route).toBe(401);
      expect(res.body.code).toBe('tokenInvalid');
    }
    expect((await server.call('POST', '/Account/RefreshToken', { body: { refreshToken: user.refreshToken } })).status).toBe(400);
    const refused = await login('blocked@example.com');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'accountBlocked', message: 'Your account is blocked. Please contact support' });
    // A wrong password still says only that: the block is told to whoever knows the password.
    expect((await server.call('POST', '/account/login', { body: { email: 'blocked@example.com', password: 'wrong-1' } })).body.code).toBe('invalidCredentials');

    const back = await unblock(admin.token, user.id);
    expect(back.status).toBe(200);
    expect(back.body.blockedDateUnixTime).toBeNull();
    const again = await login('blocked@example.com');
    expect(again.status).toBe(200);
    expect((await server.call('GET', '/Flows', { token: again.body.token })).status).toBe(200);
    // The refresh tokens revoked by the block stay revoked.
    expect((await server.call('POST', '/Account/RefreshToken', { body: { refreshToken: user.refreshToken } })).status).toBe(400);
  });

  it('stops the blocked owner\'s sends: what falls due is cancelled', async () => {
    const o = await owner(server);
    await flow(server, o, 'recordReminder');
    await book(server, o, nowSec(server) + 3 * DAY, { phone: '+79167770000' });
    expect((await block(admin.token, o.id)).status).toBe(200);
    await advance(server, 4 * DAY);
    const all = await messagesOf(server, o);
    expect(all.length).toBeGreaterThan(0);
    for (const m of all) expect(m).toMatchObject({ status: 'cancelled', reason: 'owner blocked' });
  });

  it('follows the role rules: nobody blocks themselves, only a superadmin blocks staff', async () => {
    const self = await block(admin.token, admin.id);
    expect(self.status).toBe(409);
    expect(self.body.code).toBe('cannotBlockSelf');
    expect((await block(superadmin.token, superadmin.id)).body.code).toBe('cannotBlockSelf');

    const otherAdmin = await server.createUser('block-admin2@example.com', 'secret12', 'admin');
    const staff = await block(admin.token, otherAdmin.id);
    expect(staff.status).toBe(403);
    expect(staff.body.code).toBe('cannotBlockStaff');
    expect((await block(admin.token, superadmin.id)).body.code).toBe('cannotBlockStaff');

    // A superadmin may; the blocked admin's token dies on its next admin call.
    expect((await server.call('GET', '/Admin/Users', { token: otherAdmin.token })).status).toBe(200);
    expect((await block(superadmin.token, otherAdmin.id)).status).toBe(200);
    expect((await server.call('GET', '/Admin/Users', { token: otherAdmin.token })).status).toBe(401);
    expect((await unblock(admin.token, otherAdmin.id)).body.code).toBe('cannotBlockStaff');
    expect((await unblock(superadmin.token, otherAdmin.id)).status).toBe(200);
  });

  it('a deleted account has nothing to block (409); an unknown id is 404; ids out of range are 400', async () => {
    const gone = await server.createUser('block-gone@example.com', 'secret12');
    expect((await server.call('POST', '/Account/Delete', { token: gone.token, body: { password: 'secret12', confirmation: 'block-gone@example.com' } })).status).toBe(204);
    const res = await block(admin.token, gone.id);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('userDeleted');
    const detail = await server.call('GET', `/Admin/Users/${gone.id}`, { token: admin.token });
    expect(detail.body.deletedDateUnixTime).toBe(nowSec(server));
    // Its fields stay anonymised: no admin edit writes them again.
    expect((await server.call('PATCH', `/Admin/Users/${gone.id}`, { token: admin.token, body: { fullName: 'Back' } })).body.code).toBe('userDeleted');
    expect((await server.call('POST', `/Admin/UserInfo?userId=${gone.id}`, { token: admin.token, body: { userPhone: '+79160000001' } })).status).toBe(409);

    expect((await block(admin.token, 999_999)).status).toBe(404);
    for (const id of ['0', '-1', '2147483648', 'abc']) {
      expect((await server.call('POST', `/Admin/Users/${id}/Block`, { token: admin.token })).status, id).toBe(400);
      expect((await server.call('POST', `/Admin/Users/${id}/Unblock`, { token: admin.token })).status, id).toBe(400);
    }
  });
});

describe('tenants and roles on the block routes', () => {
  it('a customer cannot block anyone, themselves or another user (403), and nothing changes', async () => {
    const a = await server.createUser('tenant-a@example.com', 'secret12');
    const b = await server.createUser('tenant-b@example.com', 'secret12');
    for (const id of [a.id, b.id, admin.id]) {
      expect((await block(a.token, id)).status).toBe(403);
      expect((await unblock(a.token, id)).status).toBe(403);
    }
    expect((await server.call('POST', `/Admin/Users/${b.id}/Block`)).status).toBe(401);
    const rows = await server.api.db.select({ blockedAt: users.blockedAt }).from(users).where(eq(users.id, b.id));
    expect(rows).toEqual([{ blockedAt: null }]);
  });

  it('a role change counts without a new token (made outside the API: within AUTH_STATE_CACHE_MS)', async () => {
    const demoted = await server.createUser('demoted@example.com', 'secret12', 'admin');
    expect((await server.call('GET', '/Admin/Users', { token: demoted.token })).status).toBe(200);
    await server.api.db.update(users).set({ role: 'user' }).where(eq(users.id, demoted.id));
    server.clock.advance(5);
    expect((await server.call('GET', '/Admin/Users', { token: demoted.token })).status).toBe(403);
    expect((await server.call('GET', '/Flows', { token: demoted.token })).status).toBe(200);
  });
});
