import { defineModule } from '../../platform/http/module.ts';
import { checkoutHandlers } from './checkout-handlers.ts';
import { paymentsHandlers } from './handlers.ts';
import { subscriptionHandlers } from './subscription-handlers.ts';
import { paymentWebhookGuards } from './webhook-routes.ts';

// The payments domain (issue 18; docs/payments.md): catalogue, units, quote, history, checkout, notifications,
// subscriptions. The `payments` and `promocodes` tables stay with the admin module's store-payments.ts, read here
// through its functions; checkouts, payment events and subscriptions are this module's (schema.ts).
export const paymentsModule = defineModule({
  name: 'payments',
  handlers: (ctx) => ({ ...paymentsHandlers(ctx), ...checkoutHandlers(ctx), ...subscriptionHandlers(ctx) }),
  webhooks: paymentWebhookGuards,
});
