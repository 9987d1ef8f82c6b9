import { SignJWT, jwtVerify, errors } from 'jose';
import type { ServerConfig } from '../config.ts';

export type Role = 'user' | 'admin' | 'superadmin';

export interface AccessClaims {
  userId: number;
  role: Role;
}

const ISSUER = 'cabinet';
/** User ids are PostgreSQL integers; a `sub` past them would only reach SQL to fail there. */
const MAX_USER_ID = 2_147_483_647;

const key = (config: ServerConfig) => new TextEncoder().encode(config.jwtSecret);

/** Short-lived HS256 JWT: sub = user id, role = user | admin | superadmin (the client reads the role claim). */
export function signAccessToken(config: ServerConfig, claims: AccessClaims): Promise<string> {
  const now = Math.floor(config.now() / 1000);
  return new SignJWT({ role: claims.role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setIssuedAt(now)
    .setExpirationTime(now + config.accessTokenTtlSeconds)
    .sign(key(config));
}

export async function verifyAccessToken(config: ServerConfig, token: string): Promise<AccessClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, key(config), {
      issuer: ISSUER,
      algorithms: ['HS256'],
      currentDate: new Date(config.now()),
      // A token the server signed without an expiry (or for no one) would be good forever: refuse it.
      requiredClaims: ['exp', 'sub'],
    });
    const userId = Number(payload.sub);
    const role = payload.role;
    if (!Number.isInteger(userId) || userId < 1 || userId > MAX_USER_ID) return undefined;
    if (role !== 'user' && role !== 'admin' && role !== 'superadmin') return undefined;
    return { userId, role };
  } catch (error) {
    if (error instanceof errors.JOSEError) return undefined;
    throw error;
  }
}
