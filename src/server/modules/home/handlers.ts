import type { AppContext } from '../../platform/context.ts';
import { requireAuth } from '../../platform/http/auth.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { homeState } from './queries.ts';
import { troubledWhatsAppOf } from '../connections/sending/store.ts';

/** Home (issue 16): one read for the whole screen, scoped to the caller. */
export function homeHandlers(ctx: AppContext): Handlers<'getHome'> {
  return {
    async getHome(req) {
      const userId = requireAuth(req).userId;
      const [home, numbers] = await Promise.all([homeState(ctx.db, userId, ctx.config.now()), troubledWhatsAppOf(ctx.db, userId)]);
      // "WhatsApp disconnected" (issue 17): messages wait for a connection, or a number lost its link or was paused.
      const waiting = home.sending?.waiting ?? 0;
      return { ...home, sending: { warning: waiting > 0 || numbers.disconnected > 0 || numbers.paused > 0, waiting, ...numbers } };
    },
  };
}
