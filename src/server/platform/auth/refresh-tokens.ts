import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/open.ts';
import { refreshTokens, users } from '../db/schema.ts';
import { signAccessToken, type Role } from './access-token.ts';
import { newSecret, sha256 } from './secrets.ts';

export interface TokenPair {
  token: string;
  refreshToken: string;
}

async function insertRefreshToken(db: Db, config: ServerConfig, userId: number, familyId: string, familyExpiresAt: Date) {
  const now = config.now();
  const refreshToken = newSecret();
  // The idle deadline never outlives the family's absolute deadline.
  const idle = Math.min(now + config.refreshTokenIdleSeconds * 1000, familyExpiresAt.getTime());
  await db.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: sha256(refreshToken),
    familyExpiresAt,
    idleExpiresAt: new Date(idle),
    createdAt: new Date(now),
  });
  return refreshToken;
}

/** A fresh login: new token family. */
export async function issueTokens(db: Db, config: ServerConfig, user: { id: number; role: Role }): Promise<TokenPair> {
  const familyExpiresAt = new Date(config.now() + config.refreshTokenTtlSeconds * 1000);
  const refreshToken = await insertRefreshToken(db, config, user.id, randomUUID(), familyExpiresAt);
  return { token: await signAccessToken(config, { userId: user.id, role: user.role }), refreshToken };
}

export type RotateResult = { ok: true; tokens: TokenPair } | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

/**
 * Spends a refresh token and issues its successor in the same family. Presenting a spent token again means
 * it leaked (or two tabs raced): the whole family is revoked, so the thief's copy dies with the user's.
 */
export async function rotateRefreshToken(db: Db, config: ServerConfig, presented: string): Promise<RotateResult> {
  const now = new Date(config.now());
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, sha256(presented)));
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revokedAt) return { ok: false, reason: 'revoked' };
  if (row.spentAt) {
    await revokeFamily(db, row.familyId, now);
    return { ok: false, reason: 'reused' };
  }
  if (row.idleExpiresAt <= now || row.familyExpiresAt <= now) return { ok: false, reason: 'expired' };

  // Conditional update: of two concurrent rotations only one wins; the loser counts as reuse.
  const spent = await db
    .update(refreshTokens)
    .set({ spentAt: now })
    .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.spentAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  if (spent.length === 0) {
    await revokeFamily(db, row.familyId, now);
    return { ok: false, reason: 'reused' };
  }
  const [user] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, row.userId));
  if (!user) return { ok: false, reason: 'unknown' };
  const refreshToken = await insertRefreshToken(db, config, user.id, row.familyId, row.familyExpiresAt);
  return { ok: true, tokens: { token: await signAccessToken(config, { userId: user.id, role: user.role }), refreshToken } };
}

export async function revokeFamily(db: Db, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Logout: revoke the family of the presented token (unknown tokens are ignored: logout must not fail). */
export async function revokeRefreshToken(db: Db, config: ServerConfig, presented: string): Promise<void> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(presented)));
  if (row) await revokeFamily(db, row.familyId, new Date(config.now()));
}

/** After a password reset every session of the user ends. */
export async function revokeAllForUser(db: Db, config: ServerConfig, userId: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date(config.now()) })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}
