/**
 * PGlite in a database thread of its own (docs/architecture.md "Running it"): thread-main.ts opens it there (lock,
 * template, migrations, ANALYZE, maintenance, everything openDatabase does) and may run the delivery loop beside it;
 * this thread reaches it through a proxy client with the part of PGlite's interface drizzle-orm/pglite uses, so
 * `drizzle(proxy)` and every module work unchanged while PostgreSQL's C code runs off the API's event loop.
 */
import { messages, type PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import type { ServerConfig } from '../config.ts';
import type { Foreground } from '../foreground.ts';
import { startThread, threadEntry } from '../threads.ts';
import { DataDirLockedError } from './lock.ts';
import type { Database, Db } from './open.ts';
import * as schema from './schema.ts';
import type { ErrorFields, Reply, Request } from './thread-protocol.ts';

export interface ThreadInput {
  dataDir: string;
  pgliteMaintenanceMs?: number;
  /** The delivery loop runs in the thread (started by `startEngine`). */
  delivery?: { config: Omit<ServerConfig, 'now'>; clockOffsetMs: number; foreground: SharedArrayBuffer };
}

export interface DatabaseThread extends Database {
  /** Settles once PGlite is open in the thread (rejects with its error, a held lock included); statements sent before wait. */
  opened: Promise<void>;
  /** Starts the delivery loop in the thread, when it was given one; once the server's own start-up wrote what it had to. */
  startEngine(): Promise<void>;
}

type Send = (request: DistributiveOmit<Request, 'id'>) => Promise<unknown>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A statement's error rebuilt as PGlite's DatabaseError with the fields the error mapping reads (errors.ts). */
function rebuild(fields: ErrorFields): Error {
  const { name, message = 'database error', database, ...rest } = fields;
  if (name === 'DataDirLockedError') return new DataDirLockedError(message);
  const error = database ? new messages.DatabaseError(message, 0, 'error') : new Error(message);
  Object.assign(error, rest);
  return error;
}

/** What drizzle's PGlite session calls: query, exec, transaction (and a transaction's rollback). */
export class ProxyClient {
  readonly send: Send;
  readonly tx: number | undefined;

  constructor(send: Send, tx?: number) {
    this.send = send;
    this.tx = tx;
  }

  query(sql: string, params?: unknown[], options?: { rowMode?: 'array' | 'object'; parsers?: Record<number, unknown> }) {
    // Drizzle's parsers keep PostgreSQL's text for dates, intervals and numeric arrays: the thread does the same for
    // these OIDs (a function cannot cross).
    const rawOids = options?.parsers ? Object.keys(options.parsers).map(Number) : undefined;
    return this.send({ t: 'query', tx: this.tx, sql, params, rowMode: options?.rowMode, rawOids });
  }

  exec(sql: string) {
    return this.send({ t: 'exec', tx: this.tx, sql });
  }

  async rollback() {
    if (this.tx !== undefined) await this.send({ t: 'rollback', tx: this.tx });
  }

  /** PGlite's own transaction in the thread (it holds PGlite's lock: other statements wait), this tx's statements routed by its id. */
  async transaction<T>(fn: (tx: ProxyClient) => Promise<T>): Promise<T> {
    const tx = (await this.send({ t: 'begin' })) as number;
    let result: T;
    try {
      result = await fn(new ProxyClient(this.send, tx));
    } catch (error) {
      await this.send({ t: 'end', tx, commit: false }).catch(() => undefined);
      throw error;
    }
    await this.send({ t: 'end', tx, commit: true });
    return result;
  }
}

/**
 * Starts the database thread; its handle is usable at once (statements wait until PGlite is open, `opened`).
 * `onDeath` is called when the thread ends without `close()`: a server without its database must not keep answering.
 */
export async function startDatabaseThread(opts: {
  dataDir: string;
  pgliteMaintenanceMs?: number;
  delivery?: { config: ServerConfig; foreground: Foreground };
  log: { info(obj: object, msg: string): void; error(msg: string): void };
  onDeath(message: string): void;
}): Promise<DatabaseThread> {
  const input: ThreadInput = { dataDir: opts.dataDir, pgliteMaintenanceMs: opts.pgliteMaintenanceMs };
  if (opts.delivery) {
    const { now, ...config } = opts.delivery.config;
    input.delivery = { config, clockOffsetMs: Math.round(now() - Date.now()), foreground: opts.delivery.foreground.buffer };
  }
  const entry = await threadEntry(new URL('./thread-main.ts', import.meta.url), opts.log.error);
  const worker = startThread(entry, {
    workerData: input,
    name: 'pglite',
    // The server's small young generation (docs/architecture.md "Running it": 4 MB semi-spaces, three of them).
    resourceLimits: { maxYoungGenerationSizeMb: 12 },
  });
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let seq = 0;
  let closing = false;
  let gone = false;
  let opened!: (ok: Error | undefined) => void;
  const open = new Promise<Error | undefined>((resolve) => (opened = resolve));

  worker.on('message', (m: Reply) => {
    if (m.t === 'reply' || m.t === 'fail') {
      const call = pending.get(m.id);
      pending.delete(m.id);
      if (m.t === 'reply') call?.resolve(m.value);
      else call?.reject(rebuild(m.error));
    } else if (m.t === 'ready') opened(undefined);
    else if (m.t === 'openFailed') {
      closing = true;
      opened(rebuild(m.error));
    } else if (m.t === 'tick') opts.log.info({ delivery: m.stats }, 'delivery tick');
  });
  worker.on('error', (error) => opts.log.error(`database thread failed: ${error.stack ?? error.message}`));
  const exited = new Promise<number>((resolve) =>
    worker.once('exit', (code) => {
      gone = true;
      const ended = new Error(`the database thread ended (code ${code})`);
      for (const call of pending.values()) call.reject(ended);
      pending.clear();
      opened(ended);
      if (!closing) opts.onDeath(ended.message);
      resolve(code);
    }),
  );

  const send: Send = (request) =>
    new Promise((resolve, reject) => {
      const id = ++seq;
      if (gone) return reject(new Error('the database thread has ended'));
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id });
    });

  const client = new ProxyClient(send);
  let closed: Promise<void> | undefined;
  return {
    db: drizzle(client as unknown as PGlite, { schema }) as unknown as Db,
    engine: 'pglite',
    opened: open.then((failure) => {
      if (failure) throw failure;
    }),
    maintain: () => send({ t: 'maintain' }) as Promise<string[]>,
    startEngine: async () => void (await send({ t: 'startEngine' })),
    close: () =>
      (closed ??= (async () => {
        closing = true;
        if (gone) return;
        try {
          // Stops the engine (its batch finishes), closes PGlite and releases the lock; the thread then ends.
          await send({ t: 'close' }).catch((error: unknown) => {
            if (!gone) throw error; // ended already (its open failed): nothing left to close
          });
        } finally {
          const grace = setTimeout(() => void worker.terminate(), 5000);
          await exited;
          clearTimeout(grace);
        }
      })()),
  };
}
