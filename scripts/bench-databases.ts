import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** Runs a benchmark against a throw-away PGlite data directory (the embedded default), removed afterwards. */
export async function withBenchPglite<T>(run: (env: { DATA_DIR: string; DATABASE_URL: string }) => Promise<T>): Promise<T> {
  const DATA_DIR = mkdtempSync(join(tmpdir(), 'cabinet-bench-'));
  try {
    return await run({ DATA_DIR, DATABASE_URL: '' });
  } finally {
    rmSync(DATA_DIR, { recursive: true, force: true });
  }
}

/**
 * Runs a benchmark against a throw-away database on the server of DATABASE_URL, with its own data dir;
 * both are removed afterwards, even when the run fails.
 */
export async function withBenchPostgres<T>(run: (env: { DATA_DIR: string; DATABASE_URL: string }) => Promise<T>): Promise<T> {
  const name = `cabinet_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  const pgDir = mkdtempSync(join(tmpdir(), 'cabinet-bench-'));
  try {
    return await run({ DATA_DIR: pgDir, DATABASE_URL: url.toString() });
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    rmSync(pgDir, { recursive: true, force: true });
  }
}
