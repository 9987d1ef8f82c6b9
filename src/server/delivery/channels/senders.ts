import type { TelegramOptions, WahaOptions } from '../../platform/config.ts';
import type { Route } from '../routing.ts';
import type { Channel } from './channel.ts';
import { createPacer, SIGMA_LIMITS, TELEGRAM_LIMITS, TWILIO_LIMITS, wahaLimits, type Pacer } from './pacing.ts';
import { permanent } from './provider-http.ts';
import { createTelegramChannel } from './telegram.ts';
import { WABA_LIMITS } from './waba.ts';
import { createWahaChannel } from './waha.ts';

// The adapters of a routed engine, one per connection (docs/connections.md "Sending and pacing"): each owner's
// WhatsApp number is a WAHA channel on its own session with its own pacer, so numbers never share a rate; a Twilio
// sender, a Sigma account or a WhatsApp Business account is its provider's adapter on the connection's sealed
// credentials (opened on its first send), with its own pacer.

/** A route's adapter and its pacer; `key` names the pacer (a provider's wait hint stops that sender's batch only). */
export interface Sender {
  key: string;
  channel: Channel;
  pacer?: Pacer;
}

export interface SenderPool {
  of(route: Route): Sender;
}

export interface SenderPoolOptions {
  /** The operator's WAHA gateway (WAHA_URL, WAHA_API_KEY) the owners' numbers are sessions of. */
  gateway?: WahaOptions;
  /** Sends per minute per number (WAHA_PER_MINUTE). */
  perMinute: number;
  /** Each gap between two sends of a number stretched by up to this share, at random (number-policy.ts). */
  jitter: number;
  /** The operator's own session (DELIVERY_CHANNEL=waha's channel and pacer), for routes without a connection. */
  operator: Sender;
  /** The server's Telegram bot, for the fallback order's `telegram`. */
  telegram?: TelegramOptions;
  /** The adapter of an owner's Twilio, Sigma or WhatsApp Business connection, its credentials opened (undefined: gone or not Connected). */
  open?: (connectionId: number) => Promise<Channel | undefined>;
  random?: () => number;
}

/**
 * A pacer whose every gap is the provider's interval plus a random share of it: a number that sends at exact
 * intervals looks like a bot to WhatsApp.
 */
export function jittered(pacer: Pacer, intervalMs: number, share: number, random: () => number = Math.random): Pacer {
  const reserve = (to: string) => {
    const wait = pacer.reserve(to);
    if (wait === 0) pacer.pause(Math.round(intervalMs * (1 + share * random())));
    return wait;
  };
  return {
    reserve,
    async take(to) {
      for (let wait = reserve(to); wait > 0; wait = reserve(to)) await new Promise((resolve) => setTimeout(resolve, wait));
    },
    pause: (ms, to) => pacer.pause(ms, to),
  };
}

/** A channel that answers every send with a final failure (a route whose adapter cannot be built). */
const refusing = (name: Channel['name'], reason: string): Channel => ({ name, send: async () => permanent(reason) });

/**
 * A connection's adapter opened on its first send (credentials are read from the database, `of` is synchronous);
 * a connection that cannot be opened answers a final failure and is tried afresh on the next send.
 */
function opened(name: 'twilio' | 'sigma' | 'waba', connectionId: number, open: SenderPoolOptions['open']): Channel {
  let channel: Promise<Channel | undefined> | undefined;
  return {
    name,
    async send(message) {
      channel ??= open ? open(connectionId) : Promise.resolve(undefined);
      const c = await channel.catch(() => undefined);
      if (!c) channel = undefined;
      return c ? c.send(message) : permanent('connection not usable');
    },
  };
}

export function senderPool(options: SenderPoolOptions): SenderPool {
  const made = new Map<string, Sender>();
  const build = (route: Route): Sender => {
    if (route.channel === 'telegram') {
      const channel = options.telegram ? createTelegramChannel(options.telegram) : refusing('telegram', 'bot token rejected');
      return { key: 'telegram', channel, pacer: createPacer(TELEGRAM_LIMITS) };
    }
    const key = `c${route.connectionId}`;
    if (route.channel === 'waba') return { key, channel: opened('waba', route.connectionId!, options.open), pacer: createPacer(WABA_LIMITS) };
    if (route.channel === 'twilio' || route.channel === 'sigma') {
      // No jitter: carriers pace SMS by throughput, not by how regular a number looks.
      const limits = route.channel === 'twilio' ? TWILIO_LIMITS : SIGMA_LIMITS;
      return { key, channel: opened(route.channel, route.connectionId!, options.open), pacer: createPacer(limits) };
    }
    if (!options.gateway || !route.session) return { key, channel: refusing('waha', 'session not found') };
    const limits = wahaLimits(options.perMinute);
    const pacer = jittered(createPacer(limits), 1000 / limits[0]!.perSecond, options.jitter, options.random);
    return { key, channel: createWahaChannel({ ...options.gateway, session: route.session }), pacer };
  };
  return {
    of(route) {
      if (route.channel === 'waha' && route.connectionId === null) return options.operator;
      const key = route.channel === 'telegram' ? 'telegram' : `c${route.connectionId}:${route.session}`;
      let sender = made.get(key);
      if (!sender) made.set(key, (sender = build(route)));
      return sender;
    },
  };
}
