import type { Channel, ChannelName } from './channel.ts';
import { TELEGRAM_LIMITS, wahaLimits } from './pacing.ts';
import { envInt } from './provider-http.ts';
import { createTelegramChannel, telegramOptionsFromEnv } from './telegram.ts';
import { createWahaChannel, wahaOptionsFromEnv } from './waha.ts';

/** A provider channel with the send rates it must keep (pacing.ts); the engine paces sends to these. */
export type PacedChannel = Channel & { limits?: ReturnType<typeof wahaLimits> };

/**
 * Builds the adapter DELIVERY_CHANNEL names from its settings (docs/channels.md). Throws with the missing or bad
 * setting's name, so a misconfigured server stops at start instead of failing every send.
 */
export function providerChannelFromEnv(name: Exclude<ChannelName, 'sandbox'>, env: Record<string, string | undefined>): PacedChannel {
  if (name === 'waha') {
    const options = wahaOptionsFromEnv(env);
    if (!options) throw new Error('DELIVERY_CHANNEL=waha needs WAHA_URL (the gateway origin, e.g. http://127.0.0.1:3000)');
    checkUrl('WAHA_URL', options.baseUrl);
    return { ...createWahaChannel(options), limits: wahaLimits(envInt(env, 'WAHA_PER_MINUTE', 20)) };
  }
  const options = telegramOptionsFromEnv(env);
  if (!options) throw new Error('DELIVERY_CHANNEL=telegram needs TELEGRAM_BOT_TOKEN (the bot token from @BotFather)');
  if (options.apiUrl) checkUrl('TELEGRAM_API_URL', options.apiUrl);
  return { ...createTelegramChannel(options), limits: TELEGRAM_LIMITS };
}

function checkUrl(name: string, value: string) {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new Error(`${name} must be an http(s) URL (got "${value}")`);
}
