import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/open.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import { rowsOf } from '../../platform/db/rows.ts';
import { insertPickedSql, messageIdByKeySql } from '../../delivery/store-planned.ts';
import { distributions } from './schema.ts';
import type { DistributionRow } from './store.ts';

// The planner's statements on the distributions' own tables (docs/distributions.md "Planning and caps"); the
// messages' part of the planning statement is the delivery store's (insertPickedSql), so it stays one statement.

const q = <T>(db: Db | Tx, query: ReturnType<typeof sql>) => rowsOf<T>(db as Db, query);

/** The distribution row still unbuilt, locked; undefined when another engine thread building it holds it. */
export async function lockUnbuilt(tx: Tx, id: number): Promise<DistributionRow | undefined> {
  const [row] = await tx.select().from(distributions).where(sql`${distributions.flowId} = ${id} AND ${distributions.builtAt} IS NULL`).for('update', { skipLocked: true });
  return row;
}

/** Whether a recipient is still pending. */
export async function hasPending(tx: Tx, id: number): Promise<boolean> {
  const [left] = await q<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM distribution_recipients WHERE distribution_id = ${id} AND state = 'pending') AS any`);
  return Boolean(left?.any);
}

/**
 * Plans up to `room` pending recipients, oldest first, in one statement: the INSERT … SELECT … ON CONFLICT DO NOTHING
 * of their messages and the UPDATE of the recipients (a recipient whose key exists already is linked to that
 * message). How many were picked and how many messages are new.
 */
export async function planPicked(tx: Tx, d: { id: number; userId: number }, room: number, at: string, channel: string): Promise<{ picked: number; fresh: number }> {
  const [done] = await q<{ picked: string; fresh: string }>(
    tx,
    sql`WITH picked AS (
        SELECT id, phone, client_id FROM distribution_recipients
        WHERE distribution_id = ${d.id} AND state = 'pending' ORDER BY id LIMIT ${room}
      ), ins AS (
        ${insertPickedSql({ userId: d.userId, flowId: d.id, channel, at })}
      ), upd AS (
        UPDATE distribution_recipients r SET state = 'planned',
          message_id = COALESCE(ins.id, ${messageIdByKeySql(sql`'dist:' || ${d.id}::int || ':' || r.phone`)})
        FROM picked LEFT JOIN ins ON ins.distribution_recipient_id = picked.id
        WHERE r.id = picked.id
        RETURNING ins.id AS fresh
      )
      SELECT count(*) AS picked, count(fresh) AS fresh FROM upd`,
  );
  return { picked: Number(done?.picked ?? 0), fresh: Number(done?.fresh ?? 0) };
}
