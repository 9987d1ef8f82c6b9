import { hashPassword } from '../../platform/auth/passwords.ts';
import type { Db } from '../../platform/db/open.ts';
import { ensureReferenceData } from '../admin/store.ts';
import { addConnection } from '../connections/store.ts';
import { addLinkedAccounts } from './store-linked.ts';
import { insertUserIfAbsent, upsertAccount, userByEmail } from './store.ts';
import { regenerateDemo } from '../demo/regenerate.ts';

export const DEMO_EMAIL = 'demo@cabinet.local';
export const DEMO_PASSWORD = 'demo123';

/** Reference data and the demo account: created once, its salon rebuilt on every start (idempotent). */
export async function seed(db: Db, opts: { now: number; demo: boolean; admin?: { email: string; password: string } }): Promise<void> {
  if (opts.admin) await ensureAdmin(db, opts.admin, opts.now);
  await ensureReferenceData(db);
  if (!opts.demo) return;
  const demo = (await userByEmail(db, DEMO_EMAIL)) ?? (await createDemo(db, opts.now));
  if (!demo) return;
  // Regenerated at every start, relative to today, so the demo always has a recent month to show (docs/home.md).
  await regenerateDemo(db, demo, opts.now);
}

/** The demo owner and its connections (WhatsApp and a booking-system company), created once. */
async function createDemo(db: Db, now: number) {
  const demo = await insertUserIfAbsent(db, {
    email: DEMO_EMAIL,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    phone: '+79990000000',
    fullName: 'Demo Owner',
    countryId: 1,
    emailConfirmed: true,
    crms: ['Yclients'],
    availableNotificationsCount: 800,
    createdAt: new Date(now),
  });
  if (!demo) return userByEmail(db, DEMO_EMAIL); // a twin start created it meanwhile
  const at = new Date(now);
  // The demo's WhatsApp number: never reported by a gateway (there is none behind it).
  await addConnection(db, { userId: demo.id, kind: 'whatsapp', name: '+79990000000', state: null, at });
  await addLinkedAccounts(db, [
    {
      userId: demo.id,
      kind: 'yclientsCompany',
      name: 'Demo Beauty Salon',
      data: { accountId: 1, internalCompanyId: 100, webhooksCount: 2, activeMastersCount: 4, timezone: 3, city: 'Moscow', status: 'Connected' },
      createdAt: at,
    },
  ]);
  return demo;
}

/** Creates the bootstrap super-admin, or resets its password and role when it exists. */
async function ensureAdmin(db: Db, admin: { email: string; password: string }, now: number): Promise<void> {
  await upsertAccount(db, { email: admin.email, passwordHash: await hashPassword(admin.password), role: 'superadmin', phone: null, now });
}
