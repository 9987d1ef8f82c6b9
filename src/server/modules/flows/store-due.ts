import { and, eq, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { components } from '../../../api/schema.d.ts';
import { RUNNING_STATUSES, type FlowKind } from '../../../shared/flows/index.ts';
import type { Db } from '../../platform/db/open.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import { flows } from './schema.ts';
import type { FlowRow } from './mapping.ts';

// The flows the delivery engine acts on: planned starts, periodic flows due to plan, running flows of a business,
// the flows of a claimed batch, and the §4 statuses the engine sets (docs/delivery.md "Flow statuses").

export type FlowStatusReason = components['schemas']['FlowStatusReason'];
// Literal lists, so the planner matches the partial indexes of the engine's every-tick lookups (schema.ts).
const running = () => sql`${flows.status} in (${sql.raw(RUNNING_STATUSES.map((s) => `'${s}'`).join(', '))})`;
const inQueue = () => sql`${flows.status} = 'InQueue'`;

/** Paused flows whose planned start (`nextStart`) has come. */
export const pausedDueToStart = (db: Db, at: Date) =>
  // A distribution starts only through its own Start (its audience is built first): a planned start never applies.
  db.select({ id: flows.id, userId: flows.userId, type: flows.type }).from(flows).where(and(eq(flows.status, 'Pause'), lte(flows.nextStart, at), ne(flows.type, 'distribution')));

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
    .where(and(inArray(flows.type, kinds), running(), or(isNull(flows.nextStart), lte(flows.nextStart, at))));

export async function setNextStart(db: Db, id: number, at: Date): Promise<void> {
  await db.update(flows).set({ nextStart: at }).where(eq(flows.id, id));
}

/** A business's running flows of these kinds. */
export const runningFlowsOf = (tx: Tx, userId: number, kinds: FlowKind[]): Promise<FlowRow[]> =>
  tx.select().from(flows).where(and(eq(flows.userId, userId), inArray(flows.type, kinds), running()));

/** The flows of a claimed batch, by id, in one query (a removed flow is absent). */
export async function flowsByIds(tx: Tx, ids: number[]): Promise<Map<number, FlowRow>> {
  const rows = ids.length ? await tx.select().from(flows).where(inArray(flows.id, ids)) : [];
  return new Map(rows.map((r) => [r.id, r]));
}

/** Stops running flows with Error and a reason the owner reads; a flow paused meanwhile stays paused. */
export async function stopFlowsWithError(db: Tx, ids: number[], reason: FlowStatusReason): Promise<void> {
  if (ids.length) await db.update(flows).set({ status: 'Error', statusReason: reason }).where(and(inArray(flows.id, ids), running()));
}

/** Running flows whose end date has passed (as the send-time rule counts it: strictly before now): Canceled, reason endDatePassed. */
export async function cancelEndedFlows(db: Db, at: Date): Promise<number[]> {
  const done = await db
    .update(flows)
    .set({ status: 'Canceled', statusReason: 'endDatePassed' })
    .where(and(lt(flows.endDate, at), running()))
    .returning({ id: flows.id });
  return done.map((r) => r.id);
}

/** A turn of a periodic flow begins: InQueue while its recipients are prepared; false when it stopped meanwhile. */
export async function beginTurn(db: Db, id: number): Promise<boolean> {
  const done = await db.update(flows).set({ status: 'InQueue' }).where(and(eq(flows.id, id), running())).returning({ id: flows.id });
  return done.length > 0;
}

/** Flows of these kinds in a turn (InQueue). */
export const flowsInQueue = async (db: Db, kinds: FlowKind[]): Promise<number[]> =>
  (await db.select({ id: flows.id }).from(flows).where(and(inQueue(), inArray(flows.type, kinds)))).map((r) => r.id);

/** Their turn is over: Done until the next one (only flows still InQueue: a pause meanwhile wins). */
export async function finishTurns(db: Db, ids: number[]): Promise<void> {
  if (ids.length) await db.update(flows).set({ status: 'Done' }).where(and(inArray(flows.id, ids), inQueue()));
}

/**
 * Sets a flow's status (and reason, last start) only while it is still in one of `from`: the guard a distribution's
 * transitions and planner decide on (docs/distributions.md "Lifecycle and statuses"). False when the guard refused.
 */
export async function setStatusFrom(tx: Tx, id: number, from: readonly FlowRow['status'][], set: Pick<Partial<typeof flows.$inferInsert>, 'status' | 'statusReason' | 'lastStart'>): Promise<boolean> {
  const done = await tx
    .update(flows)
    .set(set)
    .where(and(eq(flows.id, id), inArray(flows.status, [...from])))
    .returning({ id: flows.id });
  return done.length > 0;
}
