import type { SQL } from 'drizzle-orm';
import type { Db } from './open.ts';

/** Raw SQL rows on either driver (node-postgres and PGlite both answer `{ rows }`). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export const pagesOf = (total: number, size: number) => Math.ceil(total / size);

export const seconds = (value: Date | string | number | null | undefined): number | null =>
  value == null ? null : Math.floor(new Date(value).getTime() / 1000);

/** The number from a `select({ n: count() })` query. */
export const totalOf = async (query: PromiseLike<{ n: number }[]>): Promise<number> => Number((await query)[0]?.n ?? 0);
