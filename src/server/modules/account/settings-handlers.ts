import { checkConfirmation, checkCountry, checkEmail, checkPassword, checkPhone, messages, normalizeEmail, normalizePhone } from '../../../shared/validation/index.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.ts';
import { issueTokens, revokeAllForUser } from '../../platform/auth/refresh-tokens.ts';
import type { AppContext } from '../../platform/context.ts';
import { demoAccount } from '../demo/accounts.ts';
import { clientHostOf, requireAuth } from '../../platform/http/auth.ts';
import { badRequest, HttpError, notFound } from '../../platform/http/problem.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { issueCode } from './store-codes.ts';
import { refreshTokenStore } from './store-sessions.ts';
import { emailTakenByOther, findUser, setPasswordHash, updateUser, type UserChanges } from './store.ts';
import { linkOrigin } from './links.ts';
import { refuseBlocked } from './session-handlers.ts';
import { toCurrentUser } from './mapping.ts';
import { confirmEmailMail } from './mails.ts';
import { zoneOfOffset } from '../../../shared/time-zones.ts';

/** The profile screen's changes (§2 Profile) and the demo sign-in. Each change is its own call. */
export function settingsHandlers(ctx: AppContext): Handlers<'updateProfile' | 'changePassword' | 'changeEmail' | 'demoLogin'> {
  const { db, config, mailer } = ctx;
  const sessions = refreshTokenStore(db);

  const loadUser = async (id: number) => {
    const user = await findUser(db, id);
    if (!user) throw new HttpError(401, 'tokenInvalid');
    return user;
  };

  return {
    async updateProfile(req) {
      const user = await loadUser(requireAuth(req).userId);
      const body = req.body;
      const patch: UserChanges = {};
      if (body.phoneNumber !== undefined) {
        const error = checkPhone(body.phoneNumber, 'phoneNumber');
        if (error) throw badRequest([error]);
        patch.phone = normalizePhone(body.phoneNumber);
      }
      if (body.countryId !== undefined) {
        const error = checkCountry(body.countryId, false);
        if (error) throw badRequest([error]);
        patch.countryId = body.countryId;
      }
      if (body.timeZoneOffset !== undefined) patch.timeZone = zoneOfOffset(body.timeZoneOffset);
      if (body.language !== undefined) patch.language = body.language;
      if (body.notSendWeeklyYclientsReports !== undefined) patch.notSendWeeklyYclientsReports = body.notSendWeeklyYclientsReports;
      if (body.notSendWeeklyIikoReports !== undefined) patch.notSendWeeklyIikoReports = body.notSendWeeklyIikoReports;
      const updated = await updateUser(db, user.id, patch);
      return toCurrentUser(updated!, config.now());
    },

    async changePassword(req) {
      const user = await loadUser(requireAuth(req).userId);
      const { currentPassword, newPassword, confirmPassword } = req.body;
      const ruleErrors = [checkPassword(newPassword, 'newPassword'), checkConfirmation(newPassword, confirmPassword)].filter((e) => !!e);
      if (ruleErrors.length) throw badRequest(ruleErrors);
      // Accounts made by Google sign-in have no password yet: they set one through "forgot password".
      if (!(await verifyPassword(user.passwordHash, currentPassword))) {
        throw badRequest([{ field: 'currentPassword', code: 'currentPasswordWrong', message: messages.currentPasswordWrong }]);
      }
      await setPasswordHash(db, user.id, await hashPassword(newPassword));
      await revokeAllForUser(sessions, config, user.id); // a stolen session ends with the old password
      return { message: messages.passwordChanged, ...(await issueTokens(sessions, config, user)) };
    },

    async changeEmail(req) {
      const user = await loadUser(requireAuth(req).userId);
      const emailError = checkEmail(req.body.newEmail, 'newEmail');
      if (emailError) throw badRequest([emailError]);
      if (!(await verifyPassword(user.passwordHash, req.body.password))) {
        throw badRequest([{ field: 'password', code: 'currentPasswordWrong', message: messages.currentPasswordWrong }]);
      }
      const email = normalizeEmail(req.body.newEmail);
      const taken = await emailTakenByOther(db, email, user.id);
      if (taken) throw new HttpError(409, 'emailTaken');
      const updated = await updateUser(db, user.id, { email, emailConfirmed: email === user.email && user.emailConfirmed });
      if (!updated!.emailConfirmed) {
        const code = await issueCode(db, user.id, 'confirm-email', config.now(), config.confirmCodeTtlSeconds);
        const link = `${linkOrigin(config, clientHostOf(req, undefined))}/Account/ConfirmEmail?userId=${user.id}&code=${encodeURIComponent(code)}`;
        await mailer.send(confirmEmailMail(email, updated!.language, link, code, false));
      }
      return toCurrentUser(updated!, config.now());
    },

    async demoLogin(req) {
      if (!config.seedDemo) throw notFound('demoUnavailable');
      // The page's language picks its demo owner, whose salon speaks it (docs/home.md "The demo account").
      const demo = await demoAccount(db, req.query.language ?? 'ru', config.now());
      if (!demo) throw notFound('demoUnavailable');
      return issueTokens(sessions, config, refuseBlocked(demo));
    },
  };
}
