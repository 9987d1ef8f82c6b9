import type { AppContext } from '../../platform/context.ts';
import { requireAuth } from '../../platform/http/auth.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { homeState } from './queries.ts';

/** Home (issue 16): one read for the whole screen, scoped to the caller. */
export function homeHandlers(ctx: AppContext): Handlers<'getHome'> {
  return {
    async getHome(req) {
      return homeState(ctx.db, requireAuth(req).userId, ctx.config.now());
    },
  };
}
