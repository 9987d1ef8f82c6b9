import { matchesCategory } from '../../../shared/flows/filters.ts';
import { combineFacts, type MessageSource, type SourceFacts } from '../../delivery/source.ts';
import { clientFacts, clientsOfBatch } from '../clients/source.ts';
import type { Order } from './plan.ts';
import { orderedSince, ordersByIds } from './store.ts';
import { orderVariables } from './variables.ts';

/**
 * What an order message shows and is filtered by, from the order as it is now. An abandoned cart is a reminder only
 * while the order is unconfirmed; a cancelled order gets nothing but its cancellation notice. An order has no
 * master, services or visit hour: the statuses filter matches its §3 order status, types its delivery type, categories
 * its items' titles (docs/flows.md "Filters").
 */
export function orderFacts(order: Order, now: number, timeZone: string): SourceFacts {
  return {
    withdrawn(kind) {
      if (kind === 'abandonedCart' && order.status !== 'Unconfirmed') return order.status === 'Cancelled' ? 'order cancelled' : 'order confirmed';
      if (order.status === 'Cancelled' && kind !== 'cancelledRecord') return 'order cancelled';
      return undefined;
    },
    passes: (filters) =>
      (!filters.statuses.length || filters.statuses.includes(order.status)) &&
      (!filters.types.length || (order.deliveryType !== null && filters.types.includes(order.deliveryType))) &&
      matchesCategory(filters.categories, order.items.map((i) => i.title)),
    variables: orderVariables(order, now, timeZone),
  };
}

/** Restaurant and shop orders: order events plan notices (plan.ts); their variables are filled at send time. */
export const ordersSource: MessageSource = {
  name: 'orders',
  subject: 'orderId',
  async facts(tx, batch, at) {
    const orders = await ordersByIds(tx, [...new Set(batch.map((m) => m.orderId!))]);
    const clients = await clientsOfBatch(tx, at);
    return new Map(
      batch.map((m) => {
        const client = clientFacts(m.clientId === null ? undefined : clients.get(m.clientId), at.now);
        const order = orders.get(m.orderId!);
        return [m.id, order ? combineFacts(orderFacts(order, at.now, at.timeZoneOf(m.userId)), client) : client];
      }),
    );
  },
  laterActivity: orderedSince,
};
