import type { AppContext } from '../../platform/context.ts';
import { requireAuth } from '../../platform/http/auth.ts';
import { HttpError } from '../../platform/http/problem.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { conversationExists, listConversations, listMessages } from './store.ts';

/** The read API the next slices build on (chatbots, assistants, quality control, a conversations screen). */
export function conversationsHandlers(ctx: AppContext): Handlers<'listConversations' | 'listConversationMessages'> {
  const { db } = ctx;
  return {
    async listConversations(req) {
      const { userId } = requireAuth(req);
      return listConversations(db, userId, { page: req.query.page ?? 1, pageSize: req.query.pageSize ?? 20 });
    },

    async listConversationMessages(req) {
      const { userId } = requireAuth(req);
      const id = req.params.conversationId;
      if (!(await conversationExists(db, userId, id))) throw new HttpError(404, 'conversationNotFound');
      return listMessages(db, id, { page: req.query.page ?? 1, pageSize: req.query.pageSize ?? 50 });
    },
  };
}
