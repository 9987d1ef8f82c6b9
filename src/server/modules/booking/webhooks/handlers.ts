import type { AppContext } from '../../../platform/context.ts';
import { userGuid } from '../../account/store.ts';
import { requireAuth } from '../../../platform/http/auth.ts';
import { HttpError, notFound } from '../../../platform/http/problem.ts';
import type { Handlers } from '../../../platform/http/types.ts';
import { eventContext } from '../../../delivery/event-context.ts';
import { applyWebhook } from './apply.ts';
import { userOfWebhookToken, webhookToken } from '../../integrations/token.ts';

/** Webhook receivers of the connected booking systems (docs/webhooks.md) and the owner's call for their URLs. */
export function webhookHandlers(ctx: AppContext): Handlers<'getWebhookUrls' | 'receiveBookingWebhook'> {
  const { db, config } = ctx;
  return {
    async getWebhookUrls(req) {
      const { userId } = requireAuth(req);
      const guid = await userGuid(db, userId);
      if (!guid) throw new HttpError(401, 'tokenInvalid');
      const token = webhookToken(config.jwtSecret, guid);
      const url = (system: string) => `${config.publicOrigin}/api/v1/Webhooks/${system}/${token}`;
      return { yclients: url('yclients'), altegio: url('altegio'), iiko: url('iiko') };
    },
    async receiveBookingWebhook(req) {
      // The token is checked before the body: a stranger learns nothing from validation messages.
      const userId = await userOfWebhookToken(db, config.jwtSecret, req.params.hookToken);
      if (userId === undefined) throw notFound('webhookNotFound');
      const result = await db.transaction(async (tx) =>
        applyWebhook(tx, userId, req.params.system, req.body, await eventContext(ctx, tx, userId)),
      );
      return { result };
    },
  };
}
