import { asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { users } from '../db/schema.ts';

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

/** ORDER BY matching an index for every sort, with id as the tie-breaker so pages never overlap. */
export function userOrder(sort: UserSort, order: 'asc' | 'desc'): SQL[] {
  const dir = order === 'asc' ? asc : desc;
  switch (sort) {
    case 'email':
      return [dir(users.email)];
    case 'fullName':
      return [dir(users.fullName), dir(users.id)];
    case 'id':
      return [dir(users.id)];
    default:
      return [dir(users.createdAt), dir(users.id)];
  }
}
