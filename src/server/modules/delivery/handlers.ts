import type { components } from '../../../api/schema.d.ts';
import { pagesOf, seconds } from '../../platform/db/rows.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import { bookedWithin } from '../booking/store.ts';
import { flowTitles, loadOwnFlow } from '../flows/store.ts';
import { flowConversion, messagesPage, type MessageRecord } from './store.ts';
import { requireAuth } from '../../platform/http/auth.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { allowanceState } from '../../delivery/allowance.ts';
import { ALLOWANCE_LOW, ALLOWANCE_REACHED } from '../../delivery/rules.ts';

type DeliveryMessage = components['schemas']['DeliveryMessage'];

/** One row of the message log as the contract shows it. */
export function toDeliveryMessage(m: MessageRecord, flowTitle: string | null): DeliveryMessage {
  return {
    id: m.id,
    flowId: m.flowId,
    flowTitle,
    kind: m.kind,
    recipient: m.recipient,
    sentTo: m.sentTo,
    channel: m.channel,
    status: m.status,
    reason: m.reason,
    text: m.text,
    attempts: m.attempts,
    plannedUnixTime: seconds(m.plannedAt)!,
    sentUnixTime: seconds(m.sentAt),
    deliveredUnixTime: seconds(m.deliveredAt),
    readUnixTime: seconds(m.readAt),
    repliedUnixTime: seconds(m.repliedAt),
  };
}

/** Rows of the message log as the contract shows them, each with its flow's title (one query for the titles). */
export async function toDeliveryMessages(db: Tx, rows: MessageRecord[]): Promise<DeliveryMessage[]> {
  const titles = await flowTitles(db, rows.map((m) => m.flowId));
  return rows.map((m) => toDeliveryMessage(m, m.flowId === null ? null : (titles.get(m.flowId) ?? null)));
}

/** The message log (§2 /insights/message-logs) and a flow's conversion (§9 windows). */
export function deliveryHandlers(ctx: AppContext): Handlers<'listMessages' | 'getFlowConversion'> {
  const { db, config } = ctx;
  return {
    async listMessages(req) {
      const { userId } = requireAuth(req);
      const q = req.query;
      const page = q.page ?? 1;
      const size = q.pageSize ?? 20;
      const { total, rows } = await messagesPage(db, userId, { flowId: q.flowId, status: q.status, channel: q.channel }, page, size);
      const { limit, used, left } = await allowanceState(db, userId, config.now());
      return {
        messages: await toDeliveryMessages(db, rows),
        page,
        pages: pagesOf(total, size),
        total,
        allowance: { limit, used, left, warning: left === null ? null : left === 0 ? ALLOWANCE_REACHED : left < 100 ? ALLOWANCE_LOW : null },
      };
    },

    async getFlowConversion(req) {
      const { userId } = requireAuth(req);
      const flow = await loadOwnFlow(db, userId, req.params.flowId, { distributions: false });
      const days = req.query.days ?? 7;
      // A client converts when a record of theirs was created (booked) or took place (arrived) within `days`
      // after the flow's first message to them went out (only messages that went to the client's own number count).
      const { messaged, converted } = await flowConversion(db, flow.id, bookedWithin(days));
      return { flowId: flow.id, days, messaged, converted, share: messaged ? converted / messaged : 0 };
    },
  };
}
