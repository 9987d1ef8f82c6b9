import { defineModule } from '../../platform/http/module.ts';
import { conversationsHandlers } from './handlers.ts';

// The conversations domain (issue 17, docs/conversations.md): what clients write back, per owner, inbox and writer.
// The WAHA webhook (delivery module) and the Telegram bot's webhook (phones/subscribers) hand messages in.
export { receiveWhatsAppMessage, type WhatsAppIncoming } from './whatsapp.ts';
export { receiveTelegramMessage } from './telegram.ts';
export { isTwilioIncoming, receiveTwilioMessage } from './twilio.ts';
export { metaTime, receiveWabaMessage } from './waba.ts';
export { mediaPlaceholder } from './incoming.ts';
export { isStopWord } from './stop-words.ts';

export const conversationsModule = defineModule({
  name: 'conversations',
  handlers: (ctx) => conversationsHandlers(ctx),
});
