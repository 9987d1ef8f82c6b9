// Issue 14 point 7: the §3 filters without a control until now (category, status, type, client category) and the
// ranges are applied by the engine; the §5 rules of buttons and the minimum run time; filter values are checked.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingClients } from '../../../src/server/modules/clients/schema.ts';
import type { TestServer } from '../harness.ts';
import { advance, book, DAY, deliveryServer, flow, HOUR, messagesOf, nowSec, owner, type Owner } from '../delivery/support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await deliveryServer();
});
afterAll(async () => server?.close());

const service = async (o: Owner, title: string) => (await server.call('POST', '/Booking/Services', { token: o.token, body: { title } })).body.id as number;
/** Reason per flow: null = sent, else why the message was cancelled. */
async function outcomes(o: Owner, ids: Record<string, number>) {
  const all = await messagesOf(server, o);
  return Object.fromEntries(Object.entries(ids).map(([name, id]) => [name, all.filter((m) => m.flowId === id).map((m) => m.reason)]));
}

describe('filters the engine applies', () => {
  it('booking: a category is a word of a service title; status is the visit status; type does not apply to a record', async () => {
    const o = await owner(server);
    const haircut = await service(o, 'Haircut, men');
    const ids = {
      haircut: await flow(server, o, 'newRecord', { filters: { categories: ['HAIRCUT'] } }),
      pedicure: await flow(server, o, 'newRecord', { filters: { categories: ['pedicure', 'nails'] } }),
      confirmed: await flow(server, o, 'newRecord', { filters: { statuses: ['confirmed'] } }),
      booked: await flow(server, o, 'newRecord', { filters: { statuses: ['booked', 'arrived'] } }),
      typed: await flow(server, o, 'newRecord', { filters: { types: ['DeliveryByCourier'] } }),
    };
    await book(server, o, nowSec(server) + DAY, { serviceIds: [haircut] });
    await advance(server, 1);
    expect(await outcomes(o, ids)).toEqual({ haircut: [null], pedicure: ['filtered out'], confirmed: ['filtered out'], booked: [null], typed: [null] });
  });

  it('client category: new (≤ 1 visit), regular (2+, recent), lapsed (no visit for 90 days)', async () => {
    const o = await owner(server);
    const ids = {
      newOnly: await flow(server, o, 'newRecord', { filters: { clientCategory: ['new'] } }),
      regulars: await flow(server, o, 'newRecord', { filters: { clientCategory: ['regular'] } }),
      lapsed: await flow(server, o, 'newRecord', { filters: { clientCategory: ['lapsed', 'regular'] } }),
    };
    await book(server, o, nowSec(server) + DAY); // Anna, no visits yet
    await advance(server, 1);
    // Boris came 5 times, the last 100 days ago.
    const boris = await book(server, o, nowSec(server) + 2 * DAY, { phone: '+79161230000', name: 'Boris' });
    await server.api.db.update(bookingClients).set({ visitCount: 5, lastVisitAt: new Date(server.clock.now() - 100 * DAY * 1000) }).where(eq(bookingClients.id, boris.clientId));
    await advance(server, 1);
    expect(await outcomes(o, ids)).toEqual({
      newOnly: [null, 'filtered out'],
      regulars: ['filtered out', 'filtered out'],
      lapsed: ['filtered out', null],
    });
  });

  it('visit count and spend ranges: FROM ≤ value < TO', async () => {
    const o = await owner(server);
    const ids = {
      spenders: await flow(server, o, 'newRecord', { filters: { spend: { from: 1000, to: 100000 } } }),
      any: await flow(server, o, 'newRecord', { filters: { spend: { from: -1, to: -1 }, visitCount: { from: -1, to: -1 } } }),
      firstTimers: await flow(server, o, 'newRecord', { filters: { visitCount: { from: 0, to: 1 } } }),
    };
    await book(server, o, nowSec(server) + DAY);
    await advance(server, 1);
    expect(await outcomes(o, ids)).toEqual({ spenders: ['filtered out'], any: [null], firstTimers: [null] });
  });

  it('orders: type is the delivery type, a category a word of an item title', async () => {
    const o = await owner(server);
    const ids = {
      courier: await flow(server, o, 'newRecord', { source: 'orders', content: 'Order {orderNum}', filters: { types: ['DeliveryByCourier'] } }),
      pickup: await flow(server, o, 'newRecord', { source: 'orders', content: 'Order {orderNum}', filters: { types: ['DeliveryByClient'] } }),
      pizza: await flow(server, o, 'newRecord', { source: 'orders', content: 'Order {orderNum}', filters: { categories: ['pizza'] } }),
      sushi: await flow(server, o, 'newRecord', { source: 'orders', content: 'Order {orderNum}', filters: { categories: ['sushi'] } }),
      delivered: await flow(server, o, 'newRecord', { source: 'orders', content: 'Order {orderNum}', filters: { statuses: ['Delivered'] } }),
    };
    const res = await server.call('POST', '/Booking/Orders', {
      token: o.token,
      body: { phone: '+79161234567', name: 'Anna', number: '7', sum: 900, deliveryType: 'DeliveryByCourier', items: [{ title: 'Pizza Margherita', price: 900 }] },
    });
    expect(res.status).toBe(201);
    await advance(server, 1);
    expect(await outcomes(o, ids)).toEqual({ courier: [null], pickup: ['filtered out'], pizza: [null], sushi: ['filtered out'], delivered: ['filtered out'] });
  });
});

describe('rules of a flow the server enforces', () => {
  const create = (o: Owner, body: Record<string, unknown>) =>
    server.call('POST', '/Flows', { token: o.token, body: { title: 'T', content: 'Hi', type: 'birthday', ...body } });

  it('unknown filter values and blank categories: 400 naming the filter, nothing stored', async () => {
    const o = await owner(server);
    for (const [filters, field, code] of [
      [{ statuses: ['booked', 'bogus'] }, 'filters.statuses', 'filterValueUnknown'],
      [{ types: ['Teleport'] }, 'filters.types', 'filterValueUnknown'],
      [{ clientCategory: ['vip'] }, 'filters.clientCategory', 'filterValueUnknown'],
      [{ categories: ['  '] }, 'filters.categories', 'categoryInvalid'],
    ] as const) {
      const res = await create(o, { filters });
      expect(res.status, field).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ field, code });
    }
    expect((await server.call('GET', '/Flows', { token: o.token })).body.total).toBe(0);
  });

  it('at most 3 buttons (contract)', async () => {
    const o = await owner(server);
    const button = { type: 'simpleAnswer', text: 'Yes', enabled: true };
    const res = await create(o, { buttons: [button, button, button, button] });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ field: 'buttons', code: 'tooMany' });
  });

  it('end date: a later calendar date in the business zone; one hour for the hourly kinds', async () => {
    const o = await owner(server);
    const now = nowSec(server); // 09:00 UTC: 12:00 in Moscow, 21:00 the day before in GMT-12
    const sameDay = await create(o, { endDate: now + 8 * HOUR }); // 20:00 Moscow
    expect(sameDay.status).toBe(400);
    expect(sameDay.body.errors[0]).toMatchObject({ field: 'endDate', code: 'endDateTooSoon' });
    expect((await create(o, { endDate: now + 13 * HOUR })).status).toBe(201); // 01:00 tomorrow in Moscow
    const reminder = await create(o, { type: 'recordReminder', endDate: now + HOUR - 60 });
    expect(reminder.body.errors[0]).toMatchObject({ field: 'endDate', code: 'endDateTooSoonHourly' });
    expect((await create(o, { type: 'recordReminder', endDate: now + HOUR })).status).toBe(201);

    expect((await server.call('PATCH', '/Account/Profile', { token: o.token, body: { timeZoneOffset: -12 } })).status).toBe(200);
    expect((await create(o, { endDate: now + 3 * HOUR })).status).toBe(201); // 00:00 in GMT-12: a later date there
    expect((await create(o, { endDate: now + 3 * HOUR - 60 })).status).toBe(400);
  });
});
