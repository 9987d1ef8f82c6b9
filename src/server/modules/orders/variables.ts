import type { MessageVariable } from '../../../shared/flows/variables.ts';
import { localClock, localDate } from '../../delivery/time.ts';
import type { Order } from './plan.ts';

const money = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));
const quantity = (n: number) => String(Number(n.toFixed(3)));

/**
 * The §3 order and delivery variables from the order as it is at send time. A value the order does not have (no
 * address for a pickup, no courier yet) is left out, so its token stays visible rather than turning into nothing.
 */
export function orderVariables(order: Order, now: number, timeZone: string): Partial<Record<MessageVariable, string>> {
  const out: Partial<Record<MessageVariable, string>> = {
    orderNum: order.number,
    orderSum: money(order.sum),
  };
  if (order.items.length) out.orderItems = order.items.map((i) => (i.amount === 1 ? i.title : `${i.title} × ${quantity(i.amount)}`)).join(', ');
  if (order.address) out.deliveryAddress = order.address;
  if (order.courierName) out.courierName = order.courierName;
  if (order.paymentUrl) out.paymentLink = order.paymentUrl;
  if (order.deliverAt) {
    // The clock time when it is due today in the business zone, else the date too.
    const at = order.deliverAt.getTime();
    out.deliveryTime = localDate(at, timeZone) === localDate(now, timeZone) ? localClock(at, timeZone) : `${localDate(at, timeZone)} ${localClock(at, timeZone)}`;
  }
  return out;
}
