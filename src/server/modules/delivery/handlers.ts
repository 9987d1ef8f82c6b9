import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { components } from '../../../api/schema.d.ts';
import { rowsOf, pagesOf, seconds, totalOf } from '../../platform/db/rows.ts';
import type { AppContext } from '../../platform/context.ts';
import { flows } from '../flows/schema.ts';
import { messages } from '../../delivery/schema.ts';
import { businessZone } from '../account/store.ts';
import { loadOwnFlow } from '../flows/store.ts';
import { requireAuth } from '../../platform/http/auth.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { allowanceOf } from '../../delivery/allowance.ts';
import { OUT_STATUSES } from '../../platform/db/transactions.ts';
import { ALLOWANCE_LOW, ALLOWANCE_REACHED } from '../../delivery/rules.ts';
import { startOfLocalMonth } from '../../delivery/time.ts';

type DeliveryMessage = components['schemas']['DeliveryMessage'];

/** One row of the message log as the contract shows it. */
export function toDeliveryMessage(m: typeof messages.$inferSelect, flowTitle: string | null): DeliveryMessage {
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

/** The message log (§2 /insights/message-logs) and a flow's conversion (§9 windows). */
export function deliveryHandlers(ctx: AppContext): Handlers<'listMessages' | 'getFlowConversion'> {
  const { db, config } = ctx;
  return {
    async listMessages(req) {
      const { userId } = requireAuth(req);
      const q = req.query;
      const page = q.page ?? 1;
      const size = q.pageSize ?? 20;
      const where: SQL = and(
        eq(messages.userId, userId),
        q.flowId === undefined ? undefined : eq(messages.flowId, q.flowId),
        q.status === undefined ? undefined : eq(messages.status, q.status),
        q.channel === undefined ? undefined : eq(messages.channel, q.channel),
      )!;
      const total = await totalOf(db.select({ n: count() }).from(messages).where(where));
      const rows = await db
        .select({ m: messages, flowTitle: flows.title })
        .from(messages)
        .leftJoin(flows, eq(flows.id, messages.flowId))
        .where(where)
        .orderBy(desc(messages.id))
        .limit(size)
        .offset((page - 1) * size);
      const timeZone = await businessZone(db, userId);
      const used = await totalOf(
        db
          .select({ n: count() })
          .from(messages)
          .where(and(eq(messages.userId, userId), inArray(messages.status, [...OUT_STATUSES]), sql`${messages.sentAt} >= ${new Date(startOfLocalMonth(config.now(), timeZone)).toISOString()}::timestamptz`)),
      );
      const limit = await allowanceOf(db, userId, config.now());
      const left = limit === null ? null : Math.max(0, limit - used);
      return {
        messages: rows.map(({ m, flowTitle }) => toDeliveryMessage(m, flowTitle)),
        page,
        pages: pagesOf(total, size),
        total,
        allowance: { limit, used, left, warning: left === null ? null : left === 0 ? ALLOWANCE_REACHED : left < 100 ? ALLOWANCE_LOW : null },
      };
    },

    async getFlowConversion(req) {
      const { userId } = requireAuth(req);
      const flow = await loadOwnFlow(db, userId, req.params.flowId);
      const days = req.query.days ?? 7;
      // A client converts when a record of theirs was created (booked) or took place (arrived) within `days`
      // after the flow's first message to them went out. Only messages that went to the client's own number count:
      // test-mode sends go to a test number or the owner (sent_to ≠ recipient) and message no client.
      const [row] = await rowsOf<{ messaged: number; converted: number }>(
        db,
        sql`WITH first AS (
              SELECT client_id, min(sent_at) AS at FROM messages
              WHERE flow_id = ${flow.id} AND client_id IS NOT NULL AND status IN ('sent', 'delivered', 'read', 'replied')
                AND sent_to = recipient
              GROUP BY client_id)
            SELECT count(*)::int AS messaged,
              count(*) FILTER (WHERE EXISTS (
                SELECT 1 FROM booking_records r WHERE r.client_id = first.client_id AND r.status <> 'cancelled' AND (
                  (r.created_at >= first.at AND r.created_at <= first.at + make_interval(days => ${days}))
                  OR (r.status = 'arrived' AND r.start_at >= first.at AND r.start_at <= first.at + make_interval(days => ${days})))))::int AS converted
            FROM first`,
      );
      const messaged = row?.messaged ?? 0;
      const converted = row?.converted ?? 0;
      return { flowId: flow.id, days, messaged, converted, share: messaged ? converted / messaged : 0 };
    },
  };
}
