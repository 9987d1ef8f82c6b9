import { and, asc, count, desc, eq, ilike, inArray, notInArray, or, type SQL } from 'drizzle-orm';
import { FLOW_KINDS, isKindAvailable, type FlowStatus } from '../../../shared/flows/index.ts';
import type { Db } from '../../platform/db/open.ts';
import { flows } from './schema.ts';
import { toFlow, type FlowDto } from './mapping.ts';
import { userTariffs } from './tariffs.ts';

export interface ListQuery {
  page: number;
  pageSize: number;
  search?: string;
  status?: FlowStatus;
  sort: 'edited' | 'created';
  order: 'asc' | 'desc';
}

// LIKE treats % and _ as wildcards; a user searching "50%" means the characters.
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of a user's flows. "Unavailable" is not stored, so the status filter is translated into the kinds the
 * user's tariffs lack: Unavailable = those kinds; any other status = that stored status among the available kinds.
 */
export async function listFlows(db: Db, userId: number, nowMs: number, q: ListQuery) {
  const tariffs = await userTariffs(db, userId, nowMs);
  const unavailable = FLOW_KINDS.filter((k) => !isKindAvailable(k, tariffs));
  const where: (SQL | undefined)[] = [eq(flows.userId, userId)];
  const search = q.search?.trim();
  if (search) where.push(or(ilike(flows.title, likePattern(search)), ilike(flows.content, likePattern(search))));
  if (q.status === 'Unavailable') where.push(unavailable.length ? inArray(flows.type, unavailable) : eq(flows.id, -1));
  else if (q.status) {
    where.push(eq(flows.status, q.status));
    if (unavailable.length) where.push(notInArray(flows.type, unavailable));
  }
  const condition = and(...where);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(flows).where(condition);
  const column = q.sort === 'created' ? flows.createdAt : flows.editedAt;
  const dir = q.order === 'asc' ? asc : desc;
  const rows = await db
    .select()
    .from(flows)
    .where(condition)
    .orderBy(dir(column), dir(flows.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const result: FlowDto[] = rows.map((r) => toFlow(r, isKindAvailable(r.type, tariffs)));
  return { flows: result, page: q.page, pages: Math.max(1, Math.ceil(total / q.pageSize)), total };
}
