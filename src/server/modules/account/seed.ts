import type { Db } from '../../platform/db/open.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { ensureReferenceData } from '../admin/store.ts';
import { upsertAccount } from './store.ts';
import { DEMO_ACCOUNTS, demoAccount } from '../demo/accounts.ts';

export { DEMO_PASSWORD } from '../demo/accounts.ts';
/** The original (Russian) demo owner; each language has its own (modules/demo/accounts.ts). */
export const DEMO_EMAIL = DEMO_ACCOUNTS.ru.email;

/** Reference data and the demo account: created once, its salon rebuilt on every start (idempotent). */
export async function seed(db: Db, opts: { now: number; demo: boolean; admin?: { email: string; password: string } }): Promise<void> {
  if (opts.admin) await ensureAdmin(db, opts.admin, opts.now);
  await ensureReferenceData(db);
  if (!opts.demo) return;
  // Regenerated at every start, relative to today, so the demo always has a recent month to show (docs/home.md); the
  // other languages' demos on their first /demo.
  await demoAccount(db, 'ru', opts.now);
}

/** Creates the bootstrap super-admin, or resets its password and role when it exists. */
async function ensureAdmin(db: Db, admin: { email: string; password: string }, now: number): Promise<void> {
  await upsertAccount(db, { email: admin.email, passwordHash: await hashPassword(admin.password), role: 'superadmin', phone: null, now });
}
