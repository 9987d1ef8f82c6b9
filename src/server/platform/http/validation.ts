import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { ProblemCode, ProblemParams } from './codes.ts';
import { fieldError } from './field-error.ts';
import type { ProblemFieldError } from './problem.ts';

// ajv-formats is CommonJS; its default export arrives wrapped depending on the loader.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule);

/**
 * Request validators: JSON Schema 2020-12 (OpenAPI 3.1 uses `type: [x, 'null']` etc., which Fastify's default
 * draft-07 Ajv rejects); unknown properties are rejected (not silently stripped) where the contract closes an object.
 * Paths, query strings and headers arrive as text, so their values are coerced to the declared types; a JSON body is
 * typed already, so it is never coerced: `null` or `"3"` for a number is the client's mistake and answers 400
 * naming the field instead of quietly becoming 0 or 3.
 */
export function requestAjv(part: 'text' | 'body' = 'text'): Ajv2020 {
  const coerceTypes = part === 'text' ? 'array' : false;
  const ajv = new Ajv2020({ coerceTypes, useDefaults: true, removeAdditional: false, allErrors: false, strict: false });
  addFormats(ajv);
  return ajv;
}

/** Response validator for dev/test: strict about shape, never mutating. */
export function responseAjv(): Ajv2020 {
  const ajv = new Ajv2020({ coerceTypes: false, useDefaults: false, removeAdditional: false, allErrors: true, strict: false });
  addFormats(ajv);
  return ajv;
}

/** Ajv keywords mapped to the contract's small fixed set of field codes (anything else is `invalid`). */
const CODE_OF_KEYWORD: Record<string, ProblemCode> = {
  required: 'required',
  additionalProperties: 'unknownField',
  unevaluatedProperties: 'unknownField',
  maxLength: 'tooLong',
  minLength: 'tooShort',
  maxItems: 'tooMany',
  minItems: 'tooFew',
  maximum: 'outOfRange',
  minimum: 'outOfRange',
  exclusiveMaximum: 'outOfRange',
  exclusiveMinimum: 'outOfRange',
  type: 'invalidType',
  enum: 'notAllowed',
  const: 'notAllowed',
  format: 'invalidFormat',
  pattern: 'invalidFormat',
};

/** The params a translated text needs: the limit of a length, count or range, the expected type. */
function paramsOf(error: Partial<ErrorObject>): ProblemParams | undefined {
  const params = (error.params ?? {}) as { limit?: unknown; type?: unknown; format?: unknown };
  if (typeof params.limit === 'number') return { limit: params.limit };
  if (typeof params.type === 'string') return { type: params.type };
  if (typeof params.format === 'string') return { format: params.format };
  return undefined;
}

/** Ajv errors as field errors whose message names the field (e.g. "countryId: must be integer"), with a code. */
export function fieldErrorsFromAjv(errors: Partial<ErrorObject>[], context: string | undefined): ProblemFieldError[] {
  return errors.map((error) => {
    const path = (error.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    const missing = (error.params as { missingProperty?: string } | undefined)?.missingProperty;
    const extra = (error.params as { additionalProperty?: string; unevaluatedProperty?: string } | undefined);
    const leaf = missing ?? extra?.additionalProperty ?? extra?.unevaluatedProperty;
    const field = [path, leaf].filter(Boolean).join('.') || context || 'body';
    const text = missing ? 'is required' : extra?.additionalProperty || extra?.unevaluatedProperty ? 'is not allowed' : error.message ?? 'is invalid';
    const code = CODE_OF_KEYWORD[error.keyword ?? ''] ?? 'invalid';
    return fieldError(field, code, code === 'required' || code === 'unknownField' ? undefined : paramsOf(error), text);
  });
}

/** A payload schema's (zod) issue mapped to the same field codes; its message stays the schema's wording. */
export function codeOfIssue(issue: { code: string; origin?: string; message: string }): ProblemCode {
  switch (issue.code) {
    case 'invalid_type':
      return /received undefined$/.test(issue.message) ? 'required' : 'invalidType';
    case 'too_big':
      return issue.origin === 'string' ? 'tooLong' : issue.origin === 'array' ? 'tooMany' : 'outOfRange';
    case 'too_small':
      return issue.origin === 'string' ? 'tooShort' : issue.origin === 'array' ? 'tooFew' : 'outOfRange';
    case 'invalid_value':
      return 'notAllowed';
    case 'invalid_format':
      return 'invalidFormat';
    case 'unrecognized_keys':
      return 'unknownField';
    default:
      return 'invalid';
  }
}
