import type { FlowKind } from '../../../shared/flows/index.ts';
import type { ChannelName } from '../../delivery/channels/channel.ts';
import { afterDelay, insertPlanned, runningFlows, withdrawQueued, type Flow, type PlannedMessage } from '../../delivery/plan.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import { recordVisit } from '../clients/store.ts';
import type { orders } from './schema.ts';

export type Order = typeof orders.$inferSelect;
export type OrderStatus = Order['status'];

/** §9-like default: an order still unconfirmed an hour after it was placed is an abandoned cart. */
export const ABANDONED_CART_DEFAULT_MIN = 60;
/** Statuses after which the client has the order: the first of them counts as a visit (review, repeat order). */
export const COMPLETED_STATUSES: readonly OrderStatus[] = ['Delivered', 'Closed'];

export type OrderEvent = { type: 'created' } | { type: 'status'; from: OrderStatus };

const completed = (status: OrderStatus) => COMPLETED_STATUSES.includes(status);

/** Which messages an order event plans, flow by flow (docs/delivery.md "Orders"). */
export function planForOrder(event: OrderEvent, order: Order, running: Flow[], now: number): PlannedMessage[] {
  const out: PlannedMessage[] = [];
  const to = order.status;
  const firstCompletion = completed(to) && (event.type === 'created' || !completed(event.from));
  for (const flow of running) {
    switch (flow.type) {
      case 'newRecord':
        if (event.type === 'created' && to !== 'Cancelled') out.push({ flow, key: `onew:${flow.id}:${order.id}`, at: afterDelay(flow, now) });
        break;
      case 'abandonedCart':
        if (event.type === 'created' && to === 'Unconfirmed') {
          const delay = flow.settings.delayMinutes > 0 ? flow.settings.delayMinutes : ABANDONED_CART_DEFAULT_MIN;
          out.push({ flow, key: `cart:${flow.id}:${order.id}`, at: now + delay * 60_000 });
        }
        break;
      case 'changedRecord':
        if (event.type === 'status' && to !== 'Cancelled') out.push({ flow, key: `ost:${flow.id}:${order.id}:v${order.version}`, at: afterDelay(flow, now) });
        break;
      case 'cancelledRecord':
        if (event.type === 'status' && to === 'Cancelled') out.push({ flow, key: `ocnl:${flow.id}:${order.id}`, at: afterDelay(flow, now) });
        break;
      case 'reviewRequest':
      case 'crossSell':
        if (firstCompletion) out.push({ flow, key: `o${flow.type}:${flow.id}:${order.id}`, at: afterDelay(flow, now) });
        break;
      default:
        break; // reminders are about visits; periodic kinds are planned by the planner tick
    }
  }
  return out;
}

const ORDER_KINDS: FlowKind[] = ['newRecord', 'abandonedCart', 'changedRecord', 'cancelledRecord', 'reviewRequest', 'crossSell'];

/**
 * Plans the messages of one order event inside the event's own transaction (outbox), withdraws the ones it made
 * pointless, and on the first delivery counts the order as a visit of the client (visits, spend, last visit), so the
 * client-based planners (repeat order) see it. Only flows whose source is `orders` react.
 */
export async function planOrderEvent(tx: Tx, order: Order, event: OrderEvent, now: number, channel: ChannelName): Promise<number> {
  if (event.type === 'status') {
    if (order.status === 'Cancelled') {
      await withdrawQueued(tx, 'orderId', order.id, 'order cancelled', now);
    } else {
      // An unsent notice about an older status is superseded by this one; a cart left behind is no longer abandoned.
      await withdrawQueued(tx, 'orderId', order.id, 'superseded by a later status', now, ['changedRecord']);
      if (event.from === 'Unconfirmed') await withdrawQueued(tx, 'orderId', order.id, 'order confirmed', now, ['abandonedCart']);
    }
  }
  if (completed(order.status) && (event.type === 'created' || !completed(event.from))) {
    await recordVisit(tx, order.clientId, order.sum, new Date(now));
  }
  const running = await runningFlows(tx, order.userId, ORDER_KINDS, 'orders');
  const planned = planForOrder(event, order, running, now);
  return insertPlanned(tx, planned, { userId: order.userId, orderId: order.id, clientId: order.clientId }, now, channel);
}
