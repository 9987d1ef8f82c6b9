/**
 * The delivery engine's own thread (docs/delivery.md "Where the engine runs"): opens its own database pool and runs
 * the loop of engine.ts, so a busy engine never takes time from the API's event loop. Started, restarted and
 * stopped by workers.ts; answers `stop` by finishing its batch, closing its pool and exiting.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ServerConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/db/open.ts';
import type { DispatchStats } from './dispatcher.ts';
import { startDelivery } from './engine.ts';

export interface WorkerInput {
  /** The server's config without its clock (a function cannot cross threads). */
  config: Omit<ServerConfig, 'now'>;
  /** The server clock's offset from the wall clock (CLOCK_OFFSET). */
  clockOffsetMs: number;
}

export type WorkerMessage = { type: 'ready' } | { type: 'tick'; stats: DispatchStats & { planned: number } } | { type: 'error'; message: string };

const input = workerData as WorkerInput;
const offset = input.clockOffsetMs;
const config: ServerConfig = { ...input.config, now: offset ? () => Date.now() + offset : Date.now };
const post = (message: WorkerMessage) => parentPort!.postMessage(message);

// The schema is migrated by the server before any worker starts.
const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, migrate: false, poolSize: 4 });
const engine = await startDelivery({ db: database.db, config, engine: database.engine, onTick: (stats) => post({ type: 'tick', stats }) });
parentPort!.on('message', (message: { type: 'stop' }) => {
  if (message.type !== 'stop') return;
  void engine
    .stop()
    .then(() => database.close())
    .catch((error: unknown) => post({ type: 'error', message: (error as Error).message }))
    .finally(() => parentPort!.close());
});
post({ type: 'ready' });
