import { and, asc, count, desc, eq, getTableColumns, ilike, not, or, sql, type SQL } from 'drizzle-orm';
import { FLOW_KIND_TARIFFS, FLOW_KINDS, type FlowStatus } from '../../../shared/flows/index.ts';
import type { Db } from '../../platform/db/open.ts';
import { pageTotal, windowTotal } from '../../platform/db/rows.ts';
import { activeTariffsSql } from '../admin/store-payments.ts';
import { flows } from './schema.ts';
import { toFlow, type FlowDto } from './mapping.ts';

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

// The tariffs that open each kind (FLOW_KIND_TARIFFS) as SQL; constants only, so the statement text never varies.
const kindTariffs = sql`(case ${flows.type} ${sql.raw(
  FLOW_KINDS.map((kind) => `when '${kind}' then '{${FLOW_KIND_TARIFFS[kind].join(',')}}'::int[]`).join(' '),
)} else '{}'::int[] end)`;

/**
 * One page of a user's flows in one statement: the page, the total (a window count) and each flow's availability
 * (its kind's tariffs against the tariffs in force, an uncorrelated subquery: an InitPlan, not run per row).
 * "Unavailable" is not stored, so the status filter is that availability: Unavailable = not available; any other
 * status = that stored status among the available flows.
 */
export async function listFlows(db: Db, userId: number, nowMs: number, q: ListQuery) {
  const available = sql<boolean>`(${kindTariffs} && ${activeTariffsSql(userId, Math.floor(nowMs / 1000))})`;
  const where: (SQL | undefined)[] = [eq(flows.userId, userId)];
  const search = q.search?.trim();
  if (search) where.push(or(ilike(flows.title, likePattern(search)), ilike(flows.content, likePattern(search))));
  if (q.status === 'Unavailable') where.push(not(available));
  else if (q.status) where.push(eq(flows.status, q.status), available);
  const condition = and(...where);
  const column = q.sort === 'created' ? flows.createdAt : flows.editedAt;
  const dir = q.order === 'asc' ? asc : desc;
  const rows = await db
    .select({ ...getTableColumns(flows), available, total: windowTotal() })
    .from(flows)
    .where(condition)
    .orderBy(dir(column), dir(flows.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const total = await pageTotal(rows, q.page, () => db.select({ n: count() }).from(flows).where(condition));
  const result: FlowDto[] = rows.map(({ available: open, total: _total, ...row }) => toFlow(row, open));
  return { flows: result, page: q.page, pages: Math.max(1, Math.ceil(total / q.pageSize)), total };
}
