// Migration 0011 moves WhatsApp instances (linked_accounts kind chatApi) to connections, keeping ids and states,
// and new connections number after them. Runs the real migrations on an in-memory PGlite: up to 0010, old rows,
// then the rest.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';

const MIGRATIONS = resolve(import.meta.dirname, '../../../src/server/platform/db/migrations');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A copy of the migrations folder whose journal stops before `tag`. */
function folderBefore(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'cabinet-migrations-'));
  dirs.push(dir);
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journal = JSON.parse(readFileSync(join(dir, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === tag));
  writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  return dir;
}

describe('migration 0011_connections', () => {
  it('moves chatApi rows with their ids and known states; other kinds stay; the sequence continues after them', { timeout: 120_000 }, async () => {
    const client = new PGlite();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: folderBefore('0011_connections') });
    await client.exec(`
      INSERT INTO users (id, guid, email, created_at) VALUES (1, gen_random_uuid(), 'a@example.com', now());
      INSERT INTO linked_accounts (id, user_id, kind, name, data, created_at) VALUES
        (3, 1, 'chatApi', '+79160000001', '{"state":"Connected"}', '2026-01-01T00:00:00Z'),
        (4, 1, 'yclientsCompany', 'Salon', '{}', now()),
        (7, 1, 'chatApi', '+79160000002', '{"state":"sleepy"}', '2026-01-02T00:00:00Z');`);
    await migrate(db, { migrationsFolder: MIGRATIONS });
    const moved = await client.query(`SELECT id, user_id, kind, name, state, session, created_at FROM connections ORDER BY id`);
    expect(moved.rows).toEqual([
      { id: 3, user_id: 1, kind: 'whatsapp', name: '+79160000001', state: 'Connected', session: null, created_at: new Date('2026-01-01T00:00:00Z') },
      { id: 7, user_id: 1, kind: 'whatsapp', name: '+79160000002', state: null, session: null, created_at: new Date('2026-01-02T00:00:00Z') },
    ]);
    expect((await client.query(`SELECT id, kind FROM linked_accounts`)).rows).toEqual([{ id: 4, kind: 'yclientsCompany' }]);
    const next = await client.query<{ id: number }>(`INSERT INTO connections (user_id, kind, name, state_changed_at, created_at) VALUES (1, 'whatsapp', 'n', now(), now()) RETURNING id`);
    expect(next.rows[0]!.id).toBe(8);
    await client.close();
  });
});
