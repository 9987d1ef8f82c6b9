/**
 * PGlite's database thread (thread.ts): opens PGlite with openDatabase and answers the server thread's proxy client;
 * when given a delivery config, runs the delivery loop here too with a direct drizzle handle, so neither the SQL
 * engine nor a busy dispatcher takes the API's event loop (docs/delivery.md "Where the engine runs").
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { DeliveryEngine } from '../../delivery/engine.ts';
import type { ServerConfig } from '../config.ts';
import { Foreground } from '../foreground.ts';
import { openDatabase, type Database } from './open.ts';
import type { ThreadInput } from './thread.ts';
import { errorFields, type Reply, type Request } from './thread-protocol.ts';

const input = workerData as ThreadInput;
const port = parentPort!;
const post = (message: Reply) => port.postMessage(message);

let database: Database;
try {
  database = await openDatabase({ dataDir: input.dataDir, pgliteMaintenanceMs: input.pgliteMaintenanceMs });
} catch (error) {
  post({ t: 'openFailed', error: errorFields(error) });
  process.exit(1); // ends this thread only
}
const client = database.pglite!;

/** Identity parsers for the OIDs a query names (drizzle's: dates, intervals, numeric arrays stay text). */
const identity = (value: string) => value;
const parserSets = new Map<string, Record<number, (value: string) => unknown>>();
function parsersOf(oids: number[] | undefined) {
  if (!oids) return undefined;
  const key = oids.join(',');
  let parsers = parserSets.get(key);
  if (!parsers) parserSets.set(key, (parsers = Object.fromEntries(oids.map((oid) => [oid, identity]))));
  return parsers;
}

/** Open transactions by id: each waits in PGlite's `transaction` (holding its lock) until the server ends it. */
const ROLLBACK = Symbol('rollback');
let txSeq = 0;
const txs = new Map<number, { tx: Transaction; end(commit: boolean): void; done: Promise<unknown> }>();

function begin(): Promise<number> {
  return new Promise((started, failed) => {
    const id = ++txSeq;
    let end!: (commit: boolean) => void;
    const ended = new Promise<boolean>((resolve) => (end = resolve));
    let opened = false;
    const done = client.transaction(async (tx) => {
      opened = true;
      txs.set(id, { tx, end, done });
      started(id);
      if (!(await ended)) throw ROLLBACK; // PGlite rolls back on a throw
    });
    done.catch((error: unknown) => opened || failed(error)).finally(() => txs.delete(id));
  });
}

async function end(id: number, commit: boolean) {
  const entry = txs.get(id);
  if (!entry) throw new Error(`no open transaction ${id}`);
  entry.end(commit);
  await entry.done.catch((error: unknown) => {
    if (error !== ROLLBACK) throw error;
  });
}

const on = (tx: number | undefined): Pick<PGlite, 'query' | 'exec'> => {
  if (tx === undefined) return client;
  const entry = txs.get(tx);
  if (!entry) throw new Error(`no open transaction ${tx}`);
  return entry.tx;
};

let engine: DeliveryEngine | undefined;
async function startEngine() {
  const delivery = input.delivery;
  if (!delivery || engine) return;
  const { startDelivery } = await import('../../delivery/engine.ts');
  const offset = delivery.clockOffsetMs;
  const config: ServerConfig = { ...delivery.config, now: offset ? () => Date.now() + offset : Date.now };
  engine = await startDelivery({ db: database.db, config, engine: 'pglite', foreground: new Foreground(delivery.foreground), onTick: (stats) => post({ t: 'tick', stats }) });
}

async function run(m: Request): Promise<unknown> {
  switch (m.t) {
    case 'query':
      return on(m.tx).query(m.sql, m.params, { rowMode: m.rowMode, parsers: parsersOf(m.rawOids) });
    case 'exec':
      return on(m.tx).exec(m.sql);
    case 'begin':
      return begin();
    case 'end':
      return end(m.tx, m.commit);
    case 'rollback':
      return (on(m.tx) as Transaction).rollback();
    case 'maintain':
      return database.maintain!();
    case 'startEngine':
      return startEngine();
    case 'close':
      await engine?.stop();
      await database.close();
      setImmediate(() => port.close());
      return undefined;
  }
}

port.on('message', (m: Request) => {
  const fail = (error: unknown) => post({ t: 'fail', id: m.id, error: errorFields(error) });
  run(m).then((value) => {
    try {
      post({ t: 'reply', id: m.id, value });
    } catch (error) {
      fail(error); // a value that cannot be cloned
    }
  }, fail);
});
post({ t: 'ready' });
