// The engine in its own thread (PostgreSQL, DELIVERY_WORKERS): it sends by itself while this thread stays idle, and
// closing the server stops its workers before the pool closes. A server with its own wall clock: a test clock is a
// function and cannot cross to the worker thread (such a server runs the loop in-process).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createApi } from '../../../src/server/index.ts';
import { users } from '../../../src/server/modules/account/schema.ts';
import { payments } from '../../../src/server/modules/admin/schema.ts';
import { flows } from '../../../src/server/modules/flows/schema.ts';
import { createRecord } from '../../../src/server/modules/booking/store.ts';
import { sandboxMessages } from '../../../src/server/delivery/schema.ts';
import { defaultFields } from '../../../src/shared/flows/types.ts';

const adminUrl = process.env.DATABASE_URL;

describe.skipIf(!adminUrl)('delivery workers (PostgreSQL)', () => {
  it('a worker sends a booking notice with the main thread idle, and closing the server stops the workers', async () => {
    const name = `cabinet_test_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    const dataDir = mkdtempSync(join(tmpdir(), 'cabinet-workers-'));
    try {
      const api = await createApi({
        env: { DATA_DIR: dataDir, DATABASE_URL: url.toString(), LOG_LEVEL: 'silent', SEED_DEMO: 'false', DELIVERY_INTERVAL_MS: '50', DELIVERY_WORKERS: '2' },
      });
      expect(api.deliveryWorkers?.running()).toBe(2);
      const now = Date.now();
      const [user] = await api.db.insert(users).values({ guid: randomUUID(), email: 'workers@example.com', phone: '+79991112233', createdAt: new Date(now) }).returning();
      await api.db.insert(payments).values({ publicId: randomUUID(), userId: user!.id, tariff: 2, dateBegin: Math.floor(now / 1000) - 86400, dateEnd: Math.floor(now / 1000) + 86400, createdAt: new Date(now) });
      await api.db.insert(flows).values({
        userId: user!.id,
        title: 'notice',
        content: 'Hello {clientName}',
        type: 'newRecord',
        mode: 'combat',
        status: 'Working',
        settings: { ...defaultFields('newRecord'), sendingHours: { from: 0, to: 24 } },
        createdAt: new Date(now),
        editedAt: new Date(now),
      });
      const ctx = { now, channel: 'sandbox' as const, timeZone: 'Europe/Moscow' };
      for (let i = 0; i < 5; i++) {
        await api.db.transaction((tx) => createRecord(tx, user!.id, { phone: `+7916123456${i}`, name: 'Anna', startAt: now + 3 * 86_400_000 }, ctx));
      }
      // Nobody here calls tick(): only the workers can send.
      const sent = async () => (await api.db.select({ n: count() }).from(sandboxMessages))[0]!.n;
      const deadline = Date.now() + 15_000;
      while ((await sent()) < 5 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(await sent()).toBe(5);

      const t = performance.now();
      await api.close();
      expect(api.deliveryWorkers!.running()).toBe(0);
      expect(performance.now() - t).toBeLessThan(10_000); // stopped on request, not terminated after the grace time
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
