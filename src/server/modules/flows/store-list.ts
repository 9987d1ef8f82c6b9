import { and, asc, count, desc, eq, getTableColumns, ilike, ne, not, or, sql, type SQL } from 'drizzle-orm';
import { FLOW_KIND_TARIFFS, FLOW_KINDS, type FlowStatus } from '../../../shared/flows/index.ts';
import type { Db } from '../../platform/db/open.ts';
import { pageTotal, windowTotal } from '../../platform/db/rows.ts';
import { prepared } from '../../platform/db/prepared.ts';
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

type Variant = Pick<ListQuery, 'sort' | 'order'> & { search: boolean; status: 'any' | 'Unavailable' | 'stored' };

/**
 * One page of a user's flows in one statement: the page, the total (a window count) and each flow's availability
 * (its kind's tariffs against the tariffs in force, an uncorrelated subquery: an InitPlan, not run per row).
 * "Unavailable" is not stored, so the status filter is that availability: Unavailable = not available; any other
 * status = that stored status among the available flows. Each shape of the query (search or not, status filter,
 * sort) is a prepared statement: the list is the cabinet's most read call.
 */
function listStatement(db: Db, v: Variant) {
  const name = `flows_list_${v.search}_${v.status}_${v.sort}_${v.order}`;
  return prepared(db, name, (d) => {
    const userId = sql.placeholder('userId');
    const available = sql<boolean>`(${kindTariffs} && ${activeTariffsSql(userId, sql.placeholder('now'))})`;
    // A distribution's flow is listed under /Distributions, never here.
    const where: (SQL | undefined)[] = [eq(flows.userId, userId), ne(flows.type, 'distribution')];
    if (v.search) where.push(or(ilike(flows.title, sql.placeholder('pattern')), ilike(flows.content, sql.placeholder('pattern'))));
    if (v.status === 'Unavailable') where.push(not(available));
    else if (v.status === 'stored') where.push(eq(flows.status, sql.placeholder('status')), available);
    const condition = and(...where);
    const column = v.sort === 'created' ? flows.createdAt : flows.editedAt;
    const dir = v.order === 'asc' ? asc : desc;
    return {
      page: d
        .select({ ...getTableColumns(flows), available, total: windowTotal() })
        .from(flows)
        .where(condition)
        .orderBy(dir(column), dir(flows.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(name),
      count: d.select({ n: count() }).from(flows).where(condition).prepare(`${name}_count`),
    };
  });
}

export async function listFlows(db: Db, userId: number, nowMs: number, q: ListQuery) {
  const search = q.search?.trim();
  const status = !q.status ? 'any' : q.status === 'Unavailable' ? 'Unavailable' : 'stored';
  const statement = listStatement(db, { search: Boolean(search), status, sort: q.sort, order: q.order });
  const values = { userId, now: Math.floor(nowMs / 1000), pattern: search ? likePattern(search) : undefined, status: q.status, limit: q.pageSize, offset: (q.page - 1) * q.pageSize };
  const rows = await statement.page.execute(values);
  const total = await pageTotal(rows, q.page, () => statement.count.execute(values));
  const result: FlowDto[] = rows.map(({ available: open, total: _total, ...row }) => toFlow(row, open));
  return { flows: result, page: q.page, pages: Math.max(1, Math.ceil(total / q.pageSize)), total };
}
