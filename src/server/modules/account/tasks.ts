import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { checkEmail, checkPassword, normalizeEmail } from '../../../shared/validation/index.ts';
import type { Role } from '../../platform/auth/access-token.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import type { Db } from '../../platform/db/open.ts';
import { outbox } from '../../platform/mail/schema.ts';
import { users } from './schema.ts';

/** Operator tasks shared by the CLI and the test harness. */
export async function createUser(db: Db, input: { email: string; password: string; role: Role; now: number; phone?: string }) {
  const problem = checkEmail(input.email) ?? checkPassword(input.password);
  if (problem) throw new Error(problem.message);
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const [row] = await db
    .insert(users)
    .values({ guid: randomUUID(), email, passwordHash, role: input.role, phone: input.phone ?? null, emailConfirmed: true, createdAt: new Date(input.now) })
    .onConflictDoUpdate({ target: users.email, set: { passwordHash, role: input.role } })
    .returning({ id: users.id, email: users.email, role: users.role });
  return row!;
}

export async function readOutbox(db: Db, email?: string) {
  const query = db.select().from(outbox).orderBy(desc(outbox.id)).limit(50);
  return email ? query.where(eq(outbox.to, normalizeEmail(email))) : query;
}
