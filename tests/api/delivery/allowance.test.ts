// The monthly allowance, computed at send time: 800 a month when the one-ruble module (tariff 19) is the only
// messaging tariff, unlimited with any other, and the admin's "available messages" overrides both.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthlyAllowance } from '../../../src/server/delivery/allowance.ts';
import { ALLOWANCE_REACHED } from '../../../src/server/delivery/rules.ts';
import { payments } from '../../../src/server/modules/admin/schema.ts';
import type { TestServer } from '../harness.ts';
import { advance, book, DAY, deliveryServer, flow, messagesOf, nowSec, owner, type Owner } from './support.ts';

let server: TestServer;
let admin: { token: string };
beforeAll(async () => {
  server = await deliveryServer();
  admin = await server.createUser(`admin-${Date.now()}@example.com`, 'secret12', 'admin');
});
afterAll(async () => server?.close());

/** Replaces the owner's tariffs by paid, current ones. */
async function tariffs(o: Owner, ids: number[]) {
  await server.api.db.delete(payments).where(eq(payments.userId, o.id));
  const now = nowSec(server);
  for (const tariff of ids) {
    await server.api.db.insert(payments).values({ publicId: crypto.randomUUID(), userId: o.id, tariff, dateBegin: now - DAY, dateEnd: now + 30 * DAY, createdAt: new Date(server.clock.now()) });
  }
}
const allowance = async (o: Owner) => (await server.call('GET', '/Messages', { token: o.token })).body.allowance;

describe('monthly allowance', () => {
  it('follows the tariffs: 800 with only the one-ruble module, none with another messaging tariff', async () => {
    const o = await owner(server);
    await tariffs(o, [19]);
    expect(await allowance(o)).toEqual({ limit: 800, used: 0, left: 800, warning: null });
    await tariffs(o, [19, 15]); // the API tariff sends nothing: still the one-ruble allowance
    expect((await allowance(o)).limit).toBe(800);
    await tariffs(o, [19, 14]);
    expect((await allowance(o)).limit).toBeNull();
    await tariffs(o, []);
    expect((await allowance(o)).limit).toBeNull();
    expect(monthlyAllowance({ adminCount: 0, explicit: null, tariffs: new Set([19]) })).toBe(800);
    expect(monthlyAllowance({ adminCount: 0, explicit: 50, tariffs: new Set([19]) })).toBe(50);
  });

  it('the admin’s "available messages" overrides it and sending stops there with the §8 text', async () => {
    const o = await owner(server);
    await tariffs(o, [19]);
    const patched = await server.call('PATCH', `/Admin/Users/${o.id}`, { token: admin.token, body: { availableMessagesCount: 2 } });
    expect(patched.status).toBe(200);
    await flow(server, o, 'newRecord');
    for (const phone of ['+79160000001', '+79160000002', '+79160000003']) await book(server, o, nowSec(server) + DAY, { phone });
    await advance(server, 1);
    const all = await messagesOf(server, o);
    expect(all.map((m) => [m.status, m.reason])).toEqual([['sent', null], ['sent', null], ['failed', ALLOWANCE_REACHED]]);
    expect(await allowance(o)).toEqual({ limit: 2, used: 2, left: 0, warning: ALLOWANCE_REACHED });
    await server.call('PATCH', `/Admin/Users/${o.id}`, { token: admin.token, body: { availableMessagesCount: 0 } });
    expect((await allowance(o)).limit).toBe(800); // 0 = not set: back to the tariff's
  });
});
