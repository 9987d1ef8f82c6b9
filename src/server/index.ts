import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from './app.ts';
import { loadConfig, type ServerConfig } from './platform/config.ts';
import { createMailer } from './platform/mail/mailer.ts';
import { openDatabase, type Database, type Db } from './platform/db/open.ts';
import { startDatabaseThread } from './platform/db/thread.ts';
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
  /** The engine's threads (PostgreSQL, DELIVERY_WORKERS > 0); none when the loop runs in this thread or PGlite's. */
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
  let app: FastifyInstance | undefined;
  const log = { info: (obj: object, msg: string) => app?.log.info(obj, msg), error: (msg: string) => (app ? app.log.error(msg) : console.error(msg)) };
  // The API's requests in flight, shared with the engine wherever it runs: between batches they go first.
  const foreground = new Foreground();
  const loopAway = loopLeavesThread(config, options);
  const pgliteThread = !config.databaseUrl && config.pgliteThread;
  const thread = pgliteThread
    ? await startDatabaseThread({
        dataDir: config.dataDir,
        pgliteMaintenanceMs: config.pgliteMaintenanceMs,
        delivery: loopAway ? { config, foreground } : undefined,
        log,
        onDeath: (message) => {
          // A server without its database must not keep answering.
          log.error(`${message}: the server stops`);
          process.exit(1);
        },
      })
    : undefined;
  const database: Database = thread ?? (await openDatabase(config));
  const inThreads = loopAway && (database.engine === 'postgres' || pgliteThread);
  let deliveryWorkers: DeliveryWorkers | undefined;
  try {
    // The engine's threads boot (load the code, open their pool) while this thread builds the app; createApi returns
    // once they run, so a server that answers is also sending.
    if (inThreads && database.engine === 'postgres') deliveryWorkers = await startDeliveryWorkers({ count: config.delivery.workers, config, log });
    const userStates = new UserStateCache({ ttlMs: config.authStateCacheMs, max: 50_000, now: config.now });
    // PGlite's thread opens (loads its code, copies the template, migrates) while this thread builds the app.
    const building = buildApp({ config, db: database.db, mailer: createMailer(config, database.db), userStates, foreground }, options.fastify);
    const [appBuilt, threadOpened] = await Promise.allSettled([building, thread?.opened]);
    if (threadOpened.status === 'rejected') {
      if (appBuilt.status === 'fulfilled') await appBuilt.value.close();
      throw threadOpened.reason;
    }
    app = await building;
    await seed(database.db, { now: config.now(), demo: config.seedDemo, admin: config.bootstrapAdmin });
    const appLog = app.log;
    if (config.secrets.source === 'created') appLog.warn({ file: config.secrets.file }, 'SECRETS_KEY is not set: generated a key for provider credentials in this file (mode 0600); back it up with the data, or set SECRETS_KEY (docs/connections.md "Secrets")');
    // With threads the loop runs there; this thread keeps `tick()` for operator tasks and tests.
    const delivery = await startDelivery({
      db: database.db,
      config: inThreads ? { ...config, delivery: { ...config.delivery, intervalMs: 0 } } : config,
      engine: database.engine,
      onTick: (stats) => appLog.info({ delivery: stats }, 'delivery tick'),
      foreground,
    });
    await deliveryWorkers?.ready;
    // PGlite's thread starts its loop only now: this thread's engine above took over the `sending` rows a killed
    // server left (PGlite admits one process), which must not happen under a loop already sending.
    if (inThreads) await thread?.startEngine();
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
 * Whether the engine loop may leave the server's thread (docs/delivery.md "Where the engine runs"): when the loop
 * runs at all, DELIVERY_WORKERS > 0, and the clock is the wall clock (plus CLOCK_OFFSET): a clock function given by
 * the caller cannot cross to another thread. On PostgreSQL it goes to the delivery workers, on PGlite to the
 * database thread (unless PGLITE_THREAD=0 keeps PGlite, and so the loop, in this thread).
 */
function loopLeavesThread(config: ServerConfig, options: CreateApiOptions): boolean {
  return config.delivery.intervalMs > 0 && config.delivery.workers > 0 && !options.config?.now;
}

/** Standalone API on PORT (the full local run with brand sites is `npm start`, scripts/serve.ts). */
export async function startApiServer(env: Record<string, string | undefined> = process.env): Promise<Api> {
  const api = await createApi({ env });
  await api.app.listen({ port: api.config.port, host: api.config.host });
  console.log(`API on http://${api.config.host}:${api.config.port}/api/v1 (${api.engine}); demo login ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
  return api;
}
