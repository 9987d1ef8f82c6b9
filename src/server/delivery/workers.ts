import type { Worker } from 'node:worker_threads';
import type { ServerConfig } from '../platform/config.ts';
import { startThread, threadEntry } from '../platform/threads.ts';
import type { WorkerInput, WorkerMessage } from './worker.ts';

export interface DeliveryWorkers {
  /** Settles when every first worker runs its loop (or has died: a restart follows). */
  ready: Promise<void>;
  /** Threads running now (0 once stopped). */
  running(): number;
  /** Asks every worker to finish its batch and close its pool; waits for them (terminated after `graceMs`). */
  stop(): Promise<void>;
}

const RESTART_DELAY_MS = 1000;

/**
 * `count` engine threads (DELIVERY_WORKERS), each with its own PostgreSQL pool: the claim's SKIP LOCKED lets
 * several run at once. A worker that dies is restarted after a second; `stop()` ends them before the server's
 * database closes.
 */
export async function startDeliveryWorkers(opts: {
  count: number;
  config: ServerConfig;
  log: { info(obj: object, msg: string): void; error(msg: string): void };
  graceMs?: number;
}): Promise<DeliveryWorkers> {
  const entry = await threadEntry(new URL('./worker.ts', import.meta.url), opts.log.error);
  const { now: _clock, ...config } = opts.config;
  const input: WorkerInput = { config, clockOffsetMs: Math.round(opts.config.now() - Date.now()) };
  const threads = new Set<Worker>();
  const exits = new Map<Worker, Promise<void>>();
  let stopping = false;

  const spawn = (slot: number, started?: () => void) => {
    const worker = startThread(entry, { workerData: input, name: `delivery-${slot}` });
    threads.add(worker);
    worker.once('exit', () => started?.());
    worker.on('message', (m: WorkerMessage) => {
      if (m.type === 'ready') started?.();
      else if (m.type === 'tick') opts.log.info({ delivery: m.stats, worker: slot }, 'delivery tick');
      else if (m.type === 'error') opts.log.error(`delivery worker ${slot}: ${m.message}`);
    });
    worker.on('error', (error) => opts.log.error(`delivery worker ${slot} failed: ${error.message}`));
    exits.set(
      worker,
      new Promise((done) =>
        worker.once('exit', (code) => {
          threads.delete(worker);
          exits.delete(worker);
          done();
          if (stopping) return;
          opts.log.error(`delivery worker ${slot} exited (code ${code}); restarting in ${RESTART_DELAY_MS} ms`);
          setTimeout(() => stopping || spawn(slot), RESTART_DELAY_MS).unref();
        }),
      ),
    );
  };
  const ready = Promise.all(Array.from({ length: opts.count }, (_, i) => new Promise<void>((started) => spawn(i + 1, started)))).then(() => undefined);

  return {
    ready,
    running: () => threads.size,
    async stop() {
      stopping = true;
      await Promise.all(
        [...threads].map(async (worker) => {
          const exited = exits.get(worker)!;
          worker.postMessage({ type: 'stop' });
          const grace = setTimeout(() => void worker.terminate(), opts.graceMs ?? 30_000);
          await exited;
          clearTimeout(grace);
        }),
      );
    },
  };
}
