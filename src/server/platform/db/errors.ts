/**
 * PostgreSQL's SQLSTATE of a failed statement (node-postgres and PGlite set `code`; Drizzle may wrap the driver's
 * error as `cause`).
 */
export function sqlStateOf(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | undefined;
  const code = typeof e?.code === 'string' ? e.code : typeof e?.cause?.code === 'string' ? e.cause.code : undefined;
  return code && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

export const isUniqueViolation = (error: unknown): boolean => sqlStateOf(error) === '23505';

/**
 * The HTTP answer for a statement the data made fail: a value the column cannot hold (class 22: out of range, bad
 * text or date) is the request's fault (400); a unique or foreign-key clash is a conflict with stored data (409).
 * Anything else (a missing table, a lost connection) is the server's own failure and stays a 500.
 */
export function statusOfDataError(error: unknown): 400 | 409 | undefined {
  const state = sqlStateOf(error);
  if (!state) return undefined;
  if (state.startsWith('22')) return 400;
  if (state === '23505' || state === '23503') return 409;
  return undefined;
}
