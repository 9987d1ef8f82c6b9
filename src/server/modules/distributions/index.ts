import { defineModule } from '../../platform/http/module.ts';
import { audienceHandlers } from './audience-handlers.ts';
import { distributionHandlers } from './handlers.ts';
import { registerTableBodies } from './table-bodies.ts';

// The distributions domain (issue 20; docs/distributions.md): WhatsApp mass distributions. Each owns a flow of type
// `distribution` (the message); this module keeps the audience, schedule, caps and one row per recipient, and its
// message source (source.ts) plans and describes the messages for the delivery engine.
export const distributionsModule = defineModule({
  name: 'distributions',
  handlers: (ctx) => ({ ...distributionHandlers(ctx), ...audienceHandlers(ctx) }),
  register: (app) => registerTableBodies(app),
});
