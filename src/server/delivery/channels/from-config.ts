import { ConfigError, missingChannelSetting, type ServerConfig } from '../../platform/config.ts';
import type { Channel, ChannelName } from './channel.ts';
import { TELEGRAM_LIMITS, wahaLimits } from './pacing.ts';
import { createTelegramChannel } from './telegram.ts';
import { createWahaChannel } from './waha.ts';

/** A provider channel with the send rates it must keep (pacing.ts); the engine paces sends to these. */
export type PacedChannel = Channel & { limits?: ReturnType<typeof wahaLimits> };

/** Builds the adapter DELIVERY_CHANNEL names from its settings, which config.ts has read and checked (docs/channels.md). */
export function providerChannel(name: Exclude<ChannelName, 'sandbox' | 'twilio' | 'sigma'>, channels: ServerConfig['channels']): PacedChannel {
  if (name === 'waha') {
    if (!channels.waha) throw new ConfigError(missingChannelSetting('waha'));
    return { ...createWahaChannel(channels.waha), limits: wahaLimits(channels.waha.perMinute) };
  }
  if (!channels.telegram) throw new ConfigError(missingChannelSetting('telegram'));
  return { ...createTelegramChannel(channels.telegram), limits: TELEGRAM_LIMITS };
}
