import { sql, type SQL } from 'drizzle-orm';
import type { components } from '../../../api/schema.d.ts';
import { rowsOf } from '../../platform/db/rows.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import { unsubscribedSinceSql } from '../phones/subscribers/store.ts';

// Read-only reporting (docs/architecture.md "Data ownership"): a distribution's recipients with their message, one
// statement per page (recipients LEFT JOIN messages ON messages.id = recipients.message_id).

export type RecipientStatus = components['schemas']['RecipientStatus'];

export interface RecipientQuery {
  status?: RecipientStatus;
  search?: string;
}

export interface RecipientRow {
  id: number;
  phone: string;
  name: string | null;
  row: number | null;
  status: RecipientStatus;
  reason: string | null;
  unsubscribed: boolean;
  sent_at: Date | string | null;
  delivered_at: Date | string | null;
  read_at: Date | string | null;
  replied_at: Date | string | null;
}

/**
 * The status shown for a recipient (docs/distributions.md): its own state while it has no message, else its
 * message's, `queued` and `sending` read as queued and a cancelled message as skipped (with the message's reason).
 * The reason is kept where it explains: skipped, failed, or what a queued message waits for.
 */
const shown = sql`SELECT r.id, r.distribution_id, r.phone, r.name, r."row",
    CASE WHEN r.state = 'pending' OR (r.state = 'planned' AND m.id IS NULL) THEN 'pending'
         WHEN r.state = 'skipped' OR m.status = 'cancelled' THEN 'skipped'
         WHEN m.status IN ('queued', 'sending') THEN 'queued'
         ELSE m.status END AS status,
    CASE WHEN r.state = 'skipped' THEN r.reason
         WHEN m.status IN ('queued', 'sending', 'failed', 'cancelled') THEN m.reason END AS reason,
    m.sent_at, m.delivered_at, m.read_at, m.replied_at, m.channel, m.user_id
  FROM distribution_recipients r LEFT JOIN messages m ON m.id = r.message_id`;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filterSql(distributionId: number, q: RecipientQuery): SQL {
  const where: SQL[] = [sql`t.distribution_id = ${distributionId}`];
  if (q.status) where.push(sql`t.status = ${q.status}`);
  const search = q.search?.trim();
  if (search) {
    // "+7 (999) 123" finds 7999123… by its digits; a search with letters ("client 7") is a name.
    const digits = search.replace(/\D/g, '');
    const byName = sql`t.name ILIKE ${likePattern(search)}`;
    where.push(digits && !/\p{L}/u.test(search) ? sql`(${byName} OR t.phone LIKE ${likePattern(digits)})` : byName);
  }
  return sql.join(where, sql` AND `);
}

/**
 * The shown rows of one distribution with the query's filters, then `tail` (order, paging); `total` counts them all.
 * The STOP check runs on the page's rows only (outside the window and the limit).
 */
function selectSql(userId: number, distributionId: number, q: RecipientQuery, tail: SQL, total = false): SQL {
  return sql`SELECT p.id, p.phone, p.name, p."row", p.status, p.reason, p.sent_at, p.delivered_at, p.read_at, p.replied_at,
      (p.sent_at IS NOT NULL AND ${unsubscribedSinceSql(userId, sql`p.channel`, sql`p.phone`, sql`p.sent_at`)}) AS unsubscribed
      ${total ? sql`, p.total` : sql``}
    FROM (SELECT t.* ${total ? sql`, count(*) OVER () AS total` : sql``} FROM (${shown}) t WHERE ${filterSql(distributionId, q)} ${tail}) p
    ORDER BY p.id`;
}

/** One page and the total of its filter, in one statement. */
export async function recipientPage(db: Tx, userId: number, distributionId: number, q: RecipientQuery & { page: number; pageSize: number }) {
  const rows = await rowsOf<RecipientRow & { total: number | string }>(
    db,
    selectSql(userId, distributionId, q, sql`ORDER BY t.id LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`, true),
  );
  let total = Number(rows[0]?.total ?? 0);
  if (!rows.length && q.page > 1) {
    const [count] = await rowsOf<{ n: number | string }>(db, sql`SELECT count(*) AS n FROM (${shown}) t WHERE ${filterSql(distributionId, q)}`);
    total = Number(count?.n ?? 0);
  }
  return { rows, total };
}

/** The export's rows after `afterId`, in id order, at most `limit`. */
export function recipientChunk(db: Tx, userId: number, distributionId: number, q: RecipientQuery, afterId: number, limit: number): Promise<RecipientRow[]> {
  return rowsOf<RecipientRow>(db, selectSql(userId, distributionId, q, sql`AND t.id > ${afterId} ORDER BY t.id LIMIT ${limit}`));
}
