import { Worker } from 'node:worker_threads';
import type { ServerConfig } from '../platform/config.ts';
import type { WorkerInput, WorkerMessage } from './worker.ts';

export interface DeliveryWorkers {
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
export function startDeliveryWorkers(opts: {
  count: number;
  config: ServerConfig;
  log: { info(obj: object, msg: string): void; error(msg: string): void };
  graceMs?: number;
}): DeliveryWorkers {
  const { now: _clock, ...config } = opts.config;
  const input: WorkerInput = { config, clockOffsetMs: Math.round(opts.config.now() - Date.now()) };
  const threads = new Set<Worker>();
  const exits = new Map<Worker, Promise<void>>();
  let stopping = false;

  const spawn = (slot: number) => {
    const worker = new Worker(new URL('./worker.ts', import.meta.url), { workerData: input, name: `delivery-${slot}` });
    threads.add(worker);
    worker.on('message', (m: WorkerMessage) => {
      if (m.type === 'tick') opts.log.info({ delivery: m.stats, worker: slot }, 'delivery tick');
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
  for (let slot = 1; slot <= opts.count; slot++) spawn(slot);

  return {
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
