import type { Db } from './open.ts';

const byDb = new WeakMap<Db, Map<string, unknown>>();

/**
 * A statement prepared once per database handle under `name`: drizzle builds its SQL once (building it cost ~15 % of
 * CPU on the hot reads) and node-postgres sends it as a named statement, which PostgreSQL parses and plans once per
 * connection. For hot statements whose text does not vary; values go in as `sql.placeholder(...)`.
 * `name` must be unique across the server and the statement must not depend on anything but `db`.
 */
export function prepared<T>(db: Db, name: string, build: (db: Db) => T): T {
  let statements = byDb.get(db);
  if (!statements) byDb.set(db, (statements = new Map()));
  let statement = statements.get(name) as T | undefined;
  if (!statement) statements.set(name, (statement = build(db)));
  return statement;
}
