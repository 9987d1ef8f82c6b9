// The owner's bundle drives the sidebar's booking entry (issue 19): CurrentUser.crms adds every system the owner has
// connected to what sign-up stored; the admin's view of the bundle lists the business-system connections.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connections } from '../../../src/server/modules/connections/schema.ts';
import { startServer, type TestServer } from '../harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

let seq = 0;
const newOwner = () => server.createUser(`bundle${++seq}-${Date.now()}@example.com`, 'secret12');
const crmsOf = async (token: string) => (await server.call('GET', '/Account/CurrentUser', { token })).body.crms;

async function webhookPath(token: string, system: 'yclients' | 'altegio') {
  const res = await server.call('GET', '/Booking/WebhookUrls', { token });
  return new URL(res.body[system]).pathname.replace('/api/v1', '');
}

const recordHook = (companyId: number) => ({
  company_id: companyId,
  resource: 'record',
  resource_id: 1,
  status: 'create',
  data: { datetime: '2030-01-01T10:00:00+03:00', services: [], staff: null, client: { name: 'Anna', phone: '+79161234567' } },
});

describe('the bundle', () => {
  it('an Altegio company tied by its first webhook adds Altegio to crms; nothing connected leaves them as stored', async () => {
    const o = await newOwner();
    expect(await crmsOf(o.token)).toEqual([]);
    const hook = await server.call('POST', await webhookPath(o.token, 'altegio'), { body: recordHook(777) });
    expect(hook.status).toBe(200);
    expect(await crmsOf(o.token)).toEqual(['Altegio']);
    // Another owner's bundle is not affected.
    expect(await crmsOf((await newOwner()).token)).toEqual([]);
  });

  it('an iiko, amoCRM or Chatwoot connection shows in the admin bundle; iiko adds Iiko to crms', async () => {
    const o = await newOwner();
    const at = new Date(server.clock.now());
    const rows = (['iiko', 'amo', 'chatwoot'] as const).map((kind) => ({ userId: o.id, kind, name: `${kind} one`, stateChangedAt: at, createdAt: at }));
    await server.api.db.insert(connections).values(rows);
    expect(await crmsOf(o.token)).toEqual(['Iiko']);
    const admin = await server.createUser(`admin${++seq}-${Date.now()}@example.com`, 'secret12', 'admin');
    const bundle = (await server.call('GET', `/Admin/${o.id}/UserAccounts`, { token: admin.token })).body;
    expect(bundle.iikoAccounts).toEqual([{ id: expect.any(Number), name: 'iiko one' }]);
    expect(bundle.amoAccounts).toEqual([{ id: expect.any(Number), name: 'amo one' }]);
    expect(bundle.chatwootAccounts).toEqual([{ id: expect.any(Number), name: 'chatwoot one' }]);
  });
});
