import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/open.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import { HttpError } from '../../platform/http/problem.ts';
import { windowTotal } from '../../platform/db/rows.ts';
import { flows } from '../flows/schema.ts';
import { distributions } from './schema.ts';
import type { Loaded } from './store.ts';

// The owner's distributions with their flows (the message, mode, status): read-only joins of the distributions and
// the flows they own, one statement each (docs/architecture.md "Data ownership", reporting files).

/** One of the owner's distributions, or 404 (another owner's id is indistinguishable from a missing one). */
export async function loadOwn(db: Tx, userId: number, id: number): Promise<Loaded> {
  const [row] = await db
    .select({ flow: flows, dist: distributions })
    .from(distributions)
    .innerJoin(flows, eq(flows.id, distributions.flowId))
    .where(and(eq(distributions.flowId, id), eq(distributions.userId, userId)));
  if (!row) throw new HttpError(404, 'distributionInvalidId');
  return row;
}

/** The owner's distributions among `ids`, by id (others' ids are absent). */
export async function loadOwnMany(db: Tx, userId: number, ids: number[]): Promise<Map<number, Loaded>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ flow: flows, dist: distributions })
    .from(distributions)
    .innerJoin(flows, eq(flows.id, distributions.flowId))
    .where(and(inArray(distributions.flowId, ids), eq(distributions.userId, userId)));
  return new Map(rows.map((r) => [r.flow.id, r]));
}

export interface ListQuery {
  page: number;
  pageSize: number;
  search?: string;
  /** A stored status, or Unavailable (every distribution of an owner without tariff 13/2; none of one with it). */
  status?: string;
  mode?: 'test' | 'combat';
  type?: 'message' | 'template';
  sort: 'edited' | 'created' | 'lastStart';
  order: 'asc' | 'desc';
}

// LIKE treats % and _ as wildcards; a user searching "50%" means the characters.
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page of the owner's distributions with the filter's total, in one statement (a window count). */
export async function listPage(db: Db, userId: number, available: boolean, q: ListQuery): Promise<{ rows: Loaded[]; total: number }> {
  if (q.status && (q.status === 'Unavailable') === available) return { rows: [], total: 0 };
  const where: (SQL | undefined)[] = [eq(distributions.userId, userId)];
  const search = q.search?.trim();
  if (search) where.push(or(ilike(flows.title, likePattern(search)), ilike(flows.content, likePattern(search))));
  if (q.status && q.status !== 'Unavailable') where.push(eq(flows.status, q.status as Loaded['flow']['status']));
  if (q.mode) where.push(eq(flows.mode, q.mode));
  if (q.type) where.push(q.type === 'template' ? isNotNull(flows.wabaTemplateName) : isNull(flows.wabaTemplateName));
  const dir = q.order === 'asc' ? asc : desc;
  const order =
    q.sort === 'lastStart'
      ? [sql`${flows.lastStart} ${sql.raw(q.order === 'asc' ? 'asc' : 'desc')} nulls last`, dir(flows.id)]
      : [dir(q.sort === 'created' ? flows.createdAt : flows.editedAt), dir(flows.id)];
  const rows = await db
    .select({ flow: flows, dist: distributions, total: windowTotal() })
    .from(distributions)
    .innerJoin(flows, eq(flows.id, distributions.flowId))
    .where(and(...where))
    .orderBy(...order)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  let total = rows[0]?.total ?? 0;
  if (!rows.length && q.page > 1) {
    const [c] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(distributions).innerJoin(flows, eq(flows.id, distributions.flowId)).where(and(...where));
    total = c?.n ?? 0;
  }
  return { rows: rows.map(({ flow, dist }) => ({ flow, dist })), total };
}
