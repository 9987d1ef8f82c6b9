import { isCountryId } from '../countries.ts';
import { messages, type accountProblemMessages, type ruleMessages } from './messages.ts';

/** The code of a failed rule: the key of its §5 text (or of an account problem's §8 text). */
export type RuleCode = keyof typeof ruleMessages | keyof typeof accountProblemMessages;

/** A failed rule: the field it concerns, a stable code (also the message key) and the English text. */
export interface FieldError {
  field: string;
  code: RuleCode;
  message: string;
}

export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 20;

export const err = (field: string, code: RuleCode): FieldError => ({ field, code, message: messages[code] });
export const isBlank = (value: unknown): boolean => typeof value !== 'string' || value.trim() === '';

// Practical address check (same spirit as the HTML email input): one @, no spaces, a dotted domain.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const CYRILLIC = /[\u0400-\u04FF\u0500-\u052F]/;

export function checkEmail(value: unknown, field = 'email'): FieldError | undefined {
  if (isBlank(value)) return err(field, 'emailRequired');
  const email = (value as string).trim();
  if (email.length > EMAIL_MAX_LENGTH) return err(field, 'emailTooLong');
  if (!EMAIL_PATTERN.test(email)) return err(field, 'emailInvalid');
  return undefined;
}

export function checkPassword(value: unknown, field = 'password'): FieldError | undefined {
  if (typeof value !== 'string' || value === '') return err(field, 'passwordRequired');
  if (CYRILLIC.test(value)) return err(field, 'passwordCyrillic');
  if (/\s/.test(value)) return err(field, 'passwordSpaces');
  if (value.length < PASSWORD_MIN_LENGTH || value.length > PASSWORD_MAX_LENGTH) return err(field, 'passwordLength');
  return undefined;
}

export function checkConfirmation(password: unknown, confirmation: unknown, field = 'confirmPassword'): FieldError | undefined {
  if (typeof confirmation !== 'string' || confirmation === '') return err(field, 'confirmPasswordRequired');
  if (password !== confirmation) return err(field, 'passwordsDontMatch');
  return undefined;
}

/** A country is one of the table's ids (or 0, other); required where the brand asks for it at registration. */
export function checkCountry(value: unknown, required: boolean, field = 'countryId'): FieldError | undefined {
  // A value of the wrong type is the contract's to report where the country is optional.
  if (typeof value !== 'number') return required ? err(field, 'countryRequired') : undefined;
  if (!isCountryId(value)) return err(field, 'countryUnknown');
  return undefined;
}

export function checkTerms(accepted: unknown, field = 'terms'): FieldError | undefined {
  return accepted === true ? undefined : err(field, 'termsRequired');
}

export function checkUrl(value: unknown, field = 'url'): FieldError | undefined {
  if (typeof value !== 'string') return err(field, 'urlInvalid');
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? undefined : err(field, 'urlInvalid');
  } catch {
    return err(field, 'urlInvalid');
  }
}

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}
