import type { AppContext } from '../../platform/context.ts';
import { defineModule } from '../../platform/http/module.ts';
import { adminBlockHandlers } from './block-handlers.ts';
import { adminContactHandlers } from './contact-handlers.ts';
import { adminFlowHandlers } from './flow-handlers.ts';
import { adminHealthHandlers } from './health-handlers.ts';
import { newsHandlers } from './news-handlers.ts';
import { adminPayHandlers } from './pay-handlers.ts';
import { adminPromocodeHandlers } from './promocode-handlers.ts';
import { adminReportHandlers } from './report-handlers.ts';
import { adminUserHandlers } from './user-handlers.ts';

/** Every handler of the admin area (and the user-facing news read). */
function adminHandlers(ctx: AppContext) {
  return {
    ...adminUserHandlers(ctx),
    ...adminBlockHandlers(ctx),
    ...adminPayHandlers(ctx),
    ...adminContactHandlers(ctx),
    ...adminFlowHandlers(ctx),
    ...adminHealthHandlers(ctx),
    ...adminPromocodeHandlers(ctx),
    ...newsHandlers(ctx),
    ...adminReportHandlers(ctx),
  };
}

export const adminModule = defineModule({ name: 'admin', handlers: adminHandlers });
