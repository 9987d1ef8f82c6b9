import { sha256 } from '../../platform/auth/secrets.ts';
import { checkPhone } from '../../../shared/validation/index.ts';
import { invalidField } from '../../platform/http/field-error.ts';
import { ORDER_STATUSES } from './schema.ts';
import { companyAllowed } from '../integrations/company.ts';
import { iikoOrganizationOf, touchIikoOrganization } from '../account/store-linked.ts';
import type { EventContext } from '../../delivery/event-context.ts';
import { parse, type WebhookResult } from '../integrations/payload.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import { fromLocal } from '../../delivery/time.ts';
import { addressOf, deliveryTypeOf, eventInfoSchema, eventSchema, itemsOf, orderSchema, type IikoOrder } from './iiko-payload.ts';
import { createOrder, lockExternalOrder, setOrderStatus, updateOrderDetails, type OrderDetails } from './store.ts';

const SOURCE = 'iiko';
/** The delivery order lifecycle in iiko's order (§3 order statuses without the final Cancelled). */
const LIFECYCLE = ORDER_STATUSES.filter((status) => status !== 'Cancelled');
const MAX_EVENTS = 100;

/** iiko's local "yyyy-MM-dd HH:mm:ss" in the business time zone, as an instant. */
function localInstant(value: string, timeZone: string): number {
  const [date, time] = value.split(/[T ]/) as [string, string];
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return fromLocal(timeZone, y, m, d, hh, mm);
}

function detailsOf(o: IikoOrder, externalId: string, ctx: EventContext): OrderDetails {
  return {
    number: o.number ?? externalId.slice(0, 8),
    sum: o.sum ?? 0,
    items: itemsOf(o),
    deliveryType: deliveryTypeOf(o),
    address: addressOf(o),
    deliverAt: o.completeBefore ? localInstant(o.completeBefore, ctx.timeZone) : null,
    courierName: o.courierInfo?.courier?.name ?? '',
  };
}

/** One DeliveryOrderUpdate: the order found by (owner, iiko, order id) is created, or its details and status move. */
async function applyEvent(tx: Tx, userId: number, event: unknown, index: number, ctx: EventContext, authTokenHash: string | undefined): Promise<WebhookResult> {
  const at = `[${index}]`;
  const envelope = parse(eventSchema, event, at);
  if (envelope.eventType !== 'DeliveryOrderUpdate') return 'ignored'; // stop lists, reserves, table orders…
  const info = parse(eventInfoSchema, envelope.eventInfo, `${at}.eventInfo`);
  // GUIDs compare in lower case: the cabinet links them so (docs/iiko.md).
  const organization = (envelope.organizationId ?? info.organizationId)?.toLowerCase();
  if (organization) {
    // An organization linked from the cabinet registered our secret as its authToken: a call without it is not iiko's.
    const linked = await iikoOrganizationOf(tx, userId, `${SOURCE}:${organization}`);
    const expected = (linked?.data as { authTokenHash?: string } | undefined)?.authTokenHash;
    if (expected && expected !== authTokenHash) return 'ignored';
    if (!(await companyAllowed(tx, userId, { kind: 'iikoOrganization', source: SOURCE, id: organization, name: `iiko ${organization}` }, ctx.now))) {
      return 'ignored'; // an organization this owner has not linked
    }
    await touchIikoOrganization(tx, userId, `${SOURCE}:${organization}`, ctx.now);
  }
  if (!info.order) return 'ignored'; // creationStatus InProgress/Error: no order yet
  const order = parse(orderSchema, info.order, `${at}.eventInfo.order`);
  const phone = order.phone || order.customer?.phone;
  if (!phone) return 'ignored'; // nobody to message
  if (checkPhone(phone, 'phone')) throw invalidField(`${at}.eventInfo.order.${order.phone ? 'phone' : 'customer.phone'}`, 'phoneNumberInvalid');
  const details = detailsOf(order, info.id, ctx);
  const existing = await lockExternalOrder(tx, userId, SOURCE, info.id);
  if (!existing) {
    await createOrder(tx, userId, { ...details, phone, name: order.customer?.name ?? undefined, status: order.status }, ctx, SOURCE, info.id);
    return 'applied';
  }
  if (existing.status === 'Cancelled') return 'unchanged'; // a late update does not reopen a cancelled order
  // Deliveries may arrive out of order: a status behind the stored one is a late event, not a step back.
  if (order.status !== 'Cancelled' && LIFECYCLE.indexOf(order.status) < LIFECYCLE.indexOf(existing.status)) return 'unchanged';
  const updated = await updateOrderDetails(tx, existing, details, ctx.now);
  if (order.status === existing.status) return updated === existing ? 'unchanged' : 'applied';
  await setOrderStatus(tx, userId, existing.id, order.status, ctx);
  return 'applied';
}

/**
 * Applies one iiko webhook delivery (an array of events; a single event object is accepted too) in the caller's
 * transaction: a bad event answers 400 naming its path and nothing of the delivery is kept. `authToken`: what the call
 * carried in `Authorization` (docs/iiko.md "The webhook").
 */
export async function applyIikoWebhook(tx: Tx, userId: number, body: unknown, ctx: EventContext, authToken?: string): Promise<WebhookResult> {
  const authTokenHash = authToken ? sha256(authToken) : undefined;
  const events = Array.isArray(body) ? body : [body];
  if (events.length > MAX_EVENTS) throw invalidField('body', 'tooManyEvents', { params: { max: MAX_EVENTS } });
  const results: WebhookResult[] = [];
  for (const [i, event] of events.entries()) results.push(await applyEvent(tx, userId, event, i, ctx, authTokenHash));
  return results.includes('applied') ? 'applied' : results.includes('unchanged') ? 'unchanged' : 'ignored';
}
