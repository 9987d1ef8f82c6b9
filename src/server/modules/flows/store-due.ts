import { and, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import { RUNNING_STATUSES, type FlowKind } from '../../../shared/flows/index.ts';
import type { Db } from '../../platform/db/open.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import { flows } from './schema.ts';
import type { FlowRow } from './mapping.ts';

// The flows the delivery engine acts on: planned starts, periodic flows due to plan, running flows of a business.

/** Paused flows whose planned start (`nextStart`) has come. */
export const pausedDueToStart = (db: Db, at: Date) =>
  db.select({ id: flows.id, userId: flows.userId, type: flows.type }).from(flows).where(and(eq(flows.status, 'Pause'), lte(flows.nextStart, at)));

/**
 * Applies a planned start to a flow still paused and still due (a pause or edit made meanwhile wins);
 * the flow's status after it, or undefined when the guard refused.
 */
export async function applyPlannedStart(db: Db, id: number, at: Date, set: { status?: FlowRow['status']; lastStart?: Date; nextStart: null }) {
  const done = await db
    .update(flows)
    .set(set)
    .where(and(eq(flows.id, id), eq(flows.status, 'Pause'), lte(flows.nextStart, at)))
    .returning({ status: flows.status });
  return done[0]?.status;
}

/** Running flows of these kinds whose `nextStart` is unset or has come. */
export const runningFlowsDue = (db: Db, kinds: FlowKind[], at: Date): Promise<FlowRow[]> =>
  db
    .select()
    .from(flows)
    .where(and(inArray(flows.type, kinds), inArray(flows.status, RUNNING_STATUSES as never[]), or(isNull(flows.nextStart), lte(flows.nextStart, at))));

export async function setNextStart(db: Db, id: number, at: Date): Promise<void> {
  await db.update(flows).set({ nextStart: at }).where(eq(flows.id, id));
}

/** A business's running flows of these kinds. */
export const runningFlowsOf = (tx: Tx, userId: number, kinds: FlowKind[]): Promise<FlowRow[]> =>
  tx.select().from(flows).where(and(eq(flows.userId, userId), inArray(flows.type, kinds), inArray(flows.status, RUNNING_STATUSES as never[])));
