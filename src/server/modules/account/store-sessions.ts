import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { RefreshTokenStore } from '../../platform/auth/refresh-tokens.ts';
import type { Db } from '../../platform/db/open.ts';
import { refreshTokens } from './schema.ts';
import { activeRole } from './store.ts';

// The account module's side of sign-in sessions: the refresh_tokens table behind platform/auth's rotation rules.

/** The refresh-token store platform/auth works on (it declares the interface; account owns the tables). */
export function refreshTokenStore(db: Db): RefreshTokenStore {
  return {
    async insert(token) {
      await db.insert(refreshTokens).values(token);
    },
    async findByHash(tokenHash) {
      const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
      return row;
    },
    async spend(id, at) {
      const spent = await db
        .update(refreshTokens)
        .set({ spentAt: at })
        .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.spentAt), isNull(refreshTokens.revokedAt)))
        .returning({ id: refreshTokens.id });
      return spent.length > 0;
    },
    async revokeFamily(familyId, at) {
      await db
        .update(refreshTokens)
        .set({ revokedAt: at })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    },
    async revokeUser(userId, at) {
      await db
        .update(refreshTokens)
        .set({ revokedAt: at })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    },
    roleOf: (userId) => activeRole(db, userId),
  };
}

/** The user's last sign-in or session renewal and the number of sessions (token families) still alive at `now`. */
export async function sessionActivity(db: Db, userId: number, now: Date): Promise<{ last: string | null; active: number } | undefined> {
  const [row] = await db
    .select({
      last: sql<string | null>`max(${refreshTokens.createdAt})`,
      active: sql<number>`count(distinct ${refreshTokens.familyId}) filter (where ${and(isNull(refreshTokens.spentAt), isNull(refreshTokens.revokedAt), gt(refreshTokens.idleExpiresAt, now), gt(refreshTokens.familyExpiresAt, now))})::int`,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.userId, userId));
  return row;
}
