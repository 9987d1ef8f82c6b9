import type { AppContext } from '../../../platform/context.ts';
import { applySessionStatus } from '../../connections/index.ts';
import { receiveWhatsAppMessage } from '../../conversations/index.ts';
import { providerMessageOf } from '../store.ts';
import { applyDeliveryEvent } from '../../../delivery/events.ts';
import type { Handlers } from '../../../platform/http/types.ts';
import { wahaIncoming, wahaStatusEvent } from './waha-events.ts';

/**
 * Status reports of the providers. The signature was already checked on the raw body (signature.ts), so the body
 * here is authentic; every event is answered 200 (`ignored` when it concerns nothing the cabinet sent) so the
 * gateway does not retry it. A replayed event changes nothing: statuses only move forward (`unchanged`).
 */
export function channelWebhookHandlers(ctx: AppContext): Handlers<'receiveWahaWebhook'> {
  const { db, config } = ctx;
  return {
    async receiveWahaWebhook(req) {
      // A number's session changed state (linked, logged out, failed): the connections module records it.
      const session = await applySessionStatus(db, config, req.body);
      if (session) return { result: session };
      // A client wrote to an owner's number: its conversation keeps it (STOP, replied: modules/conversations).
      const incoming = wahaIncoming(req.body);
      const received = incoming && (await receiveWhatsAppMessage(db, { ...incoming, at: config.now() }));
      if (received) return { result: received };
      const event = wahaStatusEvent(req.body);
      if (!event) return { result: 'ignored' };
      const ours = await providerMessageOf(db, 'waha', event.candidates);
      if (!ours) return { result: 'ignored' };
      const changed = await applyDeliveryEvent(db, { providerMessageId: ours, status: event.status, at: config.now() });
      return { result: changed ? 'applied' : 'unchanged' };
    },
  };
}
