// Read-only reporting query (docs/architecture.md, "Data ownership"): the admin user list reads the account module's
// users table directly, because its paging, counting and index-ordered search are tuned to that table (docs/admin.md).
import { and, count, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/open.ts';
import { users } from '../account/schema.ts';
import { rowsOf } from '../../platform/db/rows.ts';
import { userOrder, userSearch, type UserSort } from './queries-user-search.ts';

/** Below this many rows an exact count is cheap; above it the list reports an estimate or a lower bound. */
export const EXACT_COUNT_LIMIT = 10_000;
/** A search with at most this many matches sorts them in memory (see userOrder). */
const SORT_MATCHES_LIMIT = 2_000;
/** The estimate is a catalog read plus a file size; it is kept this long (it only moves with growth anyway). */
const ESTIMATE_TTL_MS = 30_000;
let cachedEstimate: { db: Db; n: number; at: number } | undefined;

export interface UserListQuery {
  page: number;
  pageSize: number;
  query?: string;
  sort: UserSort;
  order: 'asc' | 'desc';
  after?: string;
}

type Cursor = [key: string, id: number];
const encode = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
function decode(text: string): Cursor | undefined {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString()) as unknown;
    return Array.isArray(value) && typeof value[0] === 'string' && Number.isInteger(value[1]) ? (value as Cursor) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The keyset column of a sort: its text form goes into the cursor (timestamps keep their microseconds that way).
 * fullName is nullable, where a row comparison does not order like ORDER BY, so that sort pages by offset.
 */
const KEYS: Partial<Record<UserSort, SQL>> = {
  createdAt: sql`${users.createdAt}::text`,
  email: sql`${users.email}`,
  id: sql`${users.id}::text`,
};
function afterCursor(sort: UserSort, order: 'asc' | 'desc', cursor: Cursor): SQL {
  const [key, id] = cursor;
  const op = sql.raw(order === 'asc' ? '>' : '<');
  if (sort === 'id') return sql`${users.id} ${op} ${id}`;
  if (sort === 'email') return sql`${users.email} ${op} ${key}`;
  return sql`(${users.createdAt}, ${users.id}) ${op} (${key}::timestamptz, ${id})`;
}

/**
 * The planner's row count of `users`, scaled to the table's current size the way the planner does it
 * (reltuples/relpages × pages now), so it follows growth between ANALYZE runs. Null when never analysed.
 */
async function estimatedUsers(db: Db): Promise<number | null> {
  const now = Date.now();
  if (cachedEstimate?.db === db && now - cachedEstimate.at < ESTIMATE_TTL_MS) return cachedEstimate.n;
  const [row] = await rowsOf<{ n: string | null }>(
    db,
    sql`select case when c.reltuples <= 0 or c.relpages = 0 then null
          else round(c.reltuples / c.relpages * (pg_relation_size(c.oid) / current_setting('block_size')::int)) end as n
        from pg_class c where c.oid = 'users'::regclass`,
  );
  const n = row?.n == null ? null : Number(row.n);
  // Only large estimates are kept: below the limit the list counts exactly, and a small table changes fast.
  if (n !== null && n > EXACT_COUNT_LIMIT) cachedEstimate = { db, n, at: now };
  return n;
}

/** exact below EXACT_COUNT_LIMIT; else the estimate (unfiltered) or "at least the limit" (a broad search). */
async function countUsers(db: Db, where: SQL | undefined): Promise<{ total: number; totalKind: 'exact' | 'estimate' | 'atLeast' }> {
  if (!where) {
    const estimate = await estimatedUsers(db);
    if (estimate !== null && estimate > EXACT_COUNT_LIMIT) return { total: estimate, totalKind: 'estimate' };
  }
  const capped = db.select({ one: sql`1` }).from(users).where(where).limit(EXACT_COUNT_LIMIT + 1).as('capped');
  const [row] = await db.select({ n: count() }).from(capped);
  const n = Number(row?.n ?? 0);
  return n > EXACT_COUNT_LIMIT ? { total: EXACT_COUNT_LIMIT, totalKind: 'atLeast' } : { total: n, totalKind: 'exact' };
}

/** One page of the admin user list: prefix search, an index-ordered sort, keyset paging when a cursor is given. */
export async function listUsers(db: Db, q: UserListQuery) {
  const where = userSearch(q.query);
  const key = KEYS[q.sort];
  const cursor = q.after && key ? decode(q.after) : undefined;
  const pageWhere = cursor ? and(where, afterCursor(q.sort, q.order, cursor)) : where;
  // Counted first: the count decides how a search is ordered (the list itself does not wait on a count).
  const { total, totalKind } = await countUsers(db, where);
  const sortMatches = Boolean(where) && totalKind === 'exact' && total <= SORT_MATCHES_LIMIT;
  const rows = await db
    .select({ ...getTableColumns(users), cursorKey: key ?? sql<string>`''` })
    .from(users)
    .where(pageWhere)
    .orderBy(...userOrder(q.sort, q.order, sortMatches))
    .limit(q.pageSize + 1)
    .offset(cursor ? 0 : (q.page - 1) * q.pageSize);
  const page = rows.slice(0, q.pageSize);
  const last = page.at(-1);
  const next = key && last && rows.length > q.pageSize ? encode([String(last.cursorKey), last.id]) : null;
  return { rows: page, page: q.page, pages: Math.ceil(total / q.pageSize), total, totalKind, next };
}
