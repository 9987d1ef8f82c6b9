import { checkEmail, checkPassword, normalizeEmail } from '../../../shared/validation/index.ts';
import type { Role } from '../../platform/auth/access-token.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import type { Db } from '../../platform/db/open.ts';
import { latestMail } from '../admin/queries-reports.ts';
import { upsertAccount } from './store.ts';

/** Operator tasks shared by the CLI and the test harness. */
export async function createUser(db: Db, input: { email: string; password: string; role: Role; now: number; phone?: string }) {
  const problem = checkEmail(input.email) ?? checkPassword(input.password);
  if (problem) throw new Error(problem.message);
  const email = normalizeEmail(input.email);
  return upsertAccount(db, { email, passwordHash: await hashPassword(input.password), role: input.role, phone: input.phone ?? null, now: input.now });
}

/** Mail held in the outbox (no SMTP_URL), newest first: `npm run admin -- outbox` and the test harness read it. */
export const readOutbox = (db: Db, email?: string) => latestMail(db, email ? normalizeEmail(email) : undefined);
