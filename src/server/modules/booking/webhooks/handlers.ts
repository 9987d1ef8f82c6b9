import type { AppContext } from '../../../platform/context.ts';
import { userGuid } from '../../account/store.ts';
import { requireAuth } from '../../../platform/http/auth.ts';
import { HttpError } from '../../../platform/http/problem.ts';
import { webhookOwnerOf } from '../../../platform/http/webhook-guard.ts';
import type { Handlers } from '../../../platform/http/types.ts';
import { eventContext } from '../../../delivery/event-context.ts';
import { applyWebhook } from './apply.ts';
import { webhookToken } from '../../integrations/token.ts';

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
      // The URL token was checked before the body was read (webhookTokenGuard): it named this owner.
      const userId = webhookOwnerOf(req);
      const result = await db.transaction(async (tx) =>
        applyWebhook(tx, userId, req.params.system, req.body, await eventContext(ctx, tx, userId)),
      );
      return { result };
    },
  };
}
