import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FieldError } from '../../../shared/validation/index.ts';
import { flowMessages, validateFlow, type FlowFields, type FlowFieldError } from '../../../shared/flows/index.ts';
import { checkNextStart, nextStartMessages } from '../../../shared/flows/quickstart.ts';
import type { Db } from '../../platform/db/open.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import { flows } from './schema.ts';
import { invalidField } from '../../platform/http/field-error.ts';
import { badRequest, HttpError } from '../../platform/http/problem.ts';
import type { FlowRow } from './mapping.ts';

// The flows module's store: the only code that touches the flows table (its list query: store-list.ts).

export type FlowInsert = typeof flows.$inferInsert;
export type FlowChanges = Partial<Omit<FlowInsert, 'id'>>;

/** A distribution's flow is the distributions module's (docs/distributions.md): the flows' lists and actions skip it. */
const notDistribution = () => ne(flows.type, 'distribution');

/**
 * One of the user's flows, or 404 "Flow invalid id": another user's id is indistinguishable from a missing one.
 * `distributions: false` (pause, resume, duplicate, delete, conversion) answers the same for a distribution's flow,
 * whose message the editor still reads and edits through GET/PATCH/Image.
 */
export async function loadOwnFlow(db: Db, userId: number, flowId: number, opts: { distributions?: boolean } = {}): Promise<FlowRow> {
  const [row] = await db.select().from(flows).where(and(eq(flows.id, flowId), eq(flows.userId, userId)));
  if (!row || (opts.distributions === false && row.type === 'distribution')) throw new HttpError(404, 'flowInvalidId');
  return row;
}

/** The user's flows among `ids`, keyed by id (others' ids are simply absent). */
export async function loadOwnFlows(db: Db, userId: number, ids: number[]): Promise<Map<number, FlowRow>> {
  const rows = await db.select().from(flows).where(and(eq(flows.userId, userId), inArray(flows.id, ids), notDistribution()));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The titles of flows by id (the message log names each message's flow); a deleted flow is absent. */
export async function flowTitles(db: Tx, ids: (number | null)[]): Promise<Map<number, string>> {
  const known = [...new Set(ids.filter((id): id is number => id !== null))];
  const rows = known.length ? await db.select({ id: flows.id, title: flows.title }).from(flows).where(inArray(flows.id, known)) : [];
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** 400 naming every failed field; the caller has written nothing yet. `timeZone`: the business zone (end-date rule). */
export function assertValid(fields: FlowFields, nowMs: number, timeZone?: string): void {
  const errors = validateFlow(fields, Math.floor(nowMs / 1000), timeZone);
  if (errors.length) throw invalid(errors);
}

// The shared flow errors' codes are problem codes (their messages name the field).
export const invalid = (errors: FlowFieldError[]) => badRequest(errors);

/** The `nextStart` column for a create/patch: absent = unchanged; a planned start must lie in the future (400). */
export function plannedStart(value: number | null | undefined, nowMs: number): { nextStart?: Date | null } {
  if (value === undefined) return {};
  const code = checkNextStart(value, Math.floor(nowMs / 1000));
  if (code) throw invalidField('nextStart', code);
  return { nextStart: value === null ? null : new Date(value * 1000) };
}

/** Every flow of the user, by id. */
export const flowsOf = (db: Tx, userId: number): Promise<FlowRow[]> => db.select().from(flows).where(and(eq(flows.userId, userId), notDistribution())).orderBy(flows.id);

export async function countFlowsOf(db: Tx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(flows).where(and(eq(flows.userId, userId), notDistribution()));
  return Number(row?.n ?? 0);
}

export async function insertFlow(db: Tx, values: FlowInsert): Promise<FlowRow> {
  const [row] = await db.insert(flows).values(values).returning();
  return row!;
}

/** A status set by hand (pause, resume) drops the reason the engine gave for stopping the flow. */
const withReason = (changes: FlowChanges): FlowChanges => (changes.status && !('statusReason' in changes) ? { ...changes, statusReason: null } : changes);

/** Applies the changes and returns the flow as it is now. */
export async function updateFlow(db: Tx, id: number, changes: FlowChanges): Promise<FlowRow> {
  const [row] = await db.update(flows).set(withReason(changes)).where(eq(flows.id, id)).returning();
  return row!;
}

/** The same changes to several flows (bulk actions; the ids were checked to be the caller's). */
export async function updateFlows(db: Tx, ids: number[], changes: FlowChanges): Promise<void> {
  if (ids.length) await db.update(flows).set(withReason(changes)).where(inArray(flows.id, ids));
}

export async function deleteFlows(db: Tx, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(flows).where(inArray(flows.id, ids));
}

/** Whether another flow of the owner (a duplicate) still shows the image file `key`. */
export async function imageSharedByOtherFlow(db: Tx, row: FlowRow, key: string): Promise<boolean> {
  const [shared] = await db
    .select({ id: flows.id })
    .from(flows)
    .where(and(eq(flows.userId, row.userId), ne(flows.id, row.id), sql`${flows.settings}->'image'->>'url' like ${`%key=${key}`}`))
    .limit(1);
  return shared !== undefined;
}

/** Account deletion: the owner's flows go (their messages are the delivery module's part). */
export async function deleteOwnerData(tx: Tx, userId: number): Promise<void> {
  await tx.delete(flows).where(eq(flows.userId, userId));
}

/** Many flows in one statement (the demo account's regeneration, modules/demo); rows in the input's order. */
export async function insertFlows(tx: Tx, rows: FlowInsert[]): Promise<FlowRow[]> {
  return rows.length ? tx.insert(flows).values(rows).returning() : [];
}
