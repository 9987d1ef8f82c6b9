import type { FastifyRequest } from 'fastify';
import type { AccessClaims } from '../auth/access-token.ts';
import { HttpError } from './problem.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the bearerAuth security handler on protected routes. */
    auth: AccessClaims | null;
  }
}

export function requireAuth(req: FastifyRequest): AccessClaims {
  if (!req.auth) throw new HttpError(401, 'tokenInvalid');
  return req.auth;
}

export const isAdmin = (claims: AccessClaims) => claims.role === 'admin' || claims.role === 'superadmin';

/** Tenant isolation: a customer may only address their own user id; admins may address anyone. */
export function requireSelfOrAdmin(req: FastifyRequest, userId: number): AccessClaims {
  const claims = requireAuth(req);
  if (claims.userId !== userId && !isAdmin(claims)) throw new HttpError(403, 'accessDenied');
  return claims;
}

/** Client-Host of the request: body field first (register/external login send it), then the header. */
export function clientHostOf(req: FastifyRequest, bodyValue?: string | null): string | undefined {
  const header = req.headers['client-host'];
  return bodyValue || (Array.isArray(header) ? header[0] : header) || undefined;
}
