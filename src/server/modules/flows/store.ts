import { and, eq, inArray } from 'drizzle-orm';
import { validateFlow, type FlowFields, type FlowFieldError } from '../../../shared/flows/index.ts';
import { checkNextStart } from '../../../shared/flows/quickstart.ts';
import type { Db } from '../../platform/db/open.ts';
import { flows } from './schema.ts';
import { invalidField } from '../../platform/http/field-error.ts';
import { badRequest, HttpError } from '../../platform/http/problem.ts';
import type { FlowRow } from './mapping.ts';

/** One of the user's flows, or 404 "Flow invalid id": another user's id is indistinguishable from a missing one. */
export async function loadOwnFlow(db: Db, userId: number, flowId: number): Promise<FlowRow> {
  const [row] = await db.select().from(flows).where(and(eq(flows.id, flowId), eq(flows.userId, userId)));
  if (!row) throw new HttpError(404, 'flowInvalidId');
  return row;
}

/** The user's flows among `ids`, keyed by id (others' ids are simply absent). */
export async function loadOwnFlows(db: Db, userId: number, ids: number[]): Promise<Map<number, FlowRow>> {
  const rows = await db.select().from(flows).where(and(eq(flows.userId, userId), inArray(flows.id, ids)));
  return new Map(rows.map((r) => [r.id, r]));
}

/** 400 naming every failed field; the caller has written nothing yet. */
export function assertValid(fields: FlowFields, nowMs: number): void {
  const errors = validateFlow(fields, Math.floor(nowMs / 1000));
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
