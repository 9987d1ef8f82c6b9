import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/open.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import { rowsOf } from '../../platform/db/rows.ts';

// The engine step's reads (planner.ts, docs/distributions.md "Engine"): which distributions to release, build, plan
// and settle, each one statement over the distributions, their flows (status, mode), their messages and owners
// (zone, bought messages), so a tick costs a few queries whatever the number of distributions. Read only: every
// write goes through the owners' stores (flows/store-due.ts, delivery/store-planned.ts, account/store.ts).

const q = <T>(db: Db | Tx, query: ReturnType<typeof sql>) => rowsOf<T>(db as Db, query);

/** Stopped distributions (Pause, Error, Canceled) that still have queued messages. */
export const stoppedWithQueued = (db: Db) =>
  q<{ id: number }>(
    db,
    sql`SELECT f.id FROM flows f WHERE f.type = 'distribution' AND f.status IN ('Pause', 'Error', 'Canceled')
      AND EXISTS (SELECT 1 FROM messages m WHERE m.flow_id = f.id AND m.status = 'queued')`,
  );

/** Combat starts whose audience is not built yet (InQueue). */
export const startedUnbuilt = (db: Db) =>
  q<{ id: number }>(
    db,
    sql`SELECT d.flow_id AS id FROM distributions d JOIN flows f ON f.id = d.flow_id
      WHERE f.type = 'distribution' AND f.status = 'InQueue' AND f.mode = 'combat' AND d.built_at IS NULL`,
  );

export interface Running {
  id: number;
  user_id: number;
  time_zone: string;
  days_of_week: number[];
  start_date: string | null;
  daily_cap: number;
}

/** Running combat distributions with a built audience and someone pending, with the owner's zone. */
export const runningToPlan = (db: Db) =>
  q<Running>(
    db,
    sql`SELECT d.flow_id AS id, d.user_id, u.time_zone, d.days_of_week, d.start_date, d.daily_cap
      FROM distributions d JOIN flows f ON f.id = d.flow_id JOIN users u ON u.id = d.user_id
      WHERE f.type = 'distribution' AND f.status IN ('Waiting', 'Working') AND f.mode = 'combat' AND d.built_at IS NOT NULL
        AND EXISTS (SELECT 1 FROM distribution_recipients r WHERE r.distribution_id = d.flow_id AND r.state = 'pending')`,
  );

/**
 * Locks a distribution for one planning chunk: its row FOR UPDATE, its flow FOR SHARE (a concurrent pause waits for
 * the chunk, then withdraws it), SKIP LOCKED (another thread planning it: undefined). Its flow's status under the lock.
 */
export async function lockForPlanning(tx: Tx, id: number): Promise<string | undefined> {
  const [locked] = await q<{ status: string }>(
    tx,
    sql`SELECT f.status FROM distributions d JOIN flows f ON f.id = d.flow_id WHERE d.flow_id = ${id}
      FOR UPDATE OF d FOR SHARE OF f SKIP LOCKED`,
  );
  return locked?.status;
}

export interface State {
  id: number;
  mode: string;
  status: string;
  status_reason: string | null;
  pending: boolean;
  due: boolean;
  queued: boolean;
  left: number;
}

/** Waiting and Working distributions with what decides their next status (settleStatuses). */
export const runningStates = (db: Db, at: string) =>
  q<State>(
    db,
    sql`SELECT f.id, f.mode, f.status, f.status_reason, u.distribution_messages AS left,
        EXISTS (SELECT 1 FROM distribution_recipients r WHERE r.distribution_id = f.id AND r.state = 'pending') AS pending,
        EXISTS (SELECT 1 FROM messages m WHERE m.flow_id = f.id AND (m.status = 'sending' OR (m.status = 'queued' AND m.planned_at <= ${at}))) AS due,
        EXISTS (SELECT 1 FROM messages m WHERE m.flow_id = f.id AND m.status IN ('queued', 'sending')) AS queued
      FROM flows f JOIN users u ON u.id = f.user_id
      WHERE f.type = 'distribution' AND f.status IN ('Waiting', 'Working')`,
  );
