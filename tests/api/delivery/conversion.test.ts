// Conversion counts only clients who were really messaged: test-mode sends go to a test number or the owner,
// so they message no client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../harness.ts';
import { advance, book, DAY, deliveryServer, flow, HOUR, messagesOf, nowSec, owner } from './support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await deliveryServer();
});
afterAll(async () => server?.close());

describe('conversion', () => {
  it('counts combat sends to the client, not test-mode sends to a test number or the owner', async () => {
    const o = await owner(server);
    const combat = await flow(server, o, 'newRecord');
    const toTestPhone = await flow(server, o, 'newRecord', { mode: 'test', testPhones: '+79990000001' });
    const toOwner = await flow(server, o, 'newRecord', { mode: 'test' });
    await book(server, o, nowSec(server) + 3 * DAY);
    await advance(server, 1);
    const sent = await messagesOf(server, o);
    expect(sent.map((m) => [m.flowId, m.status, m.sentTo])).toEqual([
      [combat, 'sent', '79161234567'],
      [toTestPhone, 'sent', '79990000001'],
      [toOwner, 'sent', '79991112233'],
    ]);
    await advance(server, HOUR);
    await book(server, o, nowSec(server) + 5 * DAY); // the client books again: a conversion where they were messaged
    await advance(server, 1);
    const conversion = async (id: number) => (await server.call('GET', `/Flows/${id}/Conversion?days=7`, { token: o.token })).body;
    expect(await conversion(combat)).toEqual({ flowId: combat, days: 7, messaged: 1, converted: 1, share: 1 });
    expect(await conversion(toTestPhone)).toEqual({ flowId: toTestPhone, days: 7, messaged: 0, converted: 0, share: 0 });
    expect(await conversion(toOwner)).toEqual({ flowId: toOwner, days: 7, messaged: 0, converted: 0, share: 0 });
  });
});
