import { defineModule } from '../../platform/http/module.ts';
import { phonesHandlers } from './handlers.ts';
import { subscribersHandlers, telegramWebhookSecurity } from './subscribers/handlers.ts';

// The phones domain: the blacklist (owner calls, the public ignore link, the send-time check the delivery engine
// uses) and subscribers (§2 /phones/subscribers, the Telegram bot's webhook, the send-time address rule).
export { isIgnored, phoneDigits } from './store.ts';
export { ignoreLinkToken } from './ignore-link.ts';

export const phonesModule = defineModule({
  name: 'phones',
  handlers: (ctx) => ({ ...phonesHandlers(ctx), ...subscribersHandlers(ctx) }),
  security: (ctx) => telegramWebhookSecurity(ctx.config),
});
