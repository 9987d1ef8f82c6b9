import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  normalizeEmail,
  normalizePhone,
  validateLogin,
  validateRegister,
} from '../../../shared/validation/index.ts';
import { verifyGoogleIdToken } from '../../platform/auth/google.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.ts';
import { issueTokens, revokeRefreshToken, rotateRefreshToken } from '../../platform/auth/refresh-tokens.ts';
import { brandForHost } from '../../platform/brands.ts';
import type { AppContext } from '../../platform/context.ts';
import { linkedAccounts, users } from './schema.ts';
import { clientHostOf } from '../../platform/http/auth.ts';
import { badRequest, HttpError } from '../../platform/http/problem.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { issueCode } from './codes.ts';
import { linkOrigin } from './links.ts';

const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** Register, login, token refresh/revoke and Google sign-in. */
export function sessionHandlers(ctx: AppContext): Handlers<'register' | 'login' | 'refreshToken' | 'revokeToken' | 'externalLoginCallback'> {
  const { db, config, mailer } = ctx;

  return {
    async register(req, reply) {
      const body = req.body;
      const clientHost = clientHostOf(req, body.clientHost);
      const brand = brandForHost(clientHost);
      const errors = validateRegister(body, { countryRequired: brand.countryAtRegistration });
      if (errors.length) throw badRequest(errors);
      const email = normalizeEmail(body.email);
      const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (existing) throw new HttpError(409, 'emailTaken');

      const now = config.now();
      let user: { id: number; email: string };
      try {
        [user] = (await db
          .insert(users)
          .values({
            guid: randomUUID(),
            email,
            passwordHash: await hashPassword(body.password),
            phone: normalizePhone(body.phone) ?? body.phone,
            countryId: body.countryId ?? null,
            utmTag: body.utmTag ?? null,
            brandId: brand.id,
            crms: body.marketplace ? [body.marketplace.system] : [],
            createdAt: new Date(now),
          })
          .returning({ id: users.id, email: users.email })) as [{ id: number; email: string }];
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, 'emailTaken'); // lost a race with a twin
        throw error;
      }
      if (body.marketplace) {
        const { system, applicationId } = body.marketplace;
        await db.insert(linkedAccounts).values({ userId: user.id, kind: 'marketplaceApplication', name: system, externalId: applicationId, createdAt: new Date(now) });
      }
      const code = await issueCode(db, user.id, 'confirm-email', now, config.confirmCodeTtlSeconds);
      const link = `${linkOrigin(config, clientHost)}/Account/ConfirmEmail?userId=${user.id}&code=${encodeURIComponent(code)}`;
      await mailer.send({
        to: email,
        subject: 'Confirm your email',
        text: `Welcome! Confirm your email address by opening this link:\n${link}\n\nConfirmation code: ${code}\n`,
      });
      reply.code(201);
      return user;
    },

    async login(req) {
      const errors = validateLogin(req.body);
      if (errors.length) throw badRequest(errors);
      const [user] = await db.select().from(users).where(eq(users.email, normalizeEmail(req.body.email)));
      const ok = await verifyPassword(user?.passwordHash ?? null, req.body.password);
      if (!user || !ok) throw new HttpError(400, 'invalidCredentials');
      return issueTokens(db, config, user);
    },

    async refreshToken(req) {
      const result = await rotateRefreshToken(db, config, req.body.refreshToken);
      // 400 (not 401) is what the client treats as "log out without revoking" (§4 Token refresh).
      if (!result.ok) throw new HttpError(400, 'tokenInvalid');
      return result.tokens;
    },

    async revokeToken(req, reply) {
      await revokeRefreshToken(db, config, req.body.refreshToken);
      reply.code(204).send();
    },

    async externalLoginCallback(req) {
      const clientHost = clientHostOf(req, req.body.clientHost);
      let identity;
      try {
        identity = await verifyGoogleIdToken(config, req.body.idToken);
      } catch (error) {
        req.log.info({ err: error }, 'Google ID token rejected');
        throw new HttpError(400, 'externalLoginFailed');
      }
      const email = normalizeEmail(identity.email);
      const [existing] = await db.select().from(users).where(eq(users.email, email));
      if (existing) return { ...(await issueTokens(db, config, existing)), isNewUser: false };
      const [created] = await db
        .insert(users)
        .values({
          guid: randomUUID(),
          email,
          passwordHash: null, // set later through "forgot password" if the user wants one
          fullName: identity.name ?? null,
          emailConfirmed: true, // Google verified it
          brandId: brandForHost(clientHost).id,
          createdAt: new Date(config.now()),
        })
        .onConflictDoNothing()
        .returning();
      const user = created ?? (await db.select().from(users).where(eq(users.email, email)))[0]!;
      return { ...(await issueTokens(db, config, user)), isNewUser: Boolean(created) };
    },
  };
}
