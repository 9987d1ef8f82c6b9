import type { FastifyRequest } from 'fastify';
import { verifyAccessToken, type Role } from '../auth/access-token.ts';
import type { ServerConfig } from '../config.ts';
import { isAdmin } from './auth.ts';
import { HttpError } from './problem.ts';

/**
 * The role a user has now, or undefined when the account is gone, blocked or deleted. Platform code reads no
 * module's table: the account module, which owns `users`, provides it (through the app's UserStateCache, so a
 * request costs no query while the state is fresh).
 */
export type CurrentRole = (userId: number) => Promise<Role | undefined>;

const RANK: Record<Role, number> = { user: 0, admin: 1, superadmin: 2 };

/**
 * Handler for the contract's `bearerAuth` scheme. Scopes on an operation are role requirements:
 * `admin` admits admin and superadmin, `superadmin` only superadmin. 401 = who are you, 403 = not allowed.
 * The token's signature and expiry are not enough: the user must still exist and be neither blocked nor deleted,
 * and the role is never more than the one stored, so blocking, deleting and demotions by this process count on the
 * very next request, those made elsewhere within AUTH_STATE_CACHE_MS.
 */
export function securityHandlers(config: ServerConfig, currentRole: CurrentRole) {
  return {
    async bearerAuth(req: FastifyRequest, _reply: unknown, scopes: string[]) {
      const header = req.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
      const claims = token ? await verifyAccessToken(config, token) : undefined;
      const stored = claims && (await currentRole(claims.userId));
      if (!claims || !stored) throw new HttpError(401, 'tokenInvalid');
      // The lesser of the signed and the stored role: a demotion counts at once, a promotion with the next token.
      const role = RANK[stored] < RANK[claims.role] ? stored : claims.role;
      req.auth = { userId: claims.userId, role };
      if (scopes.includes('superadmin') && role !== 'superadmin') throw new HttpError(403, 'accessDenied');
      if (scopes.includes('admin') && !isAdmin(req.auth)) throw new HttpError(403, 'accessDenied');
    },
  };
}
