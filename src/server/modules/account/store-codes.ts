import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/open.ts';
import { oneTimeCodes, users } from './schema.ts';
import { newSecret, sha256 } from '../../platform/auth/secrets.ts';

type Purpose = (typeof oneTimeCodes.$inferInsert)['purpose'];

/** Issues a single-use code; earlier unused codes of the same purpose stop working. */
export async function issueCode(db: Db, userId: number, purpose: Purpose, now: number, ttlSeconds: number): Promise<string> {
  const code = newSecret();
  await db.transaction(async (tx) => {
    await tx
      .update(oneTimeCodes)
      .set({ usedAt: new Date(now) })
      .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.usedAt)));
    await tx.insert(oneTimeCodes).values({
      userId,
      purpose,
      codeHash: sha256(code),
      expiresAt: new Date(now + ttlSeconds * 1000),
      createdAt: new Date(now),
    });
  });
  return code;
}

/** Spends a code if it is valid, unused and unexpired; returns whether it was. Runs inside the caller's tx. */
export async function spendCode(db: Db, userId: number, purpose: Purpose, code: string, now: number): Promise<boolean> {
  const rows = await db
    .update(oneTimeCodes)
    .set({ usedAt: new Date(now) })
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.purpose, purpose),
        eq(oneTimeCodes.codeHash, sha256(code)),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, new Date(now)),
      ),
    )
    .returning({ id: oneTimeCodes.id });
  return rows.length === 1;
}

/** Spends a reset code and sets the new password in one transaction; false (nothing changed) for a bad code. */
export async function resetPasswordWithCode(db: Db, userId: number, code: string, passwordHash: string, now: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await spendCode(tx as unknown as Db, userId, 'reset-password', code, now))) return false;
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    return true;
  });
}

/** Spends a confirmation code and marks the email confirmed in one transaction; false for a bad code. */
export async function confirmEmailWithCode(db: Db, userId: number, code: string, now: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await spendCode(tx as unknown as Db, userId, 'confirm-email', code, now))) return false;
    await tx.update(users).set({ emailConfirmed: true }).where(eq(users.id, userId));
    return true;
  });
}
