import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite runs PostgreSQL in single-user mode: there is no autovacuum. Without it, tables that grew keep the
 * statistics (and the cached plans, e.g. the foreign-key checks planned while a table was empty and so scanned
 * sequentially) of their small days, and updated rows (the outbox changes status several times per message) are
 * never reclaimed. This does autovacuum's job in-process: every `intervalMs`, each table of the schema that was never
 * analysed or whose size moved by a fifth (at least 8 pages) since its last analysis gets `VACUUM (ANALYZE)`, which
 * also invalidates the stale plans.
 */
export function startPgliteMaintenance(client: PGlite, intervalMs: number): { stop(): Promise<void>; run(): Promise<string[]> } {
  let running: Promise<string[]> | undefined;
  const run = () =>
    (running ??= (async () => {
      const { rows } = await client.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = 'public' AND c.relkind = 'r'
           AND (c.reltuples < 0 OR abs(pg_relation_size(c.oid) / 8192 - c.relpages) >= greatest(8, c.relpages / 5))`,
      );
      for (const { name } of rows) await client.exec(`VACUUM (ANALYZE) "${name.replaceAll('"', '""')}"`);
      return rows.map((r) => r.name);
    })().finally(() => (running = undefined)));
  const timer = intervalMs > 0 ? setInterval(() => void run().catch((error) => console.warn(`PGlite maintenance failed: ${(error as Error).message}`)), intervalMs) : undefined;
  timer?.unref();
  return {
    run,
    async stop() {
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
