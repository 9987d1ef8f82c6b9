import { randomUUID } from 'node:crypto';
import type { ServerConfig } from '../config.ts';
import { signAccessToken, type Role } from './access-token.ts';
import { newSecret, sha256 } from './secrets.ts';

export interface TokenPair {
  token: string;
  refreshToken: string;
}

/** A stored refresh token as the rotation rules read it (hashes only: the token itself is never stored). */
export interface StoredRefreshToken {
  id: number;
  userId: number;
  familyId: string;
  familyExpiresAt: Date;
  idleExpiresAt: Date;
  spentAt: Date | null;
  revokedAt: Date | null;
}

/**
 * Where refresh tokens are kept and who their users are. Platform code never queries a module's tables: the
 * account module, which owns `users` and `refresh_tokens`, implements this (modules/account/store-sessions.ts).
 */
export interface RefreshTokenStore {
  insert(token: Omit<StoredRefreshToken, 'id' | 'spentAt' | 'revokedAt'> & { tokenHash: string; createdAt: Date }): Promise<void>;
  findByHash(tokenHash: string): Promise<StoredRefreshToken | undefined>;
  /** Marks the token spent unless it is spent or revoked already; false when another rotation won the race. */
  spend(id: number, at: Date): Promise<boolean>;
  revokeFamily(familyId: string, at: Date): Promise<void>;
  revokeUser(userId: number, at: Date): Promise<void>;
  /** The role the token's user has now; undefined when the account is gone. */
  roleOf(userId: number): Promise<Role | undefined>;
}

async function insertRefreshToken(store: RefreshTokenStore, config: ServerConfig, userId: number, familyId: string, familyExpiresAt: Date) {
  const now = config.now();
  const refreshToken = newSecret();
  // The idle deadline never outlives the family's absolute deadline.
  const idle = Math.min(now + config.refreshTokenIdleSeconds * 1000, familyExpiresAt.getTime());
  await store.insert({
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
export async function issueTokens(store: RefreshTokenStore, config: ServerConfig, user: { id: number; role: Role }): Promise<TokenPair> {
  const familyExpiresAt = new Date(config.now() + config.refreshTokenTtlSeconds * 1000);
  const refreshToken = await insertRefreshToken(store, config, user.id, randomUUID(), familyExpiresAt);
  return { token: await signAccessToken(config, { userId: user.id, role: user.role }), refreshToken };
}

export type RotateResult = { ok: true; tokens: TokenPair } | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

/**
 * Spends a refresh token and issues its successor in the same family. Presenting a spent token again means
 * it leaked (or two tabs raced): the whole family is revoked, so the thief's copy dies with the user's.
 */
export async function rotateRefreshToken(store: RefreshTokenStore, config: ServerConfig, presented: string): Promise<RotateResult> {
  const now = new Date(config.now());
  const row = await store.findByHash(sha256(presented));
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revokedAt) return { ok: false, reason: 'revoked' };
  if (row.spentAt) {
    await store.revokeFamily(row.familyId, now);
    return { ok: false, reason: 'reused' };
  }
  if (row.idleExpiresAt <= now || row.familyExpiresAt <= now) return { ok: false, reason: 'expired' };

  // Conditional update: of two concurrent rotations only one wins; the loser counts as reuse.
  if (!(await store.spend(row.id, now))) {
    await store.revokeFamily(row.familyId, now);
    return { ok: false, reason: 'reused' };
  }
  const role = await store.roleOf(row.userId);
  if (!role) return { ok: false, reason: 'unknown' };
  const refreshToken = await insertRefreshToken(store, config, row.userId, row.familyId, row.familyExpiresAt);
  return { ok: true, tokens: { token: await signAccessToken(config, { userId: row.userId, role }), refreshToken } };
}

/** Logout: revoke the family of the presented token (unknown tokens are ignored: logout must not fail). */
export async function revokeRefreshToken(store: RefreshTokenStore, config: ServerConfig, presented: string): Promise<void> {
  const row = await store.findByHash(sha256(presented));
  if (row) await store.revokeFamily(row.familyId, new Date(config.now()));
}

/** After a password reset every session of the user ends. */
export async function revokeAllForUser(store: RefreshTokenStore, config: ServerConfig, userId: number): Promise<void> {
  await store.revokeUser(userId, new Date(config.now()));
}
