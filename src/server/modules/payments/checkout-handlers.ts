import type { AppContext } from '../../platform/context.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { checkoutHandlersOwn } from './checkout.ts';
import { payLinkHandlers } from './pay-links.ts';
import { publicPayHandlers } from './public-pay.ts';
import { paymentWebhookHandlers } from './webhook-routes.ts';

/** Checkout, the public pay link and the providers' notifications (issue 18; docs/payments.md). */
export function checkoutHandlers(ctx: AppContext): Handlers<'startCheckout' | 'getCheckout' | 'getPublicPayment' | 'startPublicCheckout' | 'yookassaNotification' | 'stripeNotification' | 'createPayLink' | 'getPublicPayLink' | 'startPayLinkCheckout'> {
  return { ...checkoutHandlersOwn(ctx), ...publicPayHandlers(ctx), ...paymentWebhookHandlers(ctx), ...payLinkHandlers(ctx) };
}
