import { and, eq } from 'drizzle-orm';
import { messages, normalizeEmail, validateForgotPassword, validateResetPassword } from '../../../shared/validation/index.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { revokeAllForUser } from '../../platform/auth/refresh-tokens.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/open.ts';
import { users } from './schema.ts';
import { clientHostOf } from '../../platform/http/auth.ts';
import { badRequest, HttpError } from '../../platform/http/problem.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { issueCode, spendCode } from './codes.ts';
import { linkOrigin } from './links.ts';

/** Forgot/reset password and email confirmation: the flows driven by single-use mailed codes. */
export function codeHandlers(ctx: AppContext): Handlers<'forgotPassword' | 'resetPassword' | 'confirmEmail'> {
  const { db, config, mailer } = ctx;

  return {
    async forgotPassword(req) {
      const errors = validateForgotPassword(req.body);
      if (errors.length) throw new HttpError(400, 'forgotPasswordFailed', { errors });
      const email = normalizeEmail(req.body.email);
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      // §8 asks to tell the user the address was wrong (the rate limit bounds enumeration).
      if (!user) throw new HttpError(400, 'forgotPasswordFailed');
      const code = await issueCode(db, user.id, 'reset-password', config.now(), config.resetCodeTtlSeconds);
      const origin = linkOrigin(config, clientHostOf(req, req.body.clientHost));
      const link = `${origin}/account/reset-password?email=${encodeURIComponent(email)}&code=${encodeURIComponent(code)}`;
      await mailer.send({
        to: email,
        subject: 'Password reset',
        text: `To set a new password open this link:\n${link}\n\nReset code: ${code}\nThe code works once and expires in ${Math.round(config.resetCodeTtlSeconds / 60)} minutes.\n`,
      });
      return { message: messages.forgotPasswordSent };
    },

    async resetPassword(req) {
      const errors = validateResetPassword(req.body);
      if (errors.length) throw badRequest(errors);
      const email = normalizeEmail(req.body.email);
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (!user) throw new HttpError(400, 'resetPasswordFailed');
      const passwordHash = await hashPassword(req.body.newPassword); // outside the transaction: it is slow
      const now = config.now();
      const changed = await db.transaction(async (tx) => {
        if (!(await spendCode(tx as unknown as Db, user.id, 'reset-password', req.body.code, now))) return false;
        await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
        return true;
      });
      if (!changed) throw new HttpError(400, 'resetPasswordFailed');
      await revokeAllForUser(db, config, user.id); // a reset ends every existing session
      return { message: messages.passwordChanged };
    },

    async confirmEmail(req) {
      const { userId, code } = req.body;
      const now = config.now();
      const confirmed = await db.transaction(async (tx) => {
        if (!(await spendCode(tx as unknown as Db, userId, 'confirm-email', code, now))) return false;
        await tx.update(users).set({ emailConfirmed: true }).where(and(eq(users.id, userId)));
        return true;
      });
      if (!confirmed) throw new HttpError(400, 'emailConfirmFailed');
      return { message: messages.emailConfirmed };
    },
  };
}
