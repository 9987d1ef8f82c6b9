import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';
import { acquireDataDirLock } from './lock.ts';
import { startPgliteMaintenance } from './maintenance.ts';
import { copyPgliteTemplate } from './template.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** PGlite only: vacuum and analyse the tables that grew now (it also runs on its own timer); the tables done. */
  maintain?: () => Promise<string[]>;
  /** PGlite opened in this thread: its client (the database thread serves it to the server's thread, thread-main.ts). */
  pglite?: PGlite;
  close(): Promise<void>;
}

const migrationsFolder = resolve(import.meta.dirname, 'migrations');

/**
 * PGlite's settings (docs/architecture.md "Running it"): its defaults plus a smaller shared buffer pool. PGlite keeps
 * every page it ever touched in its WebAssembly memory, which never shrinks, so the 128 MB default pool alone held
 * 100+ MB of an idle server; the operating system's page cache still holds the data files.
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB', '-c', 'wal_buffers=1MB'];

/** Opens PostgreSQL when a URL is given, else PGlite in `<dataDir>/pglite`, and applies pending migrations. */
export async function openDatabase(opts: {
  dataDir: string;
  databaseUrl?: string;
  pgliteMaintenanceMs?: number;
  /** false: the schema is known to be current (a delivery worker opening its own pool after the server migrated). */
  migrate?: boolean;
  poolSize?: number;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    // An idle client can be terminated by the server (restart, failover, DROP DATABASE ... FORCE); without a
    // listener that error would crash the process. The pool replaces the client on the next query.
    pool.on('error', (error) => console.warn(`PostgreSQL idle client error: ${error.message}`));
    const db = drizzle(pool, { schema });
    try {
      if (opts.migrate !== false) await migrate(db, { migrationsFolder });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db: db as unknown as Db, engine: 'postgres', close: () => pool.end() };
  }

  const release = acquireDataDirLock(opts.dataDir);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const startParams = [...PGlite.defaultStartParams, ...PGLITE_SETTINGS];
    const dir = join(opts.dataDir, 'pglite');
    const create = (path: string) => PGlite.create(path, { startParams });
    // A new directory starts as a copy of the migrated, analysed template instead of running initdb (template.ts).
    const copied = !existsSync(join(dir, 'PG_VERSION')) && (await copyPgliteTemplate(dir, startParams, create, (c) => migrate(drizzle(c), { migrationsFolder }).then(() => undefined)));
    const client = await create(dir);
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder });
    // PGlite has no autovacuum: without statistics the planner ignores the search indexes (the template has them).
    if (!copied) await client.exec('ANALYZE');
    const maintenance = startPgliteMaintenance(client, opts.pgliteMaintenanceMs ?? 0);
    return {
      db: db as unknown as Db,
      engine: 'pglite',
      maintain: maintenance.run,
      pglite: client,
      close: async () => {
        try {
          await maintenance.stop();
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
