// iikoCloud webhooks (docs/webhooks.md "iiko"): DeliveryOrderUpdate events create and move orders through the same
// order model as the demo calls, so order flows plan, supersede and withdraw the same messages; repeats change nothing.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkedAccounts } from '../../../src/server/modules/account/schema.ts';
import { orders } from '../../../src/server/modules/orders/schema.ts';
import type { TestServer } from '../harness.ts';
import { advance, deliveryServer, flow, messagesOf, owner, type Owner } from '../delivery/support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await deliveryServer();
});
afterAll(async () => server?.close());

const ORG = '7bc05553-4b68-44e8-b7bc-37be63c6d9e9';

/** One DeliveryOrderUpdate event as iikoCloud posts it (the fields the receiver reads plus a few it ignores). */
function orderEvent(id: string, status: string, extra: Record<string, unknown> = {}) {
  return {
    eventType: 'DeliveryOrderUpdate',
    eventTime: '2026-11-22 19:05:00.123',
    organizationId: ORG,
    correlationId: crypto.randomUUID(),
    eventInfo: {
      id,
      posId: crypto.randomUUID(),
      externalNumber: null,
      organizationId: ORG,
      timestamp: 1_763_838_300,
      creationStatus: 'Success',
      errorInfo: null,
      order: {
        parentDeliveryId: null,
        customer: { type: 'regular', id: crypto.randomUUID(), name: 'Anna', surname: null },
        phone: '+79161234567',
        deliveryPoint: { coordinates: { latitude: 55.75, longitude: 37.61 }, address: { street: { name: 'Lenina', city: 'Moscow' }, house: '1', flat: '5', index: '' } },
        status,
        completeBefore: '2026-11-23 19:30:00.000',
        whenCreated: '2026-11-22 19:00:00.000',
        courierInfo: { courier: { id: crypto.randomUUID(), name: 'Ivan', phone: '+79990000000' }, isCourierSelectedManually: false },
        number: 1042,
        sum: 1250,
        items: [
          { type: 'Product', product: { id: crypto.randomUUID(), name: 'Pizza' }, amount: 2, price: 500, cost: 1000 },
          { type: 'Product', product: { id: crypto.randomUUID(), name: 'Cola' }, amount: 1, price: 250, cost: 250 },
        ],
        orderType: { id: crypto.randomUUID(), name: 'Delivery', orderServiceType: 'DeliveryByCourier' },
        payments: [],
        ...extra,
      },
    },
  };
}

async function iikoUrl(o: Owner) {
  const res = await server.call('GET', '/Booking/WebhookUrls', { token: o.token });
  expect(res.status).toBe(200);
  return new URL(res.body.iiko).pathname.replace('/api/v1', '');
}

const post = (path: string, body: unknown) => server.call('POST', path, { body });
const ordersOf = (o: Owner) => server.api.db.select().from(orders).where(eq(orders.userId, o.id));
const orderFlow = (o: Owner, type: string, fields: Record<string, unknown> = {}) => flow(server, o, type, { source: 'orders', content: `{orderNum} ${type}`, ...fields });

describe('iiko DeliveryOrderUpdate webhooks', () => {
  it('create plans the order notices, a repeat plans nothing, status updates move it, Cancelled withdraws', async () => {
    const o = await owner(server);
    await server.call('PUT', '/Booking/Settings', { token: o.token, body: { timeZone: 'Europe/Moscow' } });
    const created = await orderFlow(o, 'newRecord', { content: '{orderNum}: {orderItems}, {deliveryAddress}, {deliveryTime}, {courierName}' });
    const cart = await orderFlow(o, 'abandonedCart');
    const status = await orderFlow(o, 'changedRecord', { delayMinutes: 5 });
    const cancelled = await orderFlow(o, 'cancelledRecord');
    const url = await iikoUrl(o);

    const first = await post(url, [orderEvent('ord-1', 'Unconfirmed')]);
    expect(first.status).toBe(200);
    expect(first.body.result).toBe('applied');
    const [stored] = await ordersOf(o);
    expect(stored).toMatchObject({ source: 'iiko', externalId: 'ord-1', number: '1042', sum: 1250, status: 'Unconfirmed', deliveryType: 'DeliveryByCourier', address: 'Moscow, Lenina, 1, 5', courierName: 'Ivan' });
    expect(stored!.deliverAt!.toISOString()).toBe('2026-11-23T16:30:00.000Z'); // 19:30 in Moscow
    expect((await messagesOf(server, o)).map((m) => m.flowId)).toEqual([created, cart]);

    expect((await post(url, [orderEvent('ord-1', 'Unconfirmed')])).body.result).toBe('unchanged');
    expect(await messagesOf(server, o)).toHaveLength(2);

    await advance(server, 60);
    const sentNew = (await messagesOf(server, o)).find((m) => m.flowId === created)!;
    expect(sentNew.text).toBe('1042: Pizza × 2, Cola, Moscow, Lenina, 1, 5, 23.11.2026 19:30, Ivan');

    expect((await post(url, [orderEvent('ord-1', 'CookingStarted')])).body.result).toBe('applied');
    expect((await post(url, [orderEvent('ord-1', 'OnWay', { courierInfo: { courier: { name: 'Oleg' } } })])).body.result).toBe('applied');
    let all = await messagesOf(server, o);
    expect(all.find((m) => m.flowId === cart)!.reason).toBe('order confirmed');
    expect(all.filter((m) => m.flowId === status).map((m) => m.status)).toEqual(['cancelled', 'queued']);
    expect((await ordersOf(o))[0]!.courierName).toBe('Oleg');

    expect((await post(url, [orderEvent('ord-1', 'Cancelled')])).body.result).toBe('applied');
    all = await messagesOf(server, o);
    expect(all.filter((m) => m.flowId === status).map((m) => m.reason)).toEqual(['superseded by a later status', 'order cancelled']);
    expect(all.find((m) => m.flowId === cancelled)!.status).toBe('queued');
    // A late update does not reopen a cancelled order; a repeat of the cancellation is no event.
    expect((await post(url, [orderEvent('ord-1', 'Delivered')])).body.result).toBe('unchanged');
    expect((await post(url, [orderEvent('ord-1', 'Cancelled')])).body.result).toBe('unchanged');
    expect(await messagesOf(server, o)).toHaveLength(all.length);
    expect((await ordersOf(o))[0]!.status).toBe('Cancelled');
  });

  it('several events in one delivery; Delivered asks for a review once; other events and orders without a phone are ignored', async () => {
    const o = await owner(server);
    const review = await orderFlow(o, 'reviewRequest', { delayMinutes: 90 });
    const url = await iikoUrl(o);
    const res = await post(url, [
      { eventType: 'StopListUpdate', eventTime: '2026-11-22 19:05:00.000', organizationId: ORG, correlationId: 'c1', eventInfo: { terminalGroupsStopListsUpdates: [] } },
      orderEvent('ord-2', 'OnWay'),
      orderEvent('ord-2', 'Delivered'),
    ]);
    expect(res.body.result).toBe('applied');
    expect((await post(url, [orderEvent('ord-2', 'Closed')])).body.result).toBe('applied');
    expect((await messagesOf(server, o)).map((m) => m.flowId)).toEqual([review]);

    const ignored = [
      [{ eventType: 'ReserveUpdate', eventInfo: { id: 'r1' } }],
      [orderEvent('ord-3', 'Unconfirmed', { phone: null, customer: { name: 'Walk-in' } })],
      [{ ...orderEvent('ord-4', 'Unconfirmed'), eventInfo: { id: 'ord-4', creationStatus: 'InProgress', order: null } }],
      { ...orderEvent('ord-5', 'Unconfirmed'), eventType: 'DeliveryOrderError' }, // one event object, not an array
    ];
    for (const body of ignored) expect((await post(url, body)).body.result).toBe('ignored');
    expect((await ordersOf(o)).map((r) => r.externalId)).toEqual(['ord-2']);
  });

  it('the first organization is tied to the owner; another one and late (earlier) statuses change nothing', async () => {
    const o = await owner(server);
    const status = await orderFlow(o, 'changedRecord');
    const url = await iikoUrl(o);
    expect((await post(url, [orderEvent('ord-10', 'CookingStarted')])).body.result).toBe('applied');
    const other = 'a1a1a1a1-0000-4000-8000-000000000000';
    const foreign = { ...orderEvent('ord-11', 'Unconfirmed'), organizationId: other };
    foreign.eventInfo.organizationId = other;
    expect((await post(url, [foreign])).body.result).toBe('ignored');
    // A delivery that arrives after a later one: the order does not step back and nothing is planned.
    expect((await post(url, [orderEvent('ord-10', 'OnWay')])).body.result).toBe('applied');
    expect((await post(url, [orderEvent('ord-10', 'CookingCompleted')])).body.result).toBe('unchanged');
    const [stored] = await ordersOf(o);
    expect([stored!.externalId, stored!.status]).toEqual(['ord-10', 'OnWay']);
    expect((await messagesOf(server, o)).filter((m) => m.flowId === status)).toHaveLength(1);
    const linked = await server.api.db.select().from(linkedAccounts).where(eq(linkedAccounts.userId, o.id));
    expect(linked.map((l) => [l.kind, l.externalId])).toEqual([['iikoOrganization', `iiko:${ORG}`]]);
  });

  it('a bad payload answers 400 naming the field and keeps nothing of the delivery', async () => {
    const o = await owner(server);
    await orderFlow(o, 'newRecord');
    const url = await iikoUrl(o);
    const cases: [unknown, string][] = [
      [[orderEvent('ord-6', 'Eaten')], '[0].eventInfo.order.status'],
      [[orderEvent('ord-6', 'Unconfirmed', { phone: '12' })], '[0].eventInfo.order.phone'],
      [[orderEvent('ord-6', 'Unconfirmed'), orderEvent('ord-7', 'Unconfirmed', { completeBefore: 'soon' })], '[1].eventInfo.order.completeBefore'],
      [[{ eventInfo: {} }], '[0].eventType'],
    ];
    for (const [body, field] of cases) {
      const res = await post(url, body);
      expect(res.status).toBe(400);
      expect(res.body.message.startsWith(`${field}:`)).toBe(true);
    }
    expect(await ordersOf(o)).toHaveLength(0);
    expect(await messagesOf(server, o)).toHaveLength(0);
  });

  it('a wrong token answers 404; one owner’s order ids do not touch another owner’s orders', async () => {
    const a = await owner(server);
    const b = await owner(server);
    const urlA = await iikoUrl(a);
    const urlB = await iikoUrl(b);
    expect((await post(`${urlA}x`, [orderEvent('ord-8', 'Unconfirmed')])).status).toBe(404);
    expect((await post('/Webhooks/iiko/nonsense', [orderEvent('ord-8', 'Unconfirmed')])).status).toBe(404);
    await post(urlA, [orderEvent('ord-8', 'Unconfirmed')]);
    await post(urlB, [orderEvent('ord-8', 'Cancelled')]);
    expect((await ordersOf(a))[0]!.status).toBe('Unconfirmed');
    expect((await ordersOf(b))[0]!.status).toBe('Cancelled');
    const same = await server.api.db.select().from(orders).where(and(eq(orders.source, 'iiko'), eq(orders.externalId, 'ord-8')));
    expect(same).toHaveLength(2);
  });
});
