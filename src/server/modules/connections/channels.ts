import type { Channel } from '../../delivery/channels/channel.ts';
import type { SmsChannel } from '../../delivery/channels/sigma.ts';
import { createSigmaChannel } from '../../delivery/channels/sigma.ts';
import { createTelegramChannel } from '../../delivery/channels/telegram.ts';
import { createTwilioChannel } from '../../delivery/channels/twilio.ts';
import type { ServerConfig } from '../../platform/config.ts';
import type { Db } from '../../platform/db/open.ts';
import { sealedConnections } from './sealed.ts';
import { wabaChannelOf } from './waba-for-flows.ts';

/**
 * The channel that sends through one of an owner's sealed connections (Telegram bot, Twilio sender, Sigma account,
 * WhatsApp Business account), its credentials opened only here; undefined for a missing connection, another kind, or one not Connected
 * (credentials no key opens read as `error`). For the engine's "send through the owner's connection" (issue 17).
 */
export async function channelOfConnection(db: Db, config: ServerConfig, connectionId: number): Promise<Channel | SmsChannel | undefined> {
  const sealed = sealedConnections(db, config);
  const origin = config.publicOrigin.replace(/\/+$/, '');
  const row = await sealed.anyById(connectionId);
  // A WhatsApp Business account (anyById answers the kinds above): opened by waba-for-flows.ts.
  if (!row) return wabaChannelOf(db, config, connectionId);
  if (row.connection.state !== 'Connected') return undefined;
  switch (row.kind) {
    case 'telegram':
      return createTelegramChannel({ token: row.credentials.token, apiUrl: config.telegramBot.apiUrl });
    case 'twilio':
      return createTwilioChannel({ apiUrl: config.providers.twilioApiUrl, ...row.credentials, statusCallback: `${origin}/api/v1/Webhooks/twilio/${connectionId}` });
    case 'sigma':
      return createSigmaChannel({ apiUrl: config.providers.sigmaApiUrl, ...row.credentials });
  }
}
