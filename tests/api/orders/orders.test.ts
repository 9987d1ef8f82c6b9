// Restaurant/shop orders in the delivery engine (docs/delivery.md "Orders"): order flows plan from order events,
// abandoned carts wait for confirmation, status notices supersede each other, cancellation withdraws, delivery asks
// for a review and counts as a visit; booking flows and order flows never react to each other's events.
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

const orderFlow = (o: Owner, type: string, fields: Record<string, unknown> = {}) =>
  flow(server, o, type, { source: 'orders', content: `Order {orderNum}: ${type}`, ...fields });

async function placeOrder(o: Owner, extra: Record<string, unknown> = {}) {
  const res = await server.call('POST', '/Booking/Orders', {
    token: o.token,
    body: { phone: '+79161234567', name: 'Anna', number: '1042', sum: 1250, items: [{ title: 'Pizza', amount: 2, price: 500 }, { title: 'Cola', price: 250 }], ...extra },
  });
  if (res.status !== 201) throw new Error(`order: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; clientId: number; status: string; version: number };
}

const setStatus = (o: Owner, id: number, status: string) => server.call('POST', `/Booking/Orders/${id}/Status`, { token: o.token, body: { status } });

describe('order events', () => {
  it('a new order plans the order-received notice; a status change plans a status notice that supersedes an unsent older one', async () => {
    const o = await owner(server);
    const created = await orderFlow(o, 'newRecord');
    const status = await orderFlow(o, 'changedRecord', { delayMinutes: 10, content: 'Order {orderNum} is now on its way with {courierName}' });
    const order = await placeOrder(o, { courierName: 'Ivan', deliveryType: 'DeliveryByCourier' });
    expect(order.status).toBe('Unconfirmed');
    let all = await messagesOf(server, o);
    expect(all.map((m) => [m.flowId, m.orderId, m.recordId])).toEqual([[created, order.id, null]]);

    expect((await setStatus(o, order.id, 'CookingStarted')).body.version).toBe(2);
    expect((await setStatus(o, order.id, 'CookingStarted')).body.version).toBe(2); // same status: no event
    expect((await setStatus(o, order.id, 'OnWay')).body.version).toBe(3);
    all = await messagesOf(server, o);
    const notices = all.filter((m) => m.flowId === status);
    expect(notices.map((m) => [m.status, m.reason])).toEqual([
      ['cancelled', 'superseded by a later status'],
      ['queued', null],
    ]);
    await advance(server, 10 * 60);
    all = await messagesOf(server, o);
    expect(all.find((m) => m.flowId === created)!.text).toBe('Order 1042: newRecord');
    expect(all.filter((m) => m.flowId === status && m.status === 'sent').map((m) => m.text)).toEqual(['Order 1042 is now on its way with Ivan']);
  });

  it('an abandoned cart goes out when the order is still unconfirmed after the delay (60 min by default)', async () => {
    const o = await owner(server);
    // No source given: the abandoned cart exists only for orders.
    const cart = await flow(server, o, 'abandonedCart', { delayMinutes: 0, content: 'You left {orderItems} ({orderSum} ₽) in order {orderNum}' });
    expect((await server.call('GET', `/Flows/${cart}`, { token: o.token })).body.source).toBe('orders');
    await placeOrder(o);
    const [m] = await messagesOf(server, o);
    expect(m!.flowId).toBe(cart);
    expect(m!.plannedAt.getTime()).toBe(server.clock.now() + 60 * 60_000);
    await advance(server, 59 * 60);
    expect((await messagesOf(server, o))[0]!.status).toBe('queued');
    await advance(server, 60);
    const [sent] = await messagesOf(server, o);
    expect(sent!.status).toBe('sent');
    expect(sent!.text).toBe('You left Pizza × 2, Cola (1250 ₽) in order 1042');
  });

  it('{paymentLink} is the order’s own payment page; without one the token stays visible', async () => {
    const o = await owner(server);
    await flow(server, o, 'abandonedCart', { delayMinutes: 0, content: 'Pay {orderNum}: {paymentLink}' });
    const placed = await placeOrder(o, { paymentUrl: ' https://shop.example/pay/1042?t=ab ' });
    expect((await server.call('GET', `/Booking/Orders/${placed.id}`, { token: o.token })).body.paymentUrl).toBe('https://shop.example/pay/1042?t=ab');
    await placeOrder(o, { number: '1043', phone: '+79161234568' });
    await advance(server, 60 * 60);
    const texts = (await messagesOf(server, o)).map((m) => m.text).sort();
    expect(texts).toEqual(['Pay 1042: https://shop.example/pay/1042?t=ab', 'Pay 1043: {paymentLink}']);
  });

  it('a confirmed order withdraws its abandoned cart at once; an order placed already confirmed plans none', async () => {
    const o = await owner(server);
    const cart = await orderFlow(o, 'abandonedCart', { delayMinutes: 30 });
    const order = await placeOrder(o);
    await setStatus(o, order.id, 'WaitCooking');
    let [m] = await messagesOf(server, o);
    expect([m!.flowId, m!.status, m!.reason]).toEqual([cart, 'cancelled', 'order confirmed']);

    // An order created already confirmed (e.g. iiko) plans no cart at all.
    await placeOrder(o, { phone: '+79161234568', status: 'WaitCooking' });
    expect(await messagesOf(server, o)).toHaveLength(1);
    await advance(server, HOUR);
    [m] = await messagesOf(server, o);
    expect(m!.status).toBe('cancelled');
  });

  it('a cancelled order withdraws everything queued for it and sends the cancellation notice; it stays cancelled', async () => {
    const o = await owner(server);
    const cart = await orderFlow(o, 'abandonedCart', { delayMinutes: 60 });
    const created = await orderFlow(o, 'newRecord', { delayMinutes: 5 });
    const cancelled = await orderFlow(o, 'cancelledRecord', { content: 'Order {orderNum} cancelled' });
    const order = await placeOrder(o);
    expect((await setStatus(o, order.id, 'Cancelled')).body.status).toBe('Cancelled');
    const all = await messagesOf(server, o);
    expect(all.filter((m) => m.flowId === cart || m.flowId === created).map((m) => [m.status, m.reason])).toEqual([
      ['cancelled', 'order cancelled'],
      ['cancelled', 'order cancelled'],
    ]);
    await advance(server, 60);
    const notice = (await messagesOf(server, o)).find((m) => m.flowId === cancelled)!;
    expect([notice.status, notice.text]).toEqual(['sent', 'Order 1042 cancelled']);
    expect((await setStatus(o, order.id, 'Delivered')).status).toBe(409);
    expect((await setStatus(o, order.id, 'Delivered')).body.code).toBe('orderCancelled');
    expect((await setStatus(o, order.id, 'Cancelled')).status).toBe(200); // the same status again: no-op
    expect(await messagesOf(server, o)).toHaveLength(3);
  });

  it('the first Delivered asks for a review after its delay and counts as a visit; Closed after it does not repeat', async () => {
    const o = await owner(server);
    const review = await orderFlow(o, 'reviewRequest', { delayMinutes: 90, content: 'How was order {orderNum} to {deliveryAddress}?' });
    const order = await placeOrder(o, { address: 'Lenina 1, flat 5', status: 'OnWay' });
    await setStatus(o, order.id, 'Delivered');
    await setStatus(o, order.id, 'Closed');
    let all = await messagesOf(server, o);
    expect(all.map((m) => m.flowId)).toEqual([review]);
    const [client] = await server.api.db.select().from(bookingClients).where(eq(bookingClients.id, order.clientId));
    expect([client!.visitCount, client!.spend, client!.lastVisitAt?.getTime()]).toEqual([1, 1250, server.clock.now()]);
    await advance(server, 89 * 60);
    expect((await messagesOf(server, o))[0]!.status).toBe('queued');
    await advance(server, 60);
    all = await messagesOf(server, o);
    expect([all[0]!.status, all[0]!.text]).toEqual(['sent', 'How was order 1042 to Lenina 1, flat 5?']);
  });

  it('fills the order and delivery variables from the order as it is at send time; the status filter matches order statuses', async () => {
    const o = await owner(server);
    await server.call('PUT', '/Booking/Settings', { token: o.token, body: { timeZone: 'Europe/Moscow' } });
    const notice = await orderFlow(o, 'changedRecord', {
      content: '{clientName}: {orderNum} {orderSum} [{orderItems}] {deliveryAddress} at {deliveryTime} by {courierName}',
      filters: { statuses: ['OnWay'] },
    });
    const deliverAt = nowSec(server) + 2 * DAY;
    const order = await placeOrder(o, { sum: 99.5, items: [{ title: 'Soup', amount: 1.5, price: 66.33 }], address: 'Tverskaya 7', deliverAtUnixTime: deliverAt, courierName: 'Oleg' });
    await setStatus(o, order.id, 'CookingStarted'); // filtered out at send time
    await advance(server, 60);
    await setStatus(o, order.id, 'OnWay');
    await advance(server, 60);
    const all = (await messagesOf(server, o)).filter((m) => m.flowId === notice);
    expect(all.map((m) => [m.status, m.reason])).toEqual([
      ['cancelled', 'filtered out'],
      ['sent', null],
    ]);
    const local = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' })
      .format(new Date(deliverAt * 1000))
      .replace(',', '');
    expect(all[1]!.text).toBe(`Anna: 1042 99.50 [Soup × 1.5] Tverskaya 7 at ${local} by Oleg`);
  });
});

describe('sources keep booking and order flows apart', () => {
  it('booking flows ignore orders and order flows ignore bookings', async () => {
    const o = await owner(server);
    const bookingNew = await flow(server, o, 'newRecord');
    const bookingCancel = await flow(server, o, 'cancelledRecord');
    const orderNew = await orderFlow(o, 'newRecord');
    const orderCancel = await orderFlow(o, 'cancelledRecord');
    const got = await server.call('GET', `/Flows/${orderNew}`, { token: o.token });
    expect(got.body.source).toBe('orders');
    expect((await server.call('GET', `/Flows/${bookingNew}`, { token: o.token })).body.source).toBe('booking');

    const order = await placeOrder(o);
    const record = await book(server, o, nowSec(server) + DAY);
    await setStatus(o, order.id, 'Cancelled');
    await server.call('POST', `/Booking/Records/${record.id}/Cancel`, { token: o.token });
    const all = await messagesOf(server, o);
    const byFlow = (id: number) => all.filter((m) => m.flowId === id).map((m) => (m.orderId ? `order ${m.orderId}` : `record ${m.recordId}`));
    expect(byFlow(orderNew)).toEqual([`order ${order.id}`]);
    expect(byFlow(orderCancel)).toEqual([`order ${order.id}`]);
    expect(byFlow(bookingNew)).toEqual([`record ${record.id}`]);
    expect(byFlow(bookingCancel)).toEqual([`record ${record.id}`]);
  });

  it('a delivered order makes the client due for the repeat-order flow 30 days later', async () => {
    const o = await owner(server);
    const order = await placeOrder(o, { status: 'Delivered' });
    const repeat = await orderFlow(o, 'repeatVisit', { content: 'Order again?' });
    await advance(server, 29 * DAY);
    expect(await messagesOf(server, o)).toHaveLength(0);
    await advance(server, 2 * DAY);
    const all = await messagesOf(server, o);
    expect(all.map((m) => [m.flowId, m.clientId, m.status])).toEqual([[repeat, order.clientId, 'sent']]);
  });
});

describe('order API guards', () => {
  it('another owner’s order answers 404; bad input is a 400 naming the field and creates nothing', async () => {
    const a = await owner(server);
    const b = await owner(server);
    await orderFlow(b, 'newRecord');
    const order = await placeOrder(a);
    expect((await server.call('GET', `/Booking/Orders/${order.id}`, { token: b.token })).status).toBe(404);
    expect((await setStatus(b, order.id, 'Delivered')).status).toBe(404);
    expect((await setStatus(b, order.id, 'Delivered')).body.code).toBe('orderNotFound');
    expect((await server.call('GET', `/Booking/Orders/${order.id}`, { token: a.token })).body).toMatchObject({ id: order.id, number: '1042', status: 'Unconfirmed', phone: '79161234567' });

    const cases: [Record<string, unknown>, RegExp][] = [
      [{ phone: '12', number: '1' }, /phone/],
      [{ phone: '+79161234567', number: '   ' }, /number/],
      [{ phone: '+79161234567', number: '1', status: 'Lost' }, /status/],
      [{ phone: '+79161234567', number: '1', sum: -5 }, /sum/],
      [{ phone: '+79161234567', number: '1', deliveryType: 'ByDrone' }, /deliveryType/],
      [{ phone: '+79161234567', number: '1', paymentUrl: 'javascript:alert(1)' }, /paymentUrl/],
      [{ phone: '+79161234567', number: '1', paymentUrl: 'x'.repeat(2001) }, /paymentUrl/],
    ];
    for (const [body, field] of cases) {
      const res = await server.call('POST', '/Booking/Orders', { token: b.token, body });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(field);
      expect(res.body.errors[0].code).toMatch(/^[a-z][a-zA-Z]+$/);
    }
    expect((await setStatus(a, order.id, 'Eaten')).status).toBe(400);
    expect(await messagesOf(server, b)).toHaveLength(0);
    const flowBad = await server.call('POST', '/Flows', { token: b.token, body: { title: 't', content: 'c', type: 'newRecord', source: 'shop' } });
    expect(flowBad.status).toBe(400);
    expect(JSON.stringify(flowBad.body)).toMatch(/source/);
  });
});
