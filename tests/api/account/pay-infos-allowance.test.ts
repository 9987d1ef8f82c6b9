// PayInfos carries the monthly message allowance (issue 18): the header and the bell read the §8 warnings from the
// answer they already load, so it must count exactly as the message log does.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../../src/server/modules/admin/schema.ts';
import type { TestServer } from '../harness.ts';
import { advance, book, DAY, deliveryServer, flow, nowSec, owner, type Owner } from '../delivery/support.ts';

let server: TestServer;
let admin: { token: string };
beforeAll(async () => {
  server = await deliveryServer();
  admin = await server.createUser(`admin-${Date.now()}@example.com`, 'secret12', 'admin');
});
afterAll(async () => server?.close());

const payInfos = async (o: Owner, token = o.token) => server.call('GET', `/PayInfos/${o.id}`, { token });
const logAllowance = async (o: Owner) => (await server.call('GET', '/Messages', { token: o.token })).body.allowance;

describe('PayInfos allowance', () => {
  it('no limit: limit and left are null', async () => {
    const o = await owner(server);
    await server.api.db.delete(payments).where(eq(payments.userId, o.id));
    const res = await payInfos(o);
    expect(res.status).toBe(200);
    expect(res.body.allowance).toEqual({ limit: null, used: 0, left: null });
  });

  it('counts this month as the message log does, down to none left', async () => {
    const o = await owner(server);
    await server.call('PATCH', `/Admin/Users/${o.id}`, { token: admin.token, body: { availableMessagesCount: 50 } });
    expect((await payInfos(o)).body.allowance).toEqual({ limit: 50, used: 0, left: 50 });

    await server.call('PATCH', `/Admin/Users/${o.id}`, { token: admin.token, body: { availableMessagesCount: 1 } });
    await flow(server, o, 'newRecord');
    await book(server, o, nowSec(server) + DAY, { phone: '+79160000001' });
    await advance(server, 1);
    const { limit, used, left } = await logAllowance(o);
    expect({ limit, used, left }).toEqual({ limit: 1, used: 1, left: 0 });
    expect((await payInfos(o)).body.allowance).toEqual({ limit, used, left });
    // Staff read it too (the admin's pay screen uses the same answer).
    expect((await payInfos(o, admin.token)).body.allowance).toEqual({ limit: 1, used: 1, left: 0 });
  });

  it('another owner cannot read it (403, as the contract says for this self-or-staff route)', async () => {
    const [a, b] = [await owner(server), await owner(server)];
    const res = await payInfos(b, a.token);
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).not.toContain('allowance');
  });
});
