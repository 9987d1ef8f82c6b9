import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { hashPassword } from '../../platform/auth/passwords.ts';
import type { Db } from '../../platform/db/open.ts';
import { linkedAccounts, users } from './schema.ts';
import { managers, payDestinations } from '../admin/schema.ts';

export const DEMO_EMAIL = 'demo@cabinet.local';
export const DEMO_PASSWORD = 'demo123';

/** Reference data and the demo account, created once on a fresh database (idempotent on every start). */
export async function seed(db: Db, opts: { now: number; demo: boolean; admin?: { email: string; password: string } }): Promise<void> {
  if (opts.admin) await ensureAdmin(db, opts.admin, opts.now);
  const [{ n: managerCount }] = (await db.select({ n: count() }).from(managers)) as [{ n: number }];
  if (managerCount === 0) {
    await db.insert(managers).values([
      { name: 'Anna Petrova', isFired: false },
      { name: 'Ivan Smirnov', isFired: false },
      { name: 'Olga Former', isFired: true },
    ]);
  }
  const [{ n: destinationCount }] = (await db.select({ n: count() }).from(payDestinations)) as [{ n: number }];
  if (destinationCount === 0) {
    await db.insert(payDestinations).values([{ name: 'Bank transfer [FM]' }, { name: 'Card [FM]' }, { name: 'Legacy cash desk' }]);
  }
  if (!opts.demo) return;
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAIL));
  if (existing) return;
  const [demo] = await db
    .insert(users)
    .values({
      guid: randomUUID(),
      email: DEMO_EMAIL,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      phone: '+79990000000',
      fullName: 'Demo Owner',
      countryId: 1,
      emailConfirmed: true,
      crms: ['Yclients'],
      availableNotificationsCount: 800,
      createdAt: new Date(opts.now),
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!demo) return;
  const at = new Date(opts.now);
  await db.insert(linkedAccounts).values([
    { userId: demo.id, kind: 'chatApi', name: '+79990000000', createdAt: at },
    {
      userId: demo.id,
      kind: 'yclientsCompany',
      name: 'Demo Beauty Salon',
      data: { accountId: 1, internalCompanyId: 100, webhooksCount: 2, activeMastersCount: 4, timezone: 3, city: 'Moscow', status: 'Connected' },
      createdAt: at,
    },
  ]);
}

/** Creates the bootstrap super-admin, or resets its password and role when it exists. */
async function ensureAdmin(db: Db, admin: { email: string; password: string }, now: number): Promise<void> {
  const passwordHash = await hashPassword(admin.password);
  await db
    .insert(users)
    .values({ guid: randomUUID(), email: admin.email, passwordHash, phone: null, role: 'superadmin', emailConfirmed: true, createdAt: new Date(now) })
    .onConflictDoUpdate({ target: users.email, set: { passwordHash, role: 'superadmin' } });
}
