import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { orders } from './schema.ts';
import { phoneDigits, upsertClient } from '../clients/store.ts';
import type { EventContext } from '../../delivery/event-context.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import { planOrderEvent, type Order, type OrderStatus } from './plan.ts';
import { HttpError, notFound } from '../../platform/http/problem.ts';

/**
 * The source-neutral order model (restaurants, shops): the demo calls and the iiko webhook change orders only through
 * here, each change in one transaction with the messages it plans (outbox, as booking/store.ts does for records).
 */
export interface OrderItem {
  title: string;
  amount: number;
  price: number;
}

/** What a source reports about an order besides its status; a change of these raises no event. */
export interface OrderDetails {
  number: string;
  sum?: number;
  items?: OrderItem[];
  deliveryType?: Order['deliveryType'];
  address?: string;
  deliverAt?: number | null;
  courierName?: string;
  paymentUrl?: string;
}

export interface OrderInput extends OrderDetails {
  phone: string;
  name?: string;
  status?: OrderStatus;
}

const columns = (d: Partial<OrderDetails>) => ({
  ...(d.number !== undefined ? { number: d.number } : {}),
  ...(d.sum !== undefined ? { sum: d.sum } : {}),
  ...(d.items !== undefined ? { items: d.items } : {}),
  ...(d.deliveryType !== undefined ? { deliveryType: d.deliveryType } : {}),
  ...(d.address !== undefined ? { address: d.address } : {}),
  ...(d.deliverAt !== undefined ? { deliverAt: d.deliverAt === null ? null : new Date(d.deliverAt) } : {}),
  ...(d.courierName !== undefined ? { courierName: d.courierName } : {}),
  ...(d.paymentUrl !== undefined ? { paymentUrl: d.paymentUrl } : {}),
});

export async function createOrder(tx: Tx, userId: number, input: OrderInput, ctx: EventContext, source = 'demo', externalId: string | null = null): Promise<Order> {
  const phone = phoneDigits(input.phone);
  const client = await upsertClient(tx, userId, { phone, name: input.name }, ctx.now);
  const at = new Date(ctx.now);
  const [order] = await tx
    .insert(orders)
    .values({ userId, clientId: client.id, status: input.status ?? 'Unconfirmed', ...columns(input), number: input.number, source, externalId, createdAt: at, updatedAt: at })
    .returning();
  await planOrderEvent(tx, order!, { type: 'created' }, ctx.now, ctx.channel);
  return order!;
}

/** Loads the caller's order, locked for the change; another user's id answers 404. */
export async function lockOwnOrder(tx: Tx, userId: number, orderId: number): Promise<Order> {
  const [order] = await tx.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId))).for('update');
  if (!order) throw notFound('orderNotFound');
  return order;
}

/** The order a system knows by (source, its id), locked for the change. */
export async function lockExternalOrder(tx: Tx, userId: number, source: string, externalId: string): Promise<Order | undefined> {
  const [order] = await tx.select().from(orders).where(and(eq(orders.userId, userId), eq(orders.source, source), eq(orders.externalId, externalId))).for('update');
  return order;
}

/** Details changed at the source (sum, items, courier…): stored for the messages still to be filled, no event. */
export async function updateOrderDetails(tx: Tx, order: Order, details: Partial<OrderDetails>, now: number): Promise<Order> {
  const set = columns(details);
  // Items compare by value (jsonb gives keys back in its own order).
  const same = (k: string, v: unknown) =>
    k === 'items'
      ? JSON.stringify((v as OrderItem[]).map((i) => [i.title, i.amount, i.price])) === JSON.stringify(order.items.map((i) => [i.title, i.amount, i.price]))
      : JSON.stringify(v) === JSON.stringify((order as Record<string, unknown>)[k]);
  const changed = Object.entries(set).some(([k, v]) => !same(k, v));
  if (!changed) return order;
  const [updated] = await tx.update(orders).set({ ...set, updatedAt: new Date(now) }).where(eq(orders.id, order.id)).returning();
  return updated!;
}

/** A status change is one event; the same status again is none; a cancelled order stays cancelled (409). */
export async function setOrderStatus(tx: Tx, userId: number, orderId: number, status: OrderStatus, ctx: EventContext): Promise<Order> {
  const order = await lockOwnOrder(tx, userId, orderId);
  if (order.status === status) return order;
  if (order.status === 'Cancelled') throw new HttpError(409, 'orderCancelled');
  const [updated] = await tx
    .update(orders)
    .set({ status, version: order.version + 1, updatedAt: new Date(ctx.now) })
    .where(eq(orders.id, order.id))
    .returning();
  await planOrderEvent(tx, updated!, { type: 'status', from: order.status }, ctx.now, ctx.channel);
  return updated!;
}

/** Orders by id, for the send-time facts of a batch of messages (one query). */
export async function ordersByIds(tx: Tx, ids: number[]): Promise<Map<number, Order>> {
  const rows = ids.length ? await tx.select().from(orders).where(inArray(orders.id, ids)) : [];
  return new Map(rows.map((o) => [o.id, o]));
}

/** A condition for planners' statements: the client placed an order (not cancelled) after `since` (laterActivity). */
export const orderedSince = (clientId: SQL, since: SQL): SQL =>
  sql`EXISTS (SELECT 1 FROM orders o WHERE o.client_id = ${clientId} AND o.created_at > ${since} AND o.status <> 'Cancelled')`;

/** Account deletion: the owner's orders go. */
export async function deleteOwnerData(tx: Tx, userId: number): Promise<void> {
  await tx.delete(orders).where(eq(orders.userId, userId));
}
