/**
 * Token buckets that keep sends under a provider's limits. A pacer holds several limits (e.g. Telegram: 30 msg/s
 * per bot and 1 msg/s per chat); a send may go only when every bucket it touches has a token. The engine can
 * ask without waiting (`reserve`, for scheduling) or wait in-process (`take`). Provider 429 hints pause a key
 * (`pause`) so the pacer never re-offends before the provider's own retry time.
 */

export interface Limit {
  /** Which bucket a recipient falls into: a constant for a per-account limit, the recipient for per-chat limits. */
  scope: 'account' | 'recipient';
  /** Sustained rate. */
  perSecond: number;
  /** Tokens available at once (bucket size); 1 means strictly spaced sends. */
  burst: number;
}

interface Bucket {
  tokens: number;
  at: number;
  pausedUntil: number;
}

export interface Pacer {
  /** 0 when a token was taken for `to` (send now); otherwise ms to wait, and nothing was taken. */
  reserve(to: string): number;
  /** Waits until a token for `to` is taken. */
  take(to: string): Promise<void>;
  /** A provider said "retry after": no send for `to` (or for everyone, without `to`) for `ms`. */
  pause(ms: number, to?: string): void;
}

export interface PacerOptions {
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Recipient buckets idle this long are dropped so memory stays flat over millions of recipients. */
  idleMs?: number;
}

export function createPacer(limits: readonly Limit[], options: PacerOptions = {}): Pacer {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const idleMs = options.idleMs ?? 60_000;
  const buckets = limits.map(() => new Map<string, Bucket>());
  let sweptAt = now();

  const keyOf = (limit: Limit, to: string) => (limit.scope === 'account' ? '*' : to);
  const bucketOf = (i: number, to: string, t: number): Bucket => {
    const key = keyOf(limits[i]!, to);
    let bucket = buckets[i]!.get(key);
    if (!bucket) buckets[i]!.set(key, (bucket = { tokens: limits[i]!.burst, at: t, pausedUntil: 0 }));
    return bucket;
  };
  const refill = (limit: Limit, bucket: Bucket, t: number) => {
    bucket.tokens = Math.min(limit.burst, bucket.tokens + ((t - bucket.at) / 1000) * limit.perSecond);
    bucket.at = t;
  };
  const sweep = (t: number) => {
    if (t - sweptAt < idleMs) return;
    sweptAt = t;
    buckets.forEach((map, i) => {
      if (limits[i]!.scope === 'account') return;
      for (const [key, b] of map) if (t - b.at > idleMs && b.pausedUntil < t) map.delete(key);
    });
  };

  const reserve = (to: string): number => {
    const t = now();
    sweep(t);
    let wait = 0;
    const touched = limits.map((limit, i) => {
      const bucket = bucketOf(i, to, t);
      refill(limit, bucket, t);
      wait = Math.max(wait, bucket.pausedUntil - t, bucket.tokens >= 1 ? 0 : Math.ceil(((1 - bucket.tokens) / limit.perSecond) * 1000));
      return bucket;
    });
    if (wait > 0) return wait;
    for (const bucket of touched) bucket.tokens -= 1;
    return 0;
  };

  return {
    reserve,
    async take(to) {
      for (let wait = reserve(to); wait > 0; wait = reserve(to)) await sleep(wait);
    },
    pause(ms, to) {
      const t = now();
      limits.forEach((limit, i) => {
        if (to === undefined ? limit.scope !== 'account' : limit.scope !== 'recipient') return;
        const bucket = bucketOf(i, to ?? '*', t);
        bucket.pausedUntil = Math.max(bucket.pausedUntil, t + ms);
      });
    },
  };
}

/**
 * Telegram Bot API: about 30 messages per second per bot and one per second per chat (core.telegram.org/bots/faq).
 * Kept a little under both so clock skew between us and the provider never trips a 429.
 */
export const TELEGRAM_LIMITS: readonly Limit[] = [
  { scope: 'account', perSecond: 25, burst: 25 },
  { scope: 'recipient', perSecond: 0.9, burst: 1 },
];

/**
 * WhatsApp via WAHA: the gateway itself does not throttle, but WhatsApp bans numbers that send fast to many
 * strangers. Default: one message every 3 s per session and one per 5 s per chat; raise with WAHA_PER_MINUTE.
 */
export const wahaLimits = (perMinute = 20): readonly Limit[] => [
  { scope: 'account', perSecond: perMinute / 60, burst: 1 },
  { scope: 'recipient', perSecond: 0.2, burst: 1 },
];

/**
 * Twilio: one message per second per long code (1 MPS for a US/CA long code, more only for short codes and
 * toll-free, which an owner's sender rarely is); Twilio queues above it but the queue's delay then grows without
 * bound. A little under one per second per connection, whatever the channel, so network jitter never makes two
 * sends arrive closer than a second.
 */
export const TWILIO_LIMITS: readonly Limit[] = [{ scope: 'account', perSecond: 0.9, burst: 1 }];

/**
 * Sigma SMS: no published rate; its client libraries send one request per message and the double allows 10 per
 * second per account. Five per second keeps half of that free for the owner's other uses of the same account.
 */
export const SIGMA_LIMITS: readonly Limit[] = [{ scope: 'account', perSecond: 5, burst: 1 }];
