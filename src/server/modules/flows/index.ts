import { defineModule } from '../../platform/http/module.ts';
import { bulkFlowHandlers } from './bulk-handlers.ts';
import { flowHandlers } from './handlers.ts';
import { flowImageHandlers } from './image.ts';
import { registerImageBodies } from './image-store.ts';

/** Notification flows (issue 6): the signed-in customer's own flows, their bulk actions and images. */
export const flowsModule = defineModule({
  name: 'flows',
  handlers: (ctx) => ({ ...flowHandlers(ctx), ...bulkFlowHandlers(ctx), ...flowImageHandlers(ctx) }),
  register: (app) => registerImageBodies(app),
});
