import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Channel } from './channels/channel.ts';
import { providerChannel, type PacedChannel } from './channels/from-config.ts';
import { createPacer } from './channels/pacing.ts';
import { sandboxChannel } from './channels/sandbox.ts';
import { ConfigError, type ServerConfig } from '../platform/config.ts';
import type { Foreground } from '../platform/foreground.ts';
import type { Db } from '../platform/db/open.ts';
import { countByStatus, expireSendingLeases } from './store-status.ts';
import { dispatchBatch, type DispatchStats } from './dispatcher.ts';
import { closeTurns } from './flow-status.ts';
import { cancelEndedFlows } from '../modules/flows/store-due.ts';
import { planPeriodic } from './periodic.ts';
import { startPlanned } from './starts.ts';
import { senderPool } from './channels/senders.ts';
import { NUMBER_POLICY } from './number-policy.ts';
import { releaseReconnected } from './waiting.ts';
import { sourceSettles, sourceTicks } from './sources.ts';
import type { Tx } from '../platform/db/transactions.ts';
import { channelOfConnection } from '../modules/connections/channels.ts';
import { twilioChannelsOf } from '../modules/connections/sending/twilio-channels.ts';
import { sigmaStatusPoller } from '../modules/connections/sigma-status.ts';
import { runRenewals } from '../modules/payments/renewal-job.ts';
import { sweepPendingCheckouts } from '../modules/payments/checkout-sweep.ts';
import { createMailer } from '../platform/mail/mailer.ts';
import { chatwootTick } from '../modules/connections/chatwoot/tick.ts';
import { runAmoJobs } from '../modules/connections/amo/push.ts';

export interface DeliveryEngine {
  channel: Channel;
  /** One planner tick and dispatch until nothing is due; what `npm start` does every DELIVERY_INTERVAL_MS. */
  tick(): Promise<DispatchStats & { planned: number }>;
  stop(): Promise<void>;
}

/**
 * The delivery loop on the channel DELIVERY_CHANNEL names (sandbox, or a provider adapter built from its settings;
 * a caller may pass its own `channel`).
 * With `intervalMs` 0 nothing runs by itself and the caller (an operator task, a test) calls `tick()`.
 */
export async function startDelivery(opts: {
  db: Db;
  config: ServerConfig;
  engine: 'pglite' | 'postgres';
  channel?: Channel;
  /** Called after each batch that did something (the server logs it at info level). */
  onTick?: (stats: DispatchStats & { planned: number }) => void;
  /** The API's requests in flight when the loop shares their thread: between batches they go first. */
  foreground?: Foreground;
}): Promise<DeliveryEngine> {
  const { db, config } = opts;
  const channel = opts.channel ?? buildChannel(config.delivery.channel, db, config);
  if (channel.name !== config.delivery.channel) {
    // Never label messages with one channel and send them through another.
    throw new ConfigError(`DELIVERY_CHANNEL=${config.delivery.channel} but the engine was given the ${channel.name} channel`);
  }
  if (opts.engine === 'pglite') {
    // PGlite is single-process (the data-dir lock): a `sending` row left now belongs to a killed process, so it
    // is taken over at once instead of after the lease.
    await expireSendingLeases(db, config.now());
  }
  // Between batches and between a batch's phases the event loop serves what waits, and requests in flight finish
  // first (on PGlite the engine shares the API's thread and the database's one connection; without this a backlog
  // held every request).
  const foreground = opts.foreground;
  const pause = async () => {
    await yieldToEventLoop();
    await foreground?.quiet(FOREGROUND_WAIT_MS);
  };
  // The idle tick's own statements (planned starts, ended flows, periodic planning) let waiting requests go first too.
  const breathe = foreground ? pause : async () => undefined;
  const pacer = pacerFor(channel);
  const deps = { db, config, channel, pacer, pause: foreground ? pause : undefined, ...routingOf(db, config, channel, pacer) };
  let running: Promise<unknown> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  // Sigma SMS reports statuses only when asked: its sent messages are polled alongside each tick's dispatch.
  const sigmaStatuses = deps.routing ? sigmaStatusPoller(db, config) : undefined;
  // The renewal job (docs/subscriptions.md "Renewals") shares the tick: due auto-pay charges and trial ends.
  const renewals = { db, config, mailer: createMailer(config, db) };
  // Pending checkouts a lost notification left behind are asked about at most once a minute (checkout-sweep.ts).
  let sweptAt = -Infinity;

  const tick = async () => {
    const polling = sigmaStatuses?.poll();
    await startPlanned(db, config.now());
    await breathe();
    // A flow past its end date stops before it plans anything more (its queued messages are cancelled at claim).
    await cancelEndedFlows(db, new Date(config.now()));
    await breathe();
    // Messages waiting for a number that is back leave in this tick.
    if (deps.routing) await releaseReconnected(db, config.now());
    await breathe();
    const fromSources = await sourceTicks(db, config.now(), config);
    await breathe();
    const total = { planned: fromSources + (await planPeriodic(db, config.now(), config.delivery.channel)), claimed: 0, sent: 0, failed: 0, retried: 0, deferred: 0, cancelled: 0 };
    let planned = total.planned;
    for (let i = 0; i < 1000; i++) {
      if (i > 0) await pause();
      const batch = await dispatchBatch(deps);
      for (const k of Object.keys(batch) as (keyof DispatchStats)[]) total[k] += batch[k];
      // One log line per batch: an operator (and the crash drill) sees how far dispatch got.
      if (batch.claimed || planned) opts.onTick?.({ planned, ...batch });
      planned = 0;
      if (batch.claimed < config.delivery.batchSize) break;
    }
    await breathe();
    await closeTurns(db);
    await sourceSettles(db, config.now());
    await breathe();
    // Chatwoot (docs/chatwoot.md): clients' messages mirrored, staff answers sent; an outage waits for the next tick.
    await chatwootTick(db, config).catch((error: unknown) => console.error(`chatwoot failed: ${(error as Error).message}`));
    await runRenewals(renewals).catch((error: unknown) => console.error(`renewals failed: ${(error as Error).message}`));
    if (config.now() - sweptAt >= 60_000) {
      sweptAt = config.now();
      await sweepPendingCheckouts(renewals).catch((error: unknown) => console.error(`checkout sweep failed: ${(error as Error).message}`));
    }
    // Visits pushed to amoCRM (docs/amo.md): a CRM outage only delays them.
    await runAmoJobs(db, config).catch((error: unknown) => console.error(`amo push failed: ${(error as Error).message}`));
    await polling;
    return total;
  };
  const loop = () => {
    if (stopped) return;
    running = tick()
      .catch((error: unknown) => console.error(`delivery tick failed: ${(error as Error).message}`))
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(loop, config.delivery.intervalMs);
      });
  };
  if (config.delivery.intervalMs > 0) timer = setTimeout(loop, config.delivery.intervalMs);

  return {
    channel,
    tick: async () => {
      while (running) await running;
      const p = tick();
      running = p;
      try {
        return await p;
      } finally {
        running = undefined;
      }
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      while (running) await running.catch(() => undefined);
    },
  };
}

export { countByStatus };

/** The longest a batch waits for the API's requests in flight: dispatch slows under load, never stops. */
const FOREGROUND_WAIT_MS = 50;

function buildChannel(name: ServerConfig['delivery']['channel'], db: Db, config: ServerConfig): Channel {
  return name === 'sandbox' ? sandboxChannel(db, config.now) : providerChannel(name, config.channels);
}

/**
 * DELIVERY_CHANNEL=waha routes by connection (docs/connections.md "Sending and pacing"): each owner's own WhatsApp
 * number sends its messages; the operator's session (WAHA_SESSION, when set) only those of owners without one, the
 * server's Telegram bot and the owner's Twilio or Sigma connection those the fallback order gives them. The sandbox and telegram channels send everything
 * themselves, as before.
 */
function routingOf(db: Db, config: ServerConfig, channel: Channel, pacer: ReturnType<typeof pacerFor>) {
  const waha = config.channels.waha;
  if (config.delivery.channel !== 'waha' || !waha) return {};
  const telegram = config.telegramBot.token ? { token: config.telegramBot.token, apiUrl: config.telegramBot.apiUrl } : undefined;
  return {
    routing: { operatorSession: waha.operatorSession, telegramBot: Boolean(telegram), twilioChannels: (tx: Tx, ids: number[]) => twilioChannelsOf(tx, config, ids) },
    senders: senderPool({
      gateway: config.wahaGateway ?? waha,
      perMinute: waha.perMinute,
      jitter: NUMBER_POLICY.jitter,
      operator: { key: 'operator', channel, ...(pacer ? { pacer } : {}) },
      ...(telegram ? { telegram } : {}),
      open: (id: number) => channelOfConnection(db, config, id),
    }),
  };
}

/** Provider limits are in wall-clock time (the provider's clock), so the pacer reads the real clock. */
const pacerFor = (channel: Channel) => {
  const limits = (channel as PacedChannel).limits;
  return limits?.length ? createPacer(limits) : undefined;
};
