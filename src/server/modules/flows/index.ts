import type { AppContext } from '../../platform/context.ts';
import { bulkFlowHandlers } from './bulk-handlers.ts';
import { flowHandlers } from './handlers.ts';
import { flowImageHandlers } from './image.ts';

/** Notification flows (issue 6): the signed-in customer's own flows and their bulk actions. */
export const flowsHandlers = (ctx: AppContext) => ({ ...flowHandlers(ctx), ...bulkFlowHandlers(ctx), ...flowImageHandlers(ctx) });
