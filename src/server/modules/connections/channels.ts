import type { Channel } from '../../delivery/channels/channel.ts';
import type { SmsChannel } from '../../delivery/channels/sigma.ts';
import { createSigmaChannel } from '../../delivery/channels/sigma.ts';
import { createTelegramChannel } from '../../delivery/channels/telegram.ts';
import { createTwilioChannel } from '../../delivery/channels/twilio.ts';
import type { ServerConfig } from '../../platform/config.ts';
import type { Db } from '../../platform/db/open.ts';
import { sealedConnections } from './sealed.ts';
import { sealedConnection } from './store-secrets.ts';

/**
 * The channel that sends through one of an owner's sealed connections (Telegram bot, Twilio sender, Sigma account),
 * its credentials opened only here; undefined for a missing connection, another kind, or one not Connected.
 * For the engine's "send through the owner's connection" (issue 17, next slice).
 */
export async function channelOfConnection(db: Db, config: ServerConfig, connectionId: number): Promise<Channel | SmsChannel | undefined> {
  const row = await sealedConnection(db, connectionId);
  if (!row || row.connection.state !== 'Connected') return undefined;
  const sealed = sealedConnections(db, config);
  const origin = config.publicOrigin.replace(/\/+$/, '');
  switch (row.connection.kind) {
    case 'telegram': {
      const bot = await sealed.byId(connectionId, 'telegram');
      return bot && createTelegramChannel({ token: bot.credentials.token, apiUrl: config.telegramBot.apiUrl });
    }
    case 'twilio': {
      const account = await sealed.byId(connectionId, 'twilio');
      return account && createTwilioChannel({ apiUrl: config.providers.twilioApiUrl, ...account.credentials, statusCallback: `${origin}/api/v1/Webhooks/twilio/${connectionId}` });
    }
    case 'sigma': {
      const account = await sealed.byId(connectionId, 'sigma');
      return account && createSigmaChannel({ apiUrl: config.providers.sigmaApiUrl, ...account.credentials });
    }
    default:
      return undefined;
  }
}
