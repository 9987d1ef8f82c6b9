import { checkEmail, checkPhone, normalizeEmail, normalizePhone } from '../../../shared/validation/index.ts';
import { HttpError } from './problem.ts';

/** 400 whose message starts with the field name, as every contract violation does. */
export function invalidField(field: string, text: string, status = 400): HttpError {
  const message = `${field}: ${text}`;
  return new HttpError(status, message, [{ field, code: 'invalid', message } as never]);
}

/** A valid phone in E.164, or a 400 naming the field. */
export function phoneOf(value: string, field: string): string {
  const error = checkPhone(value, field);
  if (error) throw invalidField(field, error.message);
  return normalizePhone(value)!;
}

export function emailOf(value: string, field: string): string {
  const error = checkEmail(value, field);
  if (error) throw invalidField(field, error.message);
  return normalizeEmail(value);
}
