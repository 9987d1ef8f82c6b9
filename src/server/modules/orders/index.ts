import { defineModule } from '../../platform/http/module.ts';
import { orderHandlers } from './handlers.ts';
import { webhookTokenGuard } from '../integrations/token.ts';

/** Restaurant orders and the iiko webhook (tag Orders). */
export const ordersModule = defineModule({ name: 'orders', handlers: orderHandlers, webhooks: (ctx) => ({ iiko: webhookTokenGuard(ctx) }) });
