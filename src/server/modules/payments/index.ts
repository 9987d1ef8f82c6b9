import { defineModule } from '../../platform/http/module.ts';
import { paymentsHandlers } from './handlers.ts';

// The payments domain (issue 18; docs/payments.md): catalogue, units, quote and history. The `payments` and
// `promocodes` tables stay with the admin module's store-payments.ts, read here through its functions.
export const paymentsModule = defineModule({ name: 'payments', handlers: paymentsHandlers });
