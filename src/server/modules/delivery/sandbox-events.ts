import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { flows } from '../flows/schema.ts';
import { messages } from '../../delivery/schema.ts';
import { applyDeliveryEvent } from '../../delivery/events.ts';
import { toDeliveryMessage } from './handlers.ts';
import { requireAuth } from '../../platform/http/auth.ts';
import { HttpError, notFound } from '../../platform/http/problem.ts';
import type { Handlers } from '../../platform/http/types.ts';

/** Statuses a sandbox recipient can still act on: the message went out (sent or later, not failed). */
const AFTER_SEND = new Set(['sent', 'delivered', 'read', 'replied']);

/**
 * The sandbox channel's recipient side: the owner plays delivered / read / replied for a message the sandbox
 * "sent", and it goes through the same status path as a provider's webhook (events.ts: forward only).
 */
export function sandboxEventHandlers(ctx: AppContext): Handlers<'playSandboxEvent'> {
  const { db, config } = ctx;
  const load = async (userId: number, id: number) => {
    const [row] = await db
      .select({ m: messages, flowTitle: flows.title })
      .from(messages)
      .leftJoin(flows, eq(flows.id, messages.flowId))
      .where(and(eq(messages.id, id), eq(messages.userId, userId)));
    return row;
  };
  return {
    async playSandboxEvent(req) {
      const { userId } = requireAuth(req);
      const row = await load(userId, req.params.messageId);
      if (!row) throw notFound('messageNotFound');
      if (row.m.channel !== 'sandbox') throw new HttpError(409, 'sandboxOnly');
      if (!AFTER_SEND.has(row.m.status) || !row.m.providerMessageId) throw new HttpError(409, 'messageNotSent');
      await applyDeliveryEvent(db, { providerMessageId: row.m.providerMessageId, status: req.body.status, at: config.now() });
      const after = await load(userId, row.m.id);
      return toDeliveryMessage(after!.m, after!.flowTitle);
    },
  };
}
