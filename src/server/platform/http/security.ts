import type { FastifyRequest } from 'fastify';
import { verifyAccessToken } from '../auth/access-token.ts';
import type { ServerConfig } from '../config.ts';
import { isAdmin } from './auth.ts';
import { HttpError } from './problem.ts';

/**
 * Handler for the contract's `bearerAuth` scheme. Scopes on an operation are role requirements:
 * `admin` admits admin and superadmin, `superadmin` only superadmin. 401 = who are you, 403 = not allowed.
 */
export function securityHandlers(config: ServerConfig) {
  return {
    async bearerAuth(req: FastifyRequest, _reply: unknown, scopes: string[]) {
      const header = req.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
      const claims = token ? await verifyAccessToken(config, token) : undefined;
      if (!claims) throw new HttpError(401, 'tokenInvalid');
      req.auth = claims;
      if (scopes.includes('superadmin') && claims.role !== 'superadmin') throw new HttpError(403, 'accessDenied');
      if (scopes.includes('admin') && !isAdmin(claims)) throw new HttpError(403, 'accessDenied');
    },
  };
}
