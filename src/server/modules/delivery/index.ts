import { defineModule } from '../../platform/http/module.ts';
import { deliveryHandlers } from './handlers.ts';
import { sandboxEventHandlers } from './sandbox-events.ts';
import { channelWebhookHandlers } from './waha-webhook/handlers.ts';
import { wahaSignatureGuard } from './waha-webhook/signature.ts';

/**
 * The HTTP side of delivery (tag Delivery): the message log, conversion, sandbox events and the WAHA webhook.
 * The engine itself (messages, rules, caps, dispatcher, channels) is src/server/delivery/ and serves no routes.
 */
export const deliveryModule = defineModule({
  name: 'delivery',
  handlers: (ctx) => ({ ...deliveryHandlers(ctx), ...sandboxEventHandlers(ctx), ...channelWebhookHandlers(ctx) }),
  webhooks: (ctx) => ({ waha: wahaSignatureGuard(ctx.config) }),
});
