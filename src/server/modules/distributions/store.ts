import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/open.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import type { FlowRow } from '../flows/mapping.ts';
import { addDistributionMessages } from '../account/store.ts';
import { deleteQueuedOf } from '../../delivery/store-planned.ts';
import { distributionRecipients, distributions } from './schema.ts';

// The distributions module's own store: its rows and the withdrawal of unsent messages that pause, cancel and delete
// share (docs/distributions.md "Lifecycle and statuses"); the messages and the owner's bought ones go through their
// owners' stores. The distributions with their flows are read in queries-list.ts.

export type DistributionRow = typeof distributions.$inferSelect;
export type DistributionInsert = typeof distributions.$inferInsert;
/** A distribution with its flow (the message, mode, status). */
export interface Loaded {
  flow: FlowRow;
  dist: DistributionRow;
}

// Kept importable from here (scripts/bench-distribution.ts); the join of the flows lives in the reporting file.
export { loadOwn, loadOwnMany } from './queries-list.ts';

/** Statuses in which a distribution runs: editing its audience or mode waits for a pause (409 distributionRunning). */
export const RUNNING = ['InQueue', 'Waiting', 'Working'] as const;
export const isRunning = (status: string) => (RUNNING as readonly string[]).includes(status);

/** The combat key of a recipient's message and the prefix of a test run's keys (docs/distributions.md "Engine"). */
export const combatKey = (id: number, phone: string) => `dist:${id}:${phone}`;
export const testKey = (id: number, run: number) => `dist:${id}:test:${run}`;

export async function insertDistribution(tx: Tx, values: DistributionInsert): Promise<DistributionRow> {
  const [row] = await tx.insert(distributions).values(values).returning();
  return row!;
}

export async function updateDistribution(tx: Tx, id: number, changes: Partial<DistributionInsert>): Promise<DistributionRow> {
  const [row] = await tx.update(distributions).set(changes).where(eq(distributions.flowId, id)).returning();
  return row!;
}

/** A copy's recipient table: the same rows, every one pending again (no results). */
export async function copyRecipients(tx: Tx, from: number, to: number): Promise<void> {
  await tx.execute(sql`INSERT INTO distribution_recipients (distribution_id, phone, name, "row", client_id, state)
    SELECT ${to}, phone, name, "row", client_id, 'pending' FROM distribution_recipients
    WHERE distribution_id = ${from} AND "row" IS NOT NULL ORDER BY id`);
}

/** The first recipient still to message (a test run borrows its variables), or undefined. */
export async function firstRecipient(tx: Tx, id: number) {
  const [row] = await tx
    .select()
    .from(distributionRecipients)
    .where(and(eq(distributionRecipients.distributionId, id), inArray(distributionRecipients.state, ['pending', 'planned'])))
    .orderBy(distributionRecipients.id)
    .limit(1);
  return row;
}

/** Recipients of a distribution (any state). */
export async function recipientCount(tx: Tx, id: number): Promise<number> {
  const [row] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(distributionRecipients).where(eq(distributionRecipients.distributionId, id));
  return row?.n ?? 0;
}

/**
 * Withdraws what the engine has not taken yet: the distributions' `queued` messages are deleted (a `sending` one is
 * the dispatcher's and stays), their recipients go back to `pending`, and the bought messages they spent are given
 * back (test messages spent none). One transaction with the caller's status change, so nothing is lost and a resume
 * plans them again under the same keys. Returns the combat messages withdrawn.
 */
export async function withdrawQueued(tx: Tx, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const deleted = await deleteQueuedOf(tx, ids, 'distribution');
  if (!deleted.length) return 0;
  const messageIds = deleted.map((m) => m.id);
  for (let i = 0; i < messageIds.length; i += 5000) {
    await tx
      .update(distributionRecipients)
      .set({ state: 'pending', messageId: null })
      .where(inArray(distributionRecipients.messageId, messageIds.slice(i, i + 5000)));
  }
  const spent = new Map<number, number>();
  for (const m of deleted) if (!m.key.includes(':test:')) spent.set(m.userId, (spent.get(m.userId) ?? 0) + 1);
  for (const [userId, n] of spent) await addDistributionMessages(tx, userId, n);
  return [...spent.values()].reduce((a, b) => a + b, 0);
}

/** Remaining pending recipients are left out (a cancel): skipped, reason `cancelled`. */
export async function skipPending(tx: Tx, id: number, reason: string): Promise<void> {
  await tx
    .update(distributionRecipients)
    .set({ state: 'skipped', reason })
    .where(and(eq(distributionRecipients.distributionId, id), eq(distributionRecipients.state, 'pending')));
}

/** Whether a recipient table or audience exists at all (a combat start of a table source needs one). */
export async function hasRecipients(db: Db | Tx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: distributionRecipients.id }).from(distributionRecipients).where(eq(distributionRecipients.distributionId, id)).limit(1);
  return row !== undefined;
}

/** A test run begins: `test_runs` + 1 and its start time; the run's number. */
export async function nextTestRun(tx: Tx, id: number, at: Date): Promise<number> {
  const [row] = await tx
    .update(distributions)
    .set({ testRuns: sql`${distributions.testRuns} + 1`, testStartedAt: at })
    .where(eq(distributions.flowId, id))
    .returning({ runs: distributions.testRuns });
  return row!.runs;
}
