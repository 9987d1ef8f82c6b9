import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/open.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import { rowsOf } from '../../platform/db/rows.ts';
import type { components } from '../../../api/schema.d.ts';

export type Counts = components['schemas']['DistributionCounts'];
export type TestRunCounts = { messages: number; sent: number; failed: number; done: boolean };

const EMPTY: Counts = { recipients: 0, pending: 0, sent: 0, delivered: 0, read: 0, replied: 0, failed: 0, skipped: 0, progress: 0 };

const ids = (list: number[]) => sql.join(list.map((id) => sql`${id}`), sql`, `);

/**
 * The counts of a page of distributions in one aggregate (never one query per row): recipients by state, and the
 * planned ones by their message's status (common.md "Recipient status as shown").
 */
export async function countsOf(db: Tx, list: number[], dayStart: Date): Promise<Map<number, Counts & { today: number }>> {
  const out = new Map<number, Counts & { today: number }>(list.map((id) => [id, { ...EMPTY, today: 0 }]));
  if (!list.length) return out;
  const rows = await rowsOf<Record<string, string | number>>(
    db as Db,
    sql`SELECT r.distribution_id AS id, count(*) AS recipients,
      count(*) FILTER (WHERE r.state = 'pending' OR m.status IN ('queued', 'sending')) AS pending,
      count(*) FILTER (WHERE m.status IN ('sent', 'delivered', 'read', 'replied')) AS sent,
      count(*) FILTER (WHERE m.status IN ('delivered', 'read', 'replied')) AS delivered,
      count(*) FILTER (WHERE m.status IN ('read', 'replied')) AS read,
      count(*) FILTER (WHERE m.status = 'replied') AS replied,
      count(*) FILTER (WHERE m.status = 'failed') AS failed,
      count(*) FILTER (WHERE m.created_at >= ${dayStart.toISOString()}) AS today,
      count(*) FILTER (WHERE r.state = 'skipped' OR m.status = 'cancelled' OR (r.state = 'planned' AND m.id IS NULL)) AS skipped
    FROM distribution_recipients r LEFT JOIN messages m ON m.id = r.message_id
    WHERE r.distribution_id IN (${ids(list)}) GROUP BY r.distribution_id`,
  );
  for (const r of rows) {
    const c = { ...EMPTY, today: Number(r.today) };
    for (const k of ['recipients', 'pending', 'sent', 'delivered', 'read', 'replied', 'failed', 'skipped'] as const) c[k] = Number(r[k]);
    c.progress = c.recipients ? Math.min(1, (c.sent + c.failed + c.skipped) / c.recipients) : 0;
    out.set(Number(r.id), c);
  }
  return out;
}

/** The last test run of each distribution (its key and the copies' `|test:` keys), one aggregate for the page. */
export async function testRunsOf(db: Tx, list: number[]): Promise<Map<number, TestRunCounts>> {
  if (!list.length) return new Map();
  const rows = await rowsOf<Record<string, string | number>>(
    db as Db,
    sql`SELECT d.flow_id AS id, count(m.id) AS messages,
      count(m.id) FILTER (WHERE m.status IN ('sent', 'delivered', 'read', 'replied')) AS sent,
      count(m.id) FILTER (WHERE m.status = 'failed') AS failed,
      count(m.id) FILTER (WHERE m.status IN ('queued', 'sending')) AS open
    FROM distributions d JOIN messages m ON m.flow_id = d.flow_id
      AND (m.idempotency_key = 'dist:' || d.flow_id || ':test:' || d.test_runs
        OR m.idempotency_key LIKE 'dist:' || d.flow_id || ':test:' || d.test_runs || '|%')
    WHERE d.flow_id IN (${ids(list)}) AND d.test_runs > 0 GROUP BY d.flow_id`,
  );
  return new Map(rows.map((r) => [Number(r.id), { messages: Number(r.messages), sent: Number(r.sent), failed: Number(r.failed), done: Number(r.open) === 0 }]));
}
