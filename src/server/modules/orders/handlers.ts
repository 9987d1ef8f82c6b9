import type { AppContext } from '../../platform/context.ts';
import { clientById } from '../clients/store.ts';
import { eventContext } from '../../delivery/event-context.ts';
import { webhookOwnerOf } from '../../platform/http/webhook-guard.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import type { Order } from './plan.ts';
import { invalidField } from '../../platform/http/field-error.ts';
import { requireAuth } from '../../platform/http/auth.ts';
import { checkUrl } from '../../../shared/validation/rules.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { applyIikoWebhook } from './iiko.ts';
import { createOrder, lockOwnOrder, setOrderStatus } from './store.ts';

/** The demo order system (tag Booking) and the iiko webhook receiver: what a restaurant or shop would report. */
export function orderHandlers(ctx: AppContext): Handlers<'createOrder' | 'getOrder' | 'setOrderStatus' | 'receiveIikoWebhook'> {
  const { db } = ctx;
  const present = async (tx: Tx, order: Order) => {
    const client = await clientById(tx, order.clientId);
    return {
      id: order.id,
      clientId: order.clientId,
      phone: client!.phone,
      clientName: client!.name,
      number: order.number,
      sum: order.sum,
      items: order.items,
      status: order.status,
      deliveryType: order.deliveryType,
      address: order.address,
      deliverAtUnixTime: order.deliverAt ? Math.floor(order.deliverAt.getTime() / 1000) : null,
      courierName: order.courierName,
      paymentUrl: order.paymentUrl,
      version: order.version,
    };
  };

  return {
    async createOrder(req, reply) {
      const { userId } = requireAuth(req);
      const b = req.body;
      if (!b.number.trim()) throw invalidField('number', 'empty');
      if (b.items?.some((i) => !i.title.trim())) throw invalidField('items.title', 'empty');
      const paymentUrl = b.paymentUrl?.trim();
      if (paymentUrl && checkUrl(paymentUrl)) throw invalidField('paymentUrl', 'urlInvalid');
      const input = {
        ...b,
        number: b.number.trim(),
        paymentUrl,
        items: b.items?.map((i) => ({ title: i.title.trim(), amount: i.amount ?? 1, price: i.price ?? 0 })),
        deliverAt: b.deliverAtUnixTime == null ? b.deliverAtUnixTime : b.deliverAtUnixTime * 1000,
        deliveryType: b.deliveryType as Order['deliveryType'] | undefined,
      };
      const result = await db.transaction(async (tx) => present(tx, await createOrder(tx, userId, input, await eventContext(ctx, tx, userId))));
      reply.code(201);
      return result;
    },
    async getOrder(req) {
      const { userId } = requireAuth(req);
      return db.transaction(async (tx) => present(tx, await lockOwnOrder(tx, userId, req.params.orderId)));
    },
    async setOrderStatus(req) {
      const { userId } = requireAuth(req);
      return db.transaction(async (tx) => present(tx, await setOrderStatus(tx, userId, req.params.orderId, req.body.status, await eventContext(ctx, tx, userId))));
    },
    async receiveIikoWebhook(req) {
      // The URL token was checked before the body was read (webhookTokenGuard): it named this owner.
      const userId = webhookOwnerOf(req);
      // iiko sends the authToken we registered; the header's form is unverified, so `Bearer <t>` and `<t>` both count.
      const authToken = req.headers.authorization?.replace(/^Bearer\s+/i, '').trim() || undefined;
      const result = await db.transaction(async (tx) => applyIikoWebhook(tx, userId, req.body, await eventContext(ctx, tx, userId), authToken));
      return { result };
    },
  };
}
