import { messages, normalizeEmail, validateForgotPassword, validateResetPassword } from '../../../shared/validation/index.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { revokeAllForUser } from '../../platform/auth/refresh-tokens.ts';
import type { AppContext } from '../../platform/context.ts';
import { clientHostOf } from '../../platform/http/auth.ts';
import { badRequest, HttpError } from '../../platform/http/problem.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { confirmEmailWithCode, issueCode, resetPasswordWithCode } from './store-codes.ts';
import { userByEmail, userRefByEmail } from './store.ts';
import { resetPasswordMail } from './mails.ts';
import { refreshTokenStore } from './store-sessions.ts';
import { linkOrigin } from './links.ts';

/** Forgot/reset password and email confirmation: the flows driven by single-use mailed codes. */
export function codeHandlers(ctx: AppContext): Handlers<'forgotPassword' | 'resetPassword' | 'confirmEmail'> {
  const { db, config, mailer } = ctx;
  const sessions = refreshTokenStore(db);

  return {
    async forgotPassword(req) {
      const errors = validateForgotPassword(req.body);
      if (errors.length) throw new HttpError(400, 'forgotPasswordFailed', { errors });
      const email = normalizeEmail(req.body.email);
      const user = await userByEmail(db, email);
      // §8 asks to tell the user the address was wrong (the rate limit bounds enumeration).
      if (!user) throw new HttpError(400, 'forgotPasswordFailed');
      const code = await issueCode(db, user.id, 'reset-password', config.now(), config.resetCodeTtlSeconds);
      const origin = linkOrigin(config, clientHostOf(req, req.body.clientHost));
      const link = `${origin}/account/reset-password?email=${encodeURIComponent(email)}&code=${encodeURIComponent(code)}`;
      await mailer.send(resetPasswordMail(email, user.language, link, code, Math.round(config.resetCodeTtlSeconds / 60)));
      return { message: messages.forgotPasswordSent };
    },

    async resetPassword(req) {
      const errors = validateResetPassword(req.body);
      if (errors.length) throw badRequest(errors);
      const email = normalizeEmail(req.body.email);
      const user = await userRefByEmail(db, email);
      if (!user) throw new HttpError(400, 'resetPasswordFailed');
      const passwordHash = await hashPassword(req.body.newPassword); // outside the transaction: it is slow
      const changed = await resetPasswordWithCode(db, user.id, req.body.code, passwordHash, config.now());
      if (!changed) throw new HttpError(400, 'resetPasswordFailed');
      await revokeAllForUser(sessions, config, user.id); // a reset ends every existing session
      return { message: messages.passwordChanged };
    },

    async confirmEmail(req) {
      const { userId, code } = req.body;
      const confirmed = await confirmEmailWithCode(db, userId, code, config.now());
      if (!confirmed) throw new HttpError(400, 'emailConfirmFailed');
      return { message: messages.emailConfirmed };
    },
  };
}
