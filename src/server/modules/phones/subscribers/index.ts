// Subscribers (§2 /phones/subscribers): owner calls, the Telegram bot's webhook, and the send-time address rule.
export { subscribersHandlers, telegramWebhookSecurity } from './handlers.ts';
export { channelAddress, NOT_SUBSCRIBED_TELEGRAM, resolveAddress, UNSUBSCRIBED } from './address.ts';
