import { checkEmail, checkPassword, type FieldError } from './rules.ts';
import { messages } from './messages.ts';

/** Form-level validators: each returns every failed rule (empty when valid), in field order. */
export const collect = (...results: (FieldError | undefined)[]): FieldError[] => results.filter((r): r is FieldError => !!r);

export function validateLogin(input: { email?: unknown; password?: unknown }): FieldError[] {
  const email = checkEmail(input.email);
  const password =
    typeof input.password === 'string' && input.password !== ''
      ? undefined
      : { field: 'password', code: 'passwordRequired' as const, message: messages.passwordRequired };
  return collect(email, password);
}

export function validateForgotPassword(input: { email?: unknown }): FieldError[] {
  return collect(checkEmail(input.email));
}

export interface ResetPasswordInput {
  email?: unknown;
  code?: unknown;
  newPassword?: unknown;
  confirmPassword?: unknown;
}

/**
 * §5/§8: every field required ('Not all fields are filled'), passwords equal ('Passwords don't match'),
 * then the password rules for the new password. confirmPassword is checked only when the caller sends it
 * (the API contract makes it optional; the reset screen always sends it).
 */
export function validateResetPassword(input: ResetPasswordInput, opts: { requireConfirmation?: boolean } = {}): FieldError[] {
  const needConfirmation = opts.requireConfirmation || input.confirmPassword !== undefined;
  const fields: (keyof ResetPasswordInput)[] = ['email', 'code', 'newPassword'];
  if (needConfirmation) fields.push('confirmPassword');
  const missing = fields.find((f) => typeof input[f] !== 'string' || (input[f] as string).trim() === '');
  if (missing) return [{ field: missing, code: 'notAllFieldsFilled', message: messages.notAllFieldsFilled }];
  if (needConfirmation && input.newPassword !== input.confirmPassword) {
    return [{ field: 'confirmPassword', code: 'passwordsDontMatch', message: messages.passwordsDontMatch }];
  }
  return collect(checkEmail(input.email), checkPassword(input.newPassword, 'newPassword'));
}
