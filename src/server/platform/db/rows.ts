import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './open.ts';

/** Raw SQL rows on either driver (node-postgres and PGlite both answer `{ rows }`). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export const pagesOf = (total: number, size: number) => Math.ceil(total / size);

/** A timestamp as the contract's Unix seconds. */
export const unixSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);

export const seconds = (value: Date | string | number | null | undefined): number | null =>
  value == null ? null : Math.floor(new Date(value).getTime() / 1000);

/** The number from a `select({ n: count() })` query. */
export const totalOf = async (query: PromiseLike<{ n: number }[]>): Promise<number> => Number((await query)[0]?.n ?? 0);

/** `count(*) OVER ()`: a page's rows carry the total of its filter, so a list is one round trip (docs/api.md "Speed"). */
export const windowTotal = () => sql<number>`count(*) over ()`.mapWith(Number);

/** The total of a page selected with `windowTotal()`; a page past the end has no row to carry it, only then `count` runs. */
export const pageTotal = async (rows: readonly { total: number }[], page: number, count: () => PromiseLike<{ n: number }[]>): Promise<number> =>
  rows[0]?.total ?? (page > 1 ? totalOf(count()) : 0);
