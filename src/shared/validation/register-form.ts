import { collect } from './forms.ts';
import { checkPhone } from './phone.ts';
import { checkConfirmation, checkCountry, checkEmail, checkPassword, type FieldError } from './rules.ts';

export interface RegisterInput {
  email?: unknown;
  password?: unknown;
  confirmPassword?: unknown;
  phone?: unknown;
  countryId?: unknown;
}

export function validateRegister(input: RegisterInput, opts: { countryRequired: boolean }): FieldError[] {
  return collect(
    checkEmail(input.email),
    checkPassword(input.password),
    checkConfirmation(input.password, input.confirmPassword),
    checkPhone(input.phone),
    checkCountry(input.countryId, opts.countryRequired),
  );
}
