import { checkEmail, checkPhone, normalizeEmail, normalizePhone } from '../../../shared/validation/index.ts';
import { problemText, type ProblemCode, type ProblemParams } from './codes.ts';
import { badRequest, type HttpError, type ProblemFieldError } from './problem.ts';

/** A field error whose message starts with the field name, as every contract violation does ("title: is required"). */
export function fieldError(field: string, code: ProblemCode, params?: ProblemParams, text = problemText(code, params)): ProblemFieldError {
  return { field, code, message: `${field}: ${text}`, ...(params ? { params } : {}) };
}

/** 400 (or `status`) for one field, e.g. `invalidField('title', 'blank')` → "title: must not be blank". */
export function invalidField(field: string, code: ProblemCode, options: { params?: ProblemParams; status?: number } = {}): HttpError {
  return badRequest([fieldError(field, code, options.params)], options.status);
}

/** A valid phone in E.164, or a 400 naming the field. */
export function phoneOf(value: string, field: string): string {
  const error = checkPhone(value, field);
  if (error) throw invalidField(field, error.code);
  return normalizePhone(value)!;
}

export function emailOf(value: string, field: string): string {
  const error = checkEmail(value, field);
  if (error) throw invalidField(field, error.code);
  return normalizeEmail(value);
}
