import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/open.ts';
import { rowsOf } from '../platform/db/rows.ts';
import { WAITING_WABA_PREFIX } from './number-policy.ts';

const WABA = `${WAITING_WABA_PREFIX}%`;

// Messages waiting for a connection (docs/connections.md "Sending and pacing"): `reason` starts with `waiting:`,
// `connection_id` names the number waited for (null: any usable WhatsApp number of the owner). Both statements run
// on the partial index messages_waiting_idx. A WhatsApp Business flow's waits (number-policy.ts WAITING_WABA*) are
// not released by a WhatsApp number: they need the account or the flow fixed, and are rechecked hourly.

export interface Waiting {
  user_id: number;
  connection_id: number | null;
}

/** Who waits for what (owner, connection), not yet due again. */
export async function waitingPairs(db: Db, now: number): Promise<Waiting[]> {
  return rowsOf<Waiting>(
    db,
    sql`SELECT DISTINCT user_id, connection_id FROM messages WHERE status = 'queued' AND reason LIKE 'waiting:%' AND reason NOT LIKE ${WABA} AND planned_at > ${new Date(now).toISOString()}::timestamptz`,
  );
}

/** Makes the waiting messages of these (owner, connection) pairs due now; answers how many. */
export async function releaseWaiting(db: Db, pairs: Waiting[], now: number): Promise<number> {
  if (!pairs.length) return 0;
  const at = new Date(now).toISOString();
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`UPDATE messages AS m SET planned_at = ${at}::timestamptz
      FROM jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) AS v(user_id int, connection_id int)
      WHERE m.status = 'queued' AND m.reason LIKE 'waiting:%' AND m.reason NOT LIKE ${WABA} AND m.planned_at > ${at}::timestamptz
        AND m.user_id = v.user_id AND m.connection_id IS NOT DISTINCT FROM v.connection_id
      RETURNING m.id`,
  );
  return rows.length;
}
