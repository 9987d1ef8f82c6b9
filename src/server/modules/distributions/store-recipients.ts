import { and, eq, inArray, is, sql } from 'drizzle-orm';
import { PgliteTransaction } from 'drizzle-orm/pglite';
import type { TableRecipient } from '../../../shared/distributions/table.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import { HttpError } from '../../platform/http/problem.ts';
import { clientIdByPhoneSql } from '../clients/store.ts';
import { distributionRecipients, distributions } from './schema.ts';

// The recipient table's writes (docs/distributions.md "Recipients and the phone table"); reads that join the
// messages are in queries-recipients.ts.

export type DistributionRow = typeof distributions.$inferSelect;
type TableSummary = NonNullable<DistributionRow['tableSummary']>;

/** Rows of one INSERT: 100 000 recipients are 10 statements, each a JSON parameter of ~0.5 MB. */
const CHUNK = 10_000;

/** The owner's distribution, or 404 "Distribution invalid id" (another owner's id looks missing). `lock` in a transaction. */
export async function ownDistribution(db: Tx, userId: number, id: number, lock = false): Promise<DistributionRow> {
  const query = db.select().from(distributions).where(and(eq(distributions.flowId, id), eq(distributions.userId, userId)));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw new HttpError(404, 'distributionInvalidId');
  return row;
}

/**
 * Replaces the imported table: rows not yet messaged go, the new rows come in (the owner's client with the same phone
 * tied to each), and recipients already messaged stay with their results (a number kept in the new table takes its
 * new row and name). The distribution's source becomes the table. Set-based: one INSERT per CHUNK rows.
 */
export async function replaceTable(tx: Tx, d: DistributionRow, rows: readonly TableRecipient[], summary: TableSummary): Promise<void> {
  await tx.delete(distributionRecipients).where(and(eq(distributionRecipients.distributionId, d.flowId), sql`${distributionRecipients.state} <> 'planned'`));
  // PGlite: the transaction runs alone and holds the distribution row; each client id comes from the INSERT's own
  // subquery. The two foreign-key checks per row are skipped there (as store-audience.ts does), kept on PostgreSQL.
  if (is(tx, PgliteTransaction)) await tx.execute(sql`SET LOCAL session_replication_role = replica`);
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK).map((r) => ({ phone: r.phone, name: r.name, row: r.row }));
    await tx.execute(sql`
      INSERT INTO distribution_recipients (distribution_id, phone, name, "row", client_id)
      SELECT ${d.flowId}, v.phone, v.name, v."row", ${clientIdByPhoneSql(d.userId, sql`v.phone`)}
      FROM jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) AS v(phone text, name text, "row" int)
      ON CONFLICT (distribution_id, phone) DO UPDATE SET name = excluded.name, "row" = excluded."row"`);
  }
  await tx.update(distributions).set({ source: 'table', tableSummary: summary }).where(eq(distributions.flowId, d.flowId));
}

/** Name and state of these recipient rows (a message source's batch), by one query. */
export async function recipientsByIds(tx: Tx, ids: number[]) {
  return tx.select({ id: distributionRecipients.id, name: distributionRecipients.name, state: distributionRecipients.state }).from(distributionRecipients).where(inArray(distributionRecipients.id, ids));
}
