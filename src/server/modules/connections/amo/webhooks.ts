import type { FastifyRequest } from 'fastify';
import { sameSecret } from '../../../platform/auth/secrets.ts';
import type { AppContext } from '../../../platform/context.ts';
import { HttpError, notFound } from '../../../platform/http/problem.ts';
import type { WebhookGuard } from '../../../platform/http/webhook-guard.ts';
import { eventContext } from '../../../delivery/event-context.ts';
import { recordsByIds, setRecordStatus } from '../../booking/store.ts';
import { sealedConnections, type Sealed } from '../sealed.ts';
import { leadByAmoId, setLeadStatus, settingsOf } from './store.ts';

// amoCRM signs nothing: its webhook URL carries `<connectionId>.<secret>` (docs/amo.md "Webhook"), checked against the
// sealed secret before the body is read; an unknown id or a wrong secret are the same 404.

const verified = new WeakMap<FastifyRequest, Sealed<'amo'>>();

/** Guards of Amo's webhook kinds (checked before the body is read; docs/webhooks.md). */
export function amoWebhookGuards(ctx: AppContext): Record<string, WebhookGuard> {
  const sealed = sealedConnections(ctx.db, ctx.config);
  return {
    async amo(req) {
      const token = (req.params as { amoToken?: unknown } | undefined)?.amoToken;
      const m = typeof token === 'string' ? /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{16,64})$/.exec(token) : null;
      const connection = m && Number(m[1]) <= 2147483647 ? await sealed.byId(Number(m[1]), 'amo') : undefined;
      const secret = connection?.credentials.webhookSecret;
      if (!connection || !secret || !sameSecret(m![2]!, secret)) throw notFound('webhookNotFound');
      verified.set(req, connection);
    },
  };
}

/** `leads[status][i][…]` of the form, as the flat keys the form parser gives. */
function statusChanges(body: Record<string, string>) {
  const out: { leadId: number; statusId: number; pipelineId: number }[] = [];
  for (let i = 0; i < 50; i++) {
    const field = (name: string) => Number(body[`leads[status][${i}][${name}]`]);
    const [leadId, statusId, pipelineId] = [field('id'), field('status_id'), field('pipeline_id')];
    if (!Number.isSafeInteger(leadId)) break;
    if (leadId > 0 && Number.isSafeInteger(statusId) && Number.isSafeInteger(pipelineId)) out.push({ leadId, statusId, pipelineId });
  }
  return out;
}

/** A status change of a lead we created moves its visit as the owner's map says; the rest is ignored. */
export async function receiveAmoWebhook(ctx: AppContext, req: FastifyRequest): Promise<{ result: 'applied' | 'ignored' }> {
  const connection = verified.get(req);
  if (!connection) throw notFound('webhookNotFound');
  const body = (req.body ?? {}) as Record<string, string>;
  const id = connection.connection.id;
  const userId = connection.connection.userId;
  let applied = false;
  for (const change of statusChanges(body)) {
    const moved = await ctx.db.transaction(async (tx) => {
      const lead = await leadByAmoId(tx, id, change.leadId);
      if (!lead) return false;
      await setLeadStatus(tx, lead.recordId, change.statusId);
      const settings = await settingsOf(tx, id);
      const mapped = settings?.statusMap.find((m) => m.pipelineId === change.pipelineId && m.statusId === change.statusId);
      if (!mapped) return false;
      try {
        const before = (await recordsByIds(tx, [lead.recordId])).get(lead.recordId);
        if (!before || before.status === mapped.visitStatus) return false; // the same change again
        await setRecordStatus(tx, userId, lead.recordId, mapped.visitStatus, await eventContext(ctx, tx, userId));
        return true;
      } catch (error) {
        // A cancelled visit, or one that took place: amoCRM's move changes nothing here (never a 5xx, or amoCRM retries).
        if (error instanceof HttpError && error.statusCode < 500) return false;
        throw error;
      }
    });
    applied ||= moved;
  }
  return { result: applied ? 'applied' : 'ignored' };
}
