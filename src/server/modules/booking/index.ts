import { defineModule } from '../../platform/http/module.ts';
import { companiesHandlers } from './companies-handlers.ts';
import { bookingHandlers } from './handlers.ts';
import { webhookHandlers } from './webhooks/handlers.ts';
import { webhookTokenGuard } from '../integrations/token.ts';

/** Booking: the demo booking system, YCLIENTS/Altegio webhooks and their URLs, the companies list (tag Booking). */
export const bookingModule = defineModule({
  name: 'booking',
  handlers: (ctx) => ({ ...bookingHandlers(ctx), ...webhookHandlers(ctx), ...companiesHandlers(ctx) }),
  webhooks: (ctx) => ({ bookingSystem: webhookTokenGuard(ctx) }),
});
