import type { components } from '../../../../api/schema.d.ts';
import type { AppContext } from '../../../platform/context.ts';
import { requireAuth } from '../../../platform/http/auth.ts';
import { notFound } from '../../../platform/http/problem.ts';
import type { Handlers } from '../../../platform/http/types.ts';
import { businessZone } from '../../account/store.ts';
import { dailyCapOnDay, daysToFullCap, warmupDay } from '../../../delivery/number-policy.ts';
import { sentTodayThrough } from '../../../delivery/store-claim.ts';
import { startOfLocalDay } from '../../../delivery/time.ts';
import { fallbackOrdersOf, pauseDetailOf, resumeSending, senderOf, setFallbackOrder, whatsAppAlertOf, type Sender } from './store.ts';
import { seconds } from '../../../platform/db/rows.ts';

type NumberSending = components['schemas']['NumberSending'];

/** A number's sending state, its pause, warm-up and today's cap (docs/connections.md "Sending and pacing"). */
export function sendingHandlers(ctx: AppContext): Handlers<'getWhatsAppSending' | 'resumeWhatsAppSending' | 'getSendingSettings' | 'setSendingSettings'> {
  const { db, config } = ctx;

  async function own(req: Parameters<typeof requireAuth>[0], id: number): Promise<Sender> {
    const sender = await senderOf(db, requireAuth(req).userId, id);
    if (!sender || sender.kind !== 'whatsapp') throw notFound('connectionNotFound');
    return sender;
  }

  async function present(s: Sender): Promise<NumberSending> {
    const now = config.now();
    const zone = await businessZone(db, s.userId);
    const day = s.warmupStartedAt ? warmupDay(s.warmupStartedAt.getTime(), now, zone) : null;
    return {
      id: s.id,
      paused: s.pausedAt !== null,
      pauseReason: s.pauseReason,
      pauseDetail: s.pausedAt ? await pauseDetailOf(db, s.id) : null,
      pausedUnixTime: seconds(s.pausedAt),
      warmupDay: day,
      dailyCap: dailyCapOnDay(day ?? 1),
      sentToday: await sentTodayThrough(db, s.id, startOfLocalDay(now, zone)),
      warmupDone: day !== null && day >= daysToFullCap(),
    };
  }

  return {
    async getWhatsAppSending(req) {
      return present(await own(req, req.params.connectionId));
    },
    async resumeWhatsAppSending(req) {
      const sender = await own(req, req.params.connectionId);
      if (sender.pausedAt) await resumeSending(db, sender.id, new Date(config.now()));
      return present((await senderOf(db, sender.userId, sender.id))!);
    },
    async getSendingSettings(req) {
      const userId = requireAuth(req).userId;
      const [orders, whatsApp] = await Promise.all([fallbackOrdersOf(db, [userId]), whatsAppAlertOf(db, userId)]);
      return { fallbackOrder: [...orders.get(userId)!], whatsApp };
    },
    async setSendingSettings(req) {
      const userId = requireAuth(req).userId;
      await setFallbackOrder(db, userId, req.body.fallbackOrder, new Date(config.now()));
      return { fallbackOrder: req.body.fallbackOrder };
    },
  };
}
