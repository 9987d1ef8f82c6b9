import type { Channel } from './channels/channel.ts';
import type { Pacer } from './channels/pacing.ts';
import type { ServerConfig } from '../platform/config.ts';
import type { Db } from '../platform/db/open.ts';
import { claim, type Claimed } from './claim.ts';
import { stopReasonOf, stopWithError, type FlowStop } from './flow-status.ts';
import { OUTCOME_UNKNOWN } from './rules.ts';
import { markFailed, markSent, release, requeue, reroute } from './store-claim.ts';
import { sendClaimed, type Outcome } from './channels/send-claimed.ts';
import type { SenderPool } from './channels/senders.ts';
import type { RoutingOptions } from './routing.ts';
import { connectionOutcomes, recordConnectionOutcomes, type Rerouted } from './connection-outcomes.ts';

export interface DispatchDeps {
  db: Db;
  config: Pick<ServerConfig, 'now' | 'delivery' | 'dataDir'>;
  channel: Channel;
  /** The channel's send rates (a provider adapter's limits); sends wait for a token. */
  pacer?: Pacer;
  /** Between a batch's phases (claimed, sent): lets the API's waiting requests go first (engine.ts, on PGlite). */
  pause?: () => Promise<void>;
  /** Set when the engine routes by the owners' connections (DELIVERY_CHANNEL=waha): what the router may use … */
  routing?: RoutingOptions;
  /** … and the adapter of each route. */
  senders?: SenderPool;
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

/**
 * Records a batch's outcomes, one statement per kind (sent, failed, retried, given back), each row only while it is
 * still the one this dispatcher claimed.
 */
async function settle(deps: DispatchDeps, outcomes: Outcome[], stats: DispatchStats, stops: FlowStop[]) {
  const now = deps.config.now();
  const sent: Parameters<typeof markSent>[1] = [];
  const failed: Parameters<typeof markFailed>[1] = [];
  const retried: Parameters<typeof requeue>[1] = [];
  const released: Parameters<typeof release>[1] = [];
  const rerouted: Rerouted[] = [];
  for (const o of outcomes) {
    const { id, attempts, flowId } = o.c;
    // An owner's connection answered that it is down, or that the client is not on WhatsApp: wait or try the next kind.
    if ('result' in o && !o.result.ok && connectionOutcomes.reroute(o.c, o.result, now, rerouted)) {
      stats.deferred++;
      continue;
    }
    if (!('result' in o)) {
      if (o.deferred) stats.deferred++;
      released.push({ id, attempts, planned_at: new Date(o.until).toISOString() });
      continue;
    }
    const { result } = o;
    if (result.ok) {
      stats.sent++;
      sent.push({ id, attempts, provider_message_id: result.providerMessageId, ...(result.text !== undefined ? { text: result.text } : {}) });
    } else if (result.ambiguous) {
      // The provider may have delivered it: a retry could send it twice, so it stays failed (at most once).
      stats.failed++;
      failed.push({ id, attempts, reason: OUTCOME_UNKNOWN });
    } else if (result.retryable && attempts < deps.config.delivery.maxAttempts) {
      stats.retried++;
      retried.push({ id, attempts, reason: result.reason, planned_at: new Date(now + Math.max(result.retryAfterMs ?? 0, backoffMs(attempts))).toISOString() });
    } else {
      stats.failed++;
      failed.push({ id, attempts, reason: result.reason });
      const stop = result.retryable || flowId === null ? undefined : stopReasonOf(result.reason);
      if (stop) stops.push({ flowId: flowId!, reason: stop });
    }
  }
  await markSent(deps.db, sent);
  await markFailed(deps.db, failed, now);
  await requeue(deps.db, retried);
  await release(deps.db, released);
  await reroute(deps.db, rerouted);
  await recordConnectionOutcomes(deps.db, outcomes, now);
}

/** One batch: claim, send (concurrently or as one batch), settle. `claimed < batchSize` means nothing more is due. */
export async function dispatchBatch(deps: DispatchDeps): Promise<DispatchStats> {
  const stats: DispatchStats = { claimed: 0, sent: 0, failed: 0, retried: 0, deferred: 0, cancelled: 0 };
  // Failures that stop their flow (flow-status.ts), applied once the batch is done.
  const stops: FlowStop[] = [];
  const claimed = await claim(deps, deps.config.now(), stats, stops);
  if (claimed.length) {
    await deps.pause?.();
    const batchOutcomes = await sendClaimed(deps, claimed, (outcome) => settle(deps, [outcome], stats, stops));
    await deps.pause?.();
    if (batchOutcomes.length) await settle(deps, batchOutcomes, stats, stops);
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
