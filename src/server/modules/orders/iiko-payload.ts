import { z } from 'zod';
import { ORDER_STATUSES } from './schema.ts';

/**
 * The iikoCloud (iiko Transport) webhook body: an array of events `{eventType, eventTime, organizationId,
 * correlationId, eventInfo}`; for `DeliveryOrderUpdate` the event info is the delivery order as the deliveries API
 * returns it: `{id, posId, externalNumber, organizationId, timestamp, creationStatus, errorInfo, order}` where `order`
 * is null unless the creation succeeded. Only the fields the cabinet reads are checked; the rest pass untouched.
 * Sources and the honest state of the research: docs/webhooks.md "iiko".
 */
const text = (max: number) => z.string().max(max);
const money = z.coerce.number().min(0).max(100_000_000);

export const eventSchema = z.object({
  eventType: z.string().min(1),
  eventTime: z.string().optional(),
  organizationId: z.string().optional(),
  correlationId: z.string().optional(),
  eventInfo: z.unknown().optional(),
});

const address = z
  .object({
    line1: text(500).nullish(),
    street: z.object({ name: text(200).nullish(), city: z.union([text(200), z.object({ name: text(200).nullish() })]).nullish() }).nullish(),
    house: text(50).nullish(),
    building: text(50).nullish(),
    flat: text(50).nullish(),
  })
  .nullish();

const item = z.object({
  product: z.object({ name: text(300).nullish() }).nullish(),
  amount: z.coerce.number().min(0).max(100_000).default(1),
  price: money.nullish(),
  cost: money.nullish(),
});

export const orderSchema = z.object({
  number: z.union([z.number().int().min(0), text(64)]).transform(String).nullish(),
  sum: money.nullish(),
  status: z.enum(ORDER_STATUSES),
  phone: text(32).nullish(),
  customer: z.object({ name: text(200).nullish(), phone: text(32).nullish() }).nullish(),
  deliveryPoint: z.object({ address }).nullish(),
  // iiko writes local times of the organization without an offset: "2019-08-24 14:15:22.123".
  completeBefore: z
    .string()
    .regex(/^\d{4}-\d\d-\d\d[T ]\d\d:\d\d/, 'not a date and time "yyyy-MM-dd HH:mm:ss.fff"')
    .nullish(),
  courierInfo: z.object({ courier: z.object({ name: text(200).nullish() }).nullish() }).nullish(),
  items: z.array(item).max(200).nullish(),
  orderType: z.object({ orderServiceType: z.string().nullish() }).nullish(),
  orderServiceType: z.string().nullish(),
});

export const eventInfoSchema = z.object({
  id: z.string().min(1).max(100),
  organizationId: z.string().max(100).optional(),
  externalNumber: text(100).nullish(),
  creationStatus: z.string().nullish(),
  order: z.unknown().nullish(),
});

export type IikoOrder = z.infer<typeof orderSchema>;

/** `street, house, building, flat` or the ready `line1`; empty when the client picks the order up. */
export function addressOf(o: IikoOrder): string {
  const a = o.deliveryPoint?.address;
  if (!a) return '';
  if (a.line1) return a.line1;
  const city = typeof a.street?.city === 'string' ? a.street.city : a.street?.city?.name;
  return [city, a.street?.name, a.house, a.building, a.flat].filter(Boolean).join(', ');
}

/** iiko's order service type: `DeliveryByCourier`, `DeliveryByClient` or `Common` (a hall order: none of §3). */
export function deliveryTypeOf(o: IikoOrder): 'DeliveryByClient' | 'DeliveryByCourier' | null {
  const t = o.orderType?.orderServiceType ?? o.orderServiceType;
  return t === 'DeliveryByClient' || t === 'DeliveryByCourier' ? t : null;
}

export function itemsOf(o: IikoOrder) {
  return (o.items ?? []).map((i) => ({
    title: i.product?.name || '—',
    amount: i.amount,
    price: i.price ?? (i.cost != null && i.amount > 0 ? i.cost / i.amount : 0),
  }));
}
