import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import type { ServerConfig } from '../config.ts';

export type Role = 'user' | 'admin' | 'superadmin';

export interface AccessClaims {
  userId: number;
  role: Role;
}

const ISSUER = 'cabinet';
/** User ids are PostgreSQL integers; a `sub` past them would only reach SQL to fail there. */
const MAX_USER_ID = 2_147_483_647;

type Sign = (payload: Record<string, unknown>) => string;
type Verify = (token: string) => Record<string, unknown>;

/**
 * fast-jwt signs and verifies synchronously with node:crypto (WebCrypto's promise per request cost ~10 % of CPU on
 * the list endpoints). Built once per configuration; expiry is checked here against the configured clock, which an
 * operator (or a test) may inject, instead of the library's wall clock.
 */
const keyed = new WeakMap<ServerConfig, { sign: Sign; verify: Verify }>();
function jwt(config: ServerConfig) {
  let pair = keyed.get(config);
  if (!pair) {
    const key = config.jwtSecret;
    pair = {
      sign: createSigner({ key, algorithm: 'HS256', iss: ISSUER, noTimestamp: true }) as Sign,
      verify: createVerifier({ key, algorithms: ['HS256'], allowedIss: ISSUER, ignoreExpiration: true, ignoreNotBefore: true, requiredClaims: ['exp', 'sub'] }) as Verify,
    };
    keyed.set(config, pair);
  }
  return pair;
}

/** Short-lived HS256 JWT: sub = user id, role = user | admin | superadmin (the client reads the role claim). */
export async function signAccessToken(config: ServerConfig, claims: AccessClaims): Promise<string> {
  const now = Math.floor(config.now() / 1000);
  return jwt(config).sign({ role: claims.role, sub: String(claims.userId), iat: now, exp: now + config.accessTokenTtlSeconds });
}

export async function verifyAccessToken(config: ServerConfig, token: string): Promise<AccessClaims | undefined> {
  let payload: Record<string, unknown>;
  try {
    payload = jwt(config).verify(token);
  } catch (error) {
    if (error instanceof TokenError) return undefined;
    throw error;
  }
  // A token the server signed without an expiry would be good forever: `exp` is required and must be a number.
  if (typeof payload.exp !== 'number' || payload.exp <= Math.floor(config.now() / 1000)) return undefined;
  const userId = Number(payload.sub);
  const role = payload.role;
  if (!Number.isInteger(userId) || userId < 1 || userId > MAX_USER_ID) return undefined;
  if (role !== 'user' && role !== 'admin' && role !== 'superadmin') return undefined;
  return { userId, role };
}
