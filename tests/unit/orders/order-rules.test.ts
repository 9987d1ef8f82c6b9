// Order messages at send time (docs/delivery.md "Orders"): the abandoned cart only while unconfirmed, nothing but the
// cancellation notice for a cancelled order, the status filter on order statuses, the order variables; and which
// templates create order flows.
import { describe, expect, it } from 'vitest';
import { defaultFields } from '../../../src/shared/flows/types.ts';
import { TEMPLATE_CATALOGUES, templateSource } from '../../../src/shared/flows/templates.ts';
import { orderVariables } from '../../../src/server/modules/orders/variables.ts';
import type { Order } from '../../../src/server/modules/orders/plan.ts';
import { orderFacts } from '../../../src/server/modules/orders/source.ts';
import { decideStatic, type SendFacts } from '../../../src/server/delivery/rules.ts';

const NOW = Date.UTC(2026, 10, 2, 9, 0); // 12:00 in Moscow
const order = (over: Partial<Order> = {}): Order => ({
  id: 1, userId: 1, clientId: 1, number: '77', sum: 10, status: 'Unconfirmed', deliveryType: null, items: [], address: '', deliverAt: null,
  courierName: '', paymentUrl: '', version: 1, source: 'demo', externalId: null, createdAt: new Date(NOW), updatedAt: new Date(NOW), ...over,
});
function facts(kind: string, o: Order, filters: Partial<ReturnType<typeof defaultFields>['filters']> = {}): SendFacts {
  const d = defaultFields(kind as never);
  const flow = {
    id: 1, userId: 1, title: 't', content: 'c', type: kind, mode: 'combat', status: 'Working', testPhones: '', endDate: null,
    settings: { ...d, sendingHours: { from: 0, to: 24 }, filters: { ...d.filters, ...filters }, source: 'orders' },
  };
  return { now: NOW, timeZone: 'Europe/Moscow', ownerPhone: null, flow: flow as never, subject: orderFacts(o, NOW, 'Europe/Moscow'), recipient: '79161234567', kind };
}

describe('order send-time rules', () => {
  it('the abandoned cart goes only while the order is unconfirmed', () => {
    expect(decideStatic(facts('abandonedCart', order())).action).toBe('send');
    expect(decideStatic(facts('abandonedCart', order({ status: 'WaitCooking' })))).toEqual({ action: 'cancel', reason: 'order confirmed' });
    expect(decideStatic(facts('abandonedCart', order({ status: 'Cancelled' })))).toEqual({ action: 'cancel', reason: 'order cancelled' });
  });

  it('a cancelled order gets only its cancellation notice', () => {
    expect(decideStatic(facts('changedRecord', order({ status: 'Cancelled' })))).toEqual({ action: 'cancel', reason: 'order cancelled' });
    expect(decideStatic(facts('cancelledRecord', order({ status: 'Cancelled' }))).action).toBe('send');
  });

  it('the statuses filter matches the order status', () => {
    expect(decideStatic(facts('changedRecord', order({ status: 'OnWay' }), { statuses: ['OnWay'] })).action).toBe('send');
    expect(decideStatic(facts('changedRecord', order({ status: 'Waiting' }), { statuses: ['OnWay'] }))).toEqual({ action: 'cancel', reason: 'filtered out' });
  });

  it('fills what the order has and leaves the rest as tokens', () => {
    const today = Date.UTC(2026, 10, 2, 15, 30); // 18:30 in Moscow, same day
    expect(orderVariables(order({ sum: 12.5, items: [{ title: 'Tea', amount: 1, price: 2 }, { title: 'Bun', amount: 3, price: 3.5 }], deliverAt: new Date(today) }), NOW, 'Europe/Moscow')).toEqual({
      orderNum: '77', orderSum: '12.50', orderItems: 'Tea, Bun × 3', deliveryTime: '18:30',
    });
  });
});

describe('template sources', () => {
  it('order templates and the abandoned cart create order flows; booking templates booking flows', () => {
    const iiko = Object.fromEntries(TEMPLATE_CATALOGUES.iikocrm.map((t) => [t.id, templateSource(t)]));
    expect(iiko).toMatchObject({ orderCreated: 'orders', orderStatus: 'orders', orderCancelled: 'orders', orderReview: 'orders', repeatOrder: 'orders', abandonedCart: 'orders', birthday: 'booking' });
    expect(TEMPLATE_CATALOGUES.yclients.every((t) => templateSource(t) === 'booking')).toBe(true);
  });
});
