import { defineModule } from '../../platform/http/module.ts';
import { whatsAppHandlers } from './handlers.ts';
import { sendingHandlers } from './sending/handlers.ts';

// The connections domain (issue 17): the owner's messaging connections, the `/accounts/*` screens. WhatsApp numbers
// through the operator's WAHA gateway first (docs/connections.md). The WAHA webhook route (delivery module) hands
// `session.status` events to `applySessionStatus`.
export { applySessionStatus } from './whatsapp.ts';

export const connectionsModule = defineModule({
  name: 'connections',
  handlers: (ctx) => ({ ...whatsAppHandlers(ctx), ...sendingHandlers(ctx) }),
});
