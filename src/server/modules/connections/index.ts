import { defineModule } from '../../platform/http/module.ts';
import { whatsAppHandlers } from './handlers.ts';
import { sendingHandlers } from './sending/handlers.ts';
import { sigmaHandlers } from './sigma-handlers.ts';
import { telegramHandlers } from './telegram-handlers.ts';
import { resealOldSecrets } from './rotation.ts';
import { twilioHandlers } from './twilio-handlers.ts';
import { wabaHandlers } from './waba-handlers.ts';
import { connectionWebhookGuards, connectionWebhookHandlers } from './webhooks.ts';
import { wabaWebhookGuard, wabaWebhookHandlers } from './waba-webhook.ts';
import { bookingSystemHandlers } from './booking-systems/handlers.ts';
import { iikoHandlers } from './iiko/handlers.ts';
import { iikoWebhookGuards } from './iiko/webhooks.ts';
import { amoHandlers } from './amo/handlers.ts';
import { amoWebhookGuards } from './amo/webhooks.ts';
import { chatwootHandlers } from './chatwoot/handlers.ts';
import { chatwootWebhookGuards } from './chatwoot/webhooks.ts';

// The connections domain (issue 17): the owner's messaging connections, the `/accounts/*` screens. WhatsApp numbers
// through the operator's WAHA gateway; the owner's Telegram bots, Twilio senders and Sigma SMS accounts with their
// credentials sealed (docs/connections.md). The owner's business systems (issue 19, docs/business-systems.md), one
// folder each: booking-systems/ (YCLIENTS, Altegio), iiko/, amo/ (amoCRM), chatwoot/. The WAHA webhook route (delivery module) hands `session.status` events
// to `applySessionStatus`.
export { applySessionStatus } from './whatsapp.ts';

/** Twilio posts its status callbacks form-encoded (the input guard still admits the type only where declared). */
const FORM_MAX = 64 * 1024;

export const connectionsModule = defineModule({
  name: 'connections',
  handlers: (ctx) => ({
    ...whatsAppHandlers(ctx),
    ...sendingHandlers(ctx),
    ...telegramHandlers(ctx),
    ...twilioHandlers(ctx),
    ...sigmaHandlers(ctx),
    ...wabaHandlers(ctx),
    ...connectionWebhookHandlers(ctx),
    ...wabaWebhookHandlers(ctx),
    ...bookingSystemHandlers(ctx),
    ...iikoHandlers(ctx),
    ...amoHandlers(ctx),
    ...chatwootHandlers(ctx),
  }),
  webhooks: (ctx) => ({ ...connectionWebhookGuards(ctx), waba: wabaWebhookGuard(ctx), ...iikoWebhookGuards(ctx), ...amoWebhookGuards(ctx), ...chatwootWebhookGuards(ctx) }),
  async register(app, ctx) {
    const rotated = await resealOldSecrets(ctx.db, ctx.config);
    if (rotated.resealed || rotated.unreadable) app.log.warn(rotated, 'provider credentials under an old key sealed again (SECRETS_KEYS_OLD can go once unreadable is 0)');
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_MAX }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
  },
});
