import type { Channel, OutgoingMessage, SendResult } from './channels/channel.ts';
import type { Pacer } from './channels/pacing.ts';
import type { ServerConfig } from '../platform/config.ts';
import type { Db } from '../platform/db/open.ts';
import { claim, type Claimed } from './claim.ts';
import { stopReasonOf, stopWithError, type FlowStop } from './flow-status.ts';
import { OUTCOME_UNKNOWN } from './rules.ts';
import { markFailed, markSent, release, requeue } from './store-claim.ts';
import { channelAddress, NOT_SUBSCRIBED_TELEGRAM } from '../modules/phones/subscribers/address.ts';
import { outgoingImageOf } from '../modules/flows/image-store.ts';

export interface DispatchDeps {
  db: Db;
  config: Pick<ServerConfig, 'now' | 'delivery' | 'dataDir'>;
  channel: Channel;
  /** The channel's send rates (a provider adapter's limits); sends wait for a token. */
  pacer?: Pacer;
}

export interface DispatchStats {
  claimed: number;
  sent: number;
  failed: number;
  retried: number;
  deferred: number;
  cancelled: number;
}

const backoffMs = (attempts: number) => Math.min(3_600_000, 30_000 * 2 ** (attempts - 1));

/** Records one send's outcome, unless another dispatcher has taken the message over meanwhile. */
async function settle(deps: DispatchDeps, c: Claimed, result: SendResult, now: number, stats: DispatchStats, stops: FlowStop[]) {
  if (result.ok) {
    stats.sent++;
    await markSent(deps.db, c, result.providerMessageId);
  } else if (result.ambiguous) {
    // The provider may have delivered it: a retry could send it twice, so it stays failed (at most once).
    stats.failed++;
    await markFailed(deps.db, c, OUTCOME_UNKNOWN, now);
  } else if (result.retryable && c.attempts < deps.config.delivery.maxAttempts) {
    stats.retried++;
    await requeue(deps.db, c, result.reason, now + Math.max(result.retryAfterMs ?? 0, backoffMs(c.attempts)));
  } else {
    stats.failed++;
    await markFailed(deps.db, c, result.reason, now);
    const stop = result.retryable || c.flowId === null ? undefined : stopReasonOf(result.reason);
    if (stop) stops.push({ flowId: c.flowId!, reason: stop });
  }
}

/**
 * Waits (wall clock: provider limits run on real time) until the pacer gives `to` a token, as long as the batch
 * stays within half its lease; returns 0 when a token was taken, else the wait still needed.
 */
async function paced(pacer: Pacer, to: string, started: number, leaseMs: number): Promise<number> {
  for (;;) {
    const wait = pacer.reserve(to);
    if (wait === 0 || Date.now() - started + wait > leaseMs / 2) return wait;
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/** The flow's buttons and its stored image (read by key from our files, never fetched from an address). */
type Images = Map<string, ReturnType<typeof outgoingImageOf>>;

async function extrasToSend(deps: DispatchDeps, c: Claimed, images: Images): Promise<Pick<OutgoingMessage, 'buttons' | 'image'>> {
  const { userId, buttons, image } = c.extras;
  // A flow's messages share one image: read once per batch, not once per message.
  const key = image && c.flowId !== null ? `${c.flowId}:${image.url}` : undefined;
  if (key && !images.has(key)) images.set(key, outgoingImageOf(deps.config.dataDir, userId, c.flowId!, image));
  const file = key ? await images.get(key) : undefined;
  return { ...(buttons.length ? { buttons } : {}), ...(file ? { image: file } : {}) };
}

/** One batch: claim, send one by one, record. Returns what happened; `claimed < batchSize` means nothing more is due. */
export async function dispatchBatch(deps: DispatchDeps): Promise<DispatchStats> {
  const stats: DispatchStats = { claimed: 0, sent: 0, failed: 0, retried: 0, deferred: 0, cancelled: 0 };
  // Failures that stop their flow (flow-status.ts), applied once the batch is done.
  const stops: FlowStop[] = [];
  const claimed = await claim(deps, deps.config.now(), stats, stops);
  const started = Date.now();
  const images: Images = new Map();
  for (let i = 0; i < claimed.length; i++) {
    const c = claimed[i]!;
    if (deps.pacer) {
      const wait = await paced(deps.pacer, c.to, started, deps.config.delivery.leaseMs);
      if (wait > 0) {
        // Too long to wait inside the lease: give it back unspent for when the provider's limit allows.
        stats.deferred++;
        await release(deps.db, c, deps.config.now() + wait);
        continue;
      }
    }
    let result: SendResult;
    try {
      // `sent_to` keeps the phone (log, conversion); the channel gets its own address for it (a Telegram chat id).
      const address = await channelAddress(deps.db, deps.channel.name, c.id, c.to);
      result = address === undefined
        ? { ok: false, retryable: false, reason: NOT_SUBSCRIBED_TELEGRAM }
        : await deps.channel.send({ idempotencyKey: c.key, to: address, text: c.text, ...(await extrasToSend(deps, c, images)) });
    } catch (error) {
      result = { ok: false, retryable: true, reason: `channel error: ${(error as Error).message}`.slice(0, 200) };
    }
    const now = deps.config.now();
    await settle(deps, c, result, now, stats, stops);
    if (!result.ok && result.retryable && result.retryAfterMs) {
      // Rate limited: stop this batch instead of hammering the provider; the rest waits as long as asked.
      deps.pacer?.pause(result.retryAfterMs);
      for (const rest of claimed.slice(i + 1)) await release(deps.db, rest, now + result.retryAfterMs);
      break;
    }
  }
  await stopWithError(deps.db, stops);
  return stats;
}

/** Batches until nothing is due (or `maxBatches`), summing the stats. */
export async function dispatchDue(deps: DispatchDeps, maxBatches = 1000): Promise<DispatchStats> {
  const total: DispatchStats = { claimed: 0, sent: 0, failed: 0, retried: 0, deferred: 0, cancelled: 0 };
  for (let i = 0; i < maxBatches; i++) {
    const s = await dispatchBatch(deps);
    for (const k of Object.keys(total) as (keyof DispatchStats)[]) total[k] += s[k];
    if (s.claimed < deps.config.delivery.batchSize) break;
  }
  return total;
}
