import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from './app.ts';
import { loadConfig, type ServerConfig } from './platform/config.ts';
import { createMailer } from './platform/mail/mailer.ts';
import { openDatabase, type Db } from './platform/db/open.ts';
import { UserStateCache } from './platform/auth/user-states.ts';
import { startDelivery, type DeliveryEngine } from './delivery/engine.ts';
import { Foreground } from './platform/foreground.ts';
import { startDeliveryWorkers, type DeliveryWorkers } from './delivery/workers.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, seed } from './modules/account/seed.ts';

export type { ServerConfig } from './platform/config.ts';
export { loadConfig } from './platform/config.ts';
export { DEMO_EMAIL, DEMO_PASSWORD } from './modules/account/seed.ts';

export interface CreateApiOptions {
  env?: Record<string, string | undefined>;
  config?: Partial<ServerConfig>;
  fastify?: FastifyServerOptions;
}

export interface Api {
  app: FastifyInstance;
  config: ServerConfig;
  engine: 'pglite' | 'postgres';
  /** The Drizzle handle, for operator tasks (CLI) and test set-up. */
  db: Db;
  /** The delivery engine (docs/delivery.md): runs every DELIVERY_INTERVAL_MS; `tick()` runs it now. */
  delivery: DeliveryEngine;
  /** The engine's threads (PostgreSQL, DELIVERY_WORKERS > 0); none when the loop runs in this thread. */
  deliveryWorkers: DeliveryWorkers | undefined;
  /** PGlite: vacuum and analyse the tables that grew, now (PGLITE_MAINTENANCE_MS runs it periodically); else nothing. */
  maintainDatabase(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * Opens (creating and migrating on first start) the database, seeds it, and builds the app with every API
 * route under /api/v1. Does not listen: the caller may add routes or a serverFactory first.
 */
export async function createApi(options: CreateApiOptions = {}): Promise<Api> {
  const config = loadConfig(options.env ?? process.env, options.config);
  const database = await openDatabase(config);
  let deliveryWorkers: DeliveryWorkers | undefined;
  try {
    // The engine's threads boot (load the code, open their pool) while this thread builds the app; createApi returns
    // once they run, so a server that answers is also sending.
    let app: FastifyInstance | undefined;
    const log = { info: (obj: object, msg: string) => app?.log.info(obj, msg), error: (msg: string) => (app ? app.log.error(msg) : console.error(msg)) };
    const threads = inThreads(config, database.engine, options);
    if (threads) deliveryWorkers = startDeliveryWorkers({ count: config.delivery.workers, config, log });
    await seed(database.db, { now: config.now(), demo: config.seedDemo, admin: config.bootstrapAdmin });
    const userStates = new UserStateCache({ ttlMs: config.authStateCacheMs, max: 50_000, now: config.now });
    const foreground = new Foreground();
    app = await buildApp({ config, db: database.db, mailer: createMailer(config, database.db), userStates, foreground }, options.fastify);
    const appLog = app.log;
    if (config.secrets.source === 'created') appLog.warn({ file: config.secrets.file }, 'SECRETS_KEY is not set: generated a key for provider credentials in this file (mode 0600); back it up with the data, or set SECRETS_KEY (docs/connections.md "Secrets")');
    // With threads the loop runs there; this thread keeps `tick()` for operator tasks and tests.
    const delivery = await startDelivery({
      db: database.db,
      config: threads ? { ...config, delivery: { ...config.delivery, intervalMs: 0 } } : config,
      engine: database.engine,
      onTick: (stats) => appLog.info({ delivery: stats }, 'delivery tick'),
      foreground,
    });
    await deliveryWorkers?.ready;
    const workers = deliveryWorkers;
    // The dispatchers stop (finishing their batches) before the database closes.
    app.addHook('onClose', async () => {
      await Promise.all([delivery.stop(), workers?.stop()]);
      await database.close();
    });
    let closing: Promise<void> | undefined;
    const built = app;
    return {
      app,
      config,
      engine: database.engine,
      db: database.db,
      delivery,
      deliveryWorkers,
      maintainDatabase: database.maintain ?? (async () => []),
      close: () => (closing ??= built.close().then(() => undefined)),
    };
  } catch (error) {
    await deliveryWorkers?.stop();
    await database.close();
    throw error;
  }
}

/**
 * Whether the engine loop runs in its own threads (docs/delivery.md "Where the engine runs"): on PostgreSQL (PGlite
 * lives in this thread and its data directory admits one process), when the loop runs at all, and when the clock is
 * the wall clock (plus CLOCK_OFFSET): a clock function given by the caller cannot cross to another thread.
 */
function inThreads(config: ServerConfig, engine: 'pglite' | 'postgres', options: CreateApiOptions): boolean {
  return engine === 'postgres' && config.delivery.intervalMs > 0 && config.delivery.workers > 0 && !options.config?.now;
}

/** Standalone API on PORT (the full local run with brand sites is scripts/start.ts). */
export async function startApiServer(env: Record<string, string | undefined> = process.env): Promise<Api> {
  const api = await createApi({ env });
  await api.app.listen({ port: api.config.port, host: api.config.host });
  console.log(`API on http://${api.config.host}:${api.config.port}/api/v1 (${api.engine}); demo login ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
  return api;
}
