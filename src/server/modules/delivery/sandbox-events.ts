import type { AppContext } from '../../platform/context.ts';
import { ownMessage } from './store.ts';
import { applyDeliveryEvent } from '../../delivery/events.ts';
import { toDeliveryMessages } from './handlers.ts';
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
  return {
    async playSandboxEvent(req) {
      const { userId } = requireAuth(req);
      const m = await ownMessage(db, userId, req.params.messageId);
      if (!m) throw notFound('messageNotFound');
      if (m.channel !== 'sandbox') throw new HttpError(409, 'sandboxOnly');
      if (!AFTER_SEND.has(m.status) || !m.providerMessageId) throw new HttpError(409, 'messageNotSent');
      await applyDeliveryEvent(db, { providerMessageId: m.providerMessageId, status: req.body.status, at: config.now() });
      const [after] = await toDeliveryMessages(db, [(await ownMessage(db, userId, m.id))!]);
      return after!;
    },
  };
}
