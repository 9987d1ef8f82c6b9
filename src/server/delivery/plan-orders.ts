import { and, eq } from 'drizzle-orm';
import type { FlowKind } from '../../shared/flows/index.ts';
import type { ChannelName } from './channels/channel.ts';
import { recordVisit } from '../modules/clients/store.ts';
import { messages } from './schema.ts';
import { orders } from '../modules/orders/schema.ts';
import type { Tx } from '../platform/db/transactions.ts';
import { insertPlanned, runningFlows, type Flow, type PlannedMessage } from './plan.ts';

export type Order = typeof orders.$inferSelect;
export type OrderStatus = Order['status'];

/** §9-like default: an order still unconfirmed an hour after it was placed is an abandoned cart. */
export const ABANDONED_CART_DEFAULT_MIN = 60;
/** Statuses after which the client has the order: the first of them counts as a visit (review, repeat order). */
export const COMPLETED_STATUSES: readonly OrderStatus[] = ['Delivered', 'Closed'];

export type OrderEvent = { type: 'created' } | { type: 'status'; from: OrderStatus };

const after = (flow: Flow, now: number) => now + flow.settings.delayMinutes * 60_000;
const completed = (status: OrderStatus) => COMPLETED_STATUSES.includes(status);

/** Which messages an order event plans, flow by flow (docs/delivery.md "Orders"). */
export function planForOrder(event: OrderEvent, order: Order, running: Flow[], now: number): PlannedMessage[] {
  const out: PlannedMessage[] = [];
  const to = order.status;
  const firstCompletion = completed(to) && (event.type === 'created' || !completed(event.from));
  for (const flow of running) {
    switch (flow.type) {
      case 'newRecord':
        if (event.type === 'created' && to !== 'Cancelled') out.push({ flow, key: `onew:${flow.id}:${order.id}`, at: after(flow, now) });
        break;
      case 'abandonedCart':
        if (event.type === 'created' && to === 'Unconfirmed') {
          const delay = flow.settings.delayMinutes > 0 ? flow.settings.delayMinutes : ABANDONED_CART_DEFAULT_MIN;
          out.push({ flow, key: `cart:${flow.id}:${order.id}`, at: now + delay * 60_000 });
        }
        break;
      case 'changedRecord':
        if (event.type === 'status' && to !== 'Cancelled') out.push({ flow, key: `ost:${flow.id}:${order.id}:v${order.version}`, at: after(flow, now) });
        break;
      case 'cancelledRecord':
        if (event.type === 'status' && to === 'Cancelled') out.push({ flow, key: `ocnl:${flow.id}:${order.id}`, at: after(flow, now) });
        break;
      case 'reviewRequest':
      case 'crossSell':
        if (firstCompletion) out.push({ flow, key: `o${flow.type}:${flow.id}:${order.id}`, at: after(flow, now) });
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
  const at = new Date(now);
  const queuedOfOrder = and(eq(messages.orderId, order.id), eq(messages.status, 'queued'));
  if (event.type === 'status') {
    if (order.status === 'Cancelled') {
      await tx.update(messages).set({ status: 'cancelled', reason: 'order cancelled', failedAt: at }).where(queuedOfOrder);
    } else {
      // An unsent notice about an older status is superseded by this one; a cart left behind is no longer abandoned.
      await tx
        .update(messages)
        .set({ status: 'cancelled', reason: 'superseded by a later status', failedAt: at })
        .where(and(queuedOfOrder, eq(messages.kind, 'changedRecord')));
      if (event.from === 'Unconfirmed') {
        await tx.update(messages).set({ status: 'cancelled', reason: 'order confirmed', failedAt: at }).where(and(queuedOfOrder, eq(messages.kind, 'abandonedCart')));
      }
    }
  }
  if (completed(order.status) && (event.type === 'created' || !completed(event.from))) {
    await recordVisit(tx, order.clientId, order.sum, at);
  }
  const running = await runningFlows(tx, order.userId, ORDER_KINDS, 'orders');
  const planned = planForOrder(event, order, running, now);
  return insertPlanned(tx, planned, { userId: order.userId, orderId: order.id, clientId: order.clientId }, now, channel);
}
