// Read-only reporting query (docs/architecture.md, "Data ownership"): the admin search over the account module's users.
import { asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { users } from '../account/schema.ts';

// LIKE wildcards in the search text are literal.
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Prefix search (docs/admin.md): email, full name or phone starting with the text. Each arm is served by a
 * text_pattern_ops index, so it stays an index scan at 100,000 users on PGlite and PostgreSQL alike
 * (pg_trgm is not available on PGlite without loading an extension).
 */
export function userSearch(query: string | undefined): SQL | undefined {
  const text = query?.trim().toLowerCase();
  if (!text) return undefined;
  const prefix = `${escapeLike(text)}%`;
  const arms: SQL[] = [sql`lower(${users.email}) like ${prefix}`, sql`lower(${users.fullName}) like ${prefix}`];
  const compact = text.replace(/[\s()-]/g, '');
  if (/^\+?\d+$/.test(compact)) {
    const digits = compact.replace(/^\+/, '');
    arms.push(sql`${users.phone} like ${`+${digits}%`}`, sql`${users.phone} like ${`${digits}%`}`);
    if (digits.length <= 9) arms.push(eq(users.id, Number(digits)));
  }
  return or(...arms);
}

export type UserSort = 'createdAt' | 'email' | 'fullName' | 'id';

/**
 * ORDER BY matching an index for every sort, with id as the tie-breaker so pages never overlap.
 * `sortMatches`: the same order through expressions no index serves, for a narrow search — the planner then
 * collects the matches through the prefix indexes and sorts them, instead of walking the sort index and testing
 * every row until a page fills (its row estimates for prefixes are rough; that walk cost 35 ms on PGlite).
 */
export function userOrder(sort: UserSort, order: 'asc' | 'desc', sortMatches = false): SQL[] {
  const dir = order === 'asc' ? asc : desc;
  const id = sortMatches ? sql`${users.id} + 0` : sql`${users.id}`;
  switch (sort) {
    case 'email':
      return [dir(sortMatches ? sql`${users.email} || ''` : users.email)];
    case 'fullName':
      return [dir(sortMatches ? sql`${users.fullName} || ''` : users.fullName), dir(id)];
    case 'id':
      return [dir(id)];
    default:
      return [dir(sortMatches ? sql`${users.createdAt} + interval '0 seconds'` : users.createdAt), dir(id)];
  }
}
