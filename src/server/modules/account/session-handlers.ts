import { recordReferral } from '../partners/referral.ts';
import {
  normalizeEmail,
  normalizePhone,
  validateLogin,
  validateRegister,
} from '../../../shared/validation/index.ts';
import { verifyGoogleIdToken } from '../../platform/auth/google.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.ts';
import { issueTokens, revokeRefreshToken, rotateRefreshToken } from '../../platform/auth/refresh-tokens.ts';
import { brandForHost, signUpLanguage } from '../../platform/brands.ts';
import { confirmEmailMail } from './mails.ts';
import type { AppContext } from '../../platform/context.ts';
import { clientHostOf } from '../../platform/http/auth.ts';
import { badRequest, HttpError } from '../../platform/http/problem.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { issueCode } from './store-codes.ts';
import { addLinkedAccount } from './store-linked.ts';
import { refreshTokenStore } from './store-sessions.ts';
import { insertUser, insertUserIfAbsent, userByEmail, userRefByEmail } from './store.ts';
import { linkOrigin } from './links.ts';
import { startTrial } from '../admin/store-payments.ts';
import { openTrialSubscription } from '../payments/trial-subscription.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import { zoneOfOffset } from '../../../shared/time-zones.ts';

/** A blocked account signs in nowhere (docs/admin.md "Blocking"). */
export function refuseBlocked<U extends { blockedAt: Date | null }>(user: U): U {
  if (user.blockedAt) throw new HttpError(403, 'accountBlocked');
  return user;
}

/** Register, login, token refresh/revoke and Google sign-in. */
export function sessionHandlers(ctx: AppContext): Handlers<'register' | 'login' | 'refreshToken' | 'revokeToken' | 'externalLoginCallback'> {
  const { db, config, mailer } = ctx;
  const sessions = refreshTokenStore(db);

  return {
    async register(req, reply) {
      const body = req.body;
      const clientHost = clientHostOf(req, body.clientHost);
      const brand = brandForHost(clientHost);
      const errors = validateRegister(body, { countryRequired: brand.countryAtRegistration });
      if (errors.length) throw badRequest(errors);
      const email = normalizeEmail(body.email);
      const existing = await userRefByEmail(db, email);
      if (existing) throw new HttpError(409, 'emailTaken');

      const now = config.now();
      const language = signUpLanguage(brand, body.language, req.headers['accept-language']);
      let user: { id: number; email: string };
      try {
        user = await insertUser(db, {
          email,
          passwordHash: await hashPassword(body.password),
          phone: normalizePhone(body.phone) ?? body.phone,
          countryId: body.countryId ?? null,
          ...(body.timeZoneOffset === undefined ? {} : { timeZone: zoneOfOffset(body.timeZoneOffset) }),
          utmTag: body.utmTag ?? null,
          brandId: brand.id,
          language,
          crms: body.marketplace ? [body.marketplace.system] : [],
          createdAt: new Date(now),
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, 'emailTaken'); // lost a race with a twin
        throw error;
      }
      // §9: the trial starts at sign-up, so the quick start's flows run; its subscription ends in the 1200 charge.
      await openTrialSubscription(db, config, { userId: user.id, brand, trial: await startTrial(db, user.id, now) });
      // A referral link's `ref` (docs/partners.md): who brought the owner; an unknown code is just not recorded.
      if (body.referralCode) await recordReferral(db, { referredUserId: user.id, code: body.referralCode, linkId: body.referralLinkId, at: new Date(now) });
      if (body.marketplace) {
        const { system, applicationId } = body.marketplace;
        await addLinkedAccount(db, { userId: user.id, kind: 'marketplaceApplication', name: system, externalId: applicationId, createdAt: new Date(now) });
      }
      const code = await issueCode(db, user.id, 'confirm-email', now, config.confirmCodeTtlSeconds);
      const link = `${linkOrigin(config, clientHost)}/Account/ConfirmEmail?userId=${user.id}&code=${encodeURIComponent(code)}`;
      await mailer.send(confirmEmailMail(email, language, link, code, true));
      reply.code(201);
      return user;
    },

    async login(req) {
      const errors = validateLogin(req.body);
      if (errors.length) throw badRequest(errors);
      const user = await userByEmail(db, normalizeEmail(req.body.email));
      const ok = await verifyPassword(user?.passwordHash ?? null, req.body.password);
      if (!user || !ok) throw new HttpError(400, 'invalidCredentials');
      // Said only to whoever knows the password: to anyone else a blocked account is just a wrong password.
      refuseBlocked(user);
      return issueTokens(sessions, config, user);
    },

    async refreshToken(req) {
      const result = await rotateRefreshToken(sessions, config, req.body.refreshToken);
      // 400 (not 401) is what the client treats as "log out without revoking" (§4 Token refresh).
      if (!result.ok) throw new HttpError(400, 'tokenInvalid');
      return result.tokens;
    },

    async revokeToken(req, reply) {
      await revokeRefreshToken(sessions, config, req.body.refreshToken);
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
      const brand = brandForHost(clientHost);
      const existing = await userByEmail(db, email);
      if (existing) return { ...(await issueTokens(sessions, config, refuseBlocked(existing))), isNewUser: false };
      const created = await insertUserIfAbsent(db, {
        email,
        passwordHash: null, // set later through "forgot password" if the user wants one
        fullName: identity.name ?? null,
        emailConfirmed: true, // Google verified it
        brandId: brand.id,
        language: signUpLanguage(brand, undefined, req.headers['accept-language']),
        createdAt: new Date(config.now()),
      });
      if (created) await openTrialSubscription(db, config, { userId: created.id, brand, trial: await startTrial(db, created.id, config.now()) });
      const user = created ?? (await userByEmail(db, email))!;
      return { ...(await issueTokens(sessions, config, user)), isNewUser: Boolean(created) };
    },
  };
}
