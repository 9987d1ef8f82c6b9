import { desc, eq } from 'drizzle-orm';
import { checkEmail, checkPassword, normalizeEmail } from '../../../shared/validation/index.ts';
import type { Role } from '../../platform/auth/access-token.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import type { Db } from '../../platform/db/open.ts';
import { outbox } from '../../platform/mail/schema.ts';
import { upsertAccount } from './store.ts';

/** Operator tasks shared by the CLI and the test harness. */
export async function createUser(db: Db, input: { email: string; password: string; role: Role; now: number; phone?: string }) {
  const problem = checkEmail(input.email) ?? checkPassword(input.password);
  if (problem) throw new Error(problem.message);
  const email = normalizeEmail(input.email);
  return upsertAccount(db, { email, passwordHash: await hashPassword(input.password), role: input.role, phone: input.phone ?? null, now: input.now });
}

export async function readOutbox(db: Db, email?: string) {
  const query = db.select().from(outbox).orderBy(desc(outbox.id)).limit(50);
  return email ? query.where(eq(outbox.to, normalizeEmail(email))) : query;
}
