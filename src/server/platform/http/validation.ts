import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { FieldError } from '../../../shared/validation/index.ts';

// ajv-formats is CommonJS; its default export arrives wrapped depending on the loader.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule);

/**
 * Request validator: JSON Schema 2020-12 (OpenAPI 3.1 uses `type: [x, 'null']` etc., which Fastify's default
 * draft-07 Ajv rejects). Fastify's coercion and defaults so query strings work; unknown properties are
 * rejected (not silently stripped) where the contract closes an object.
 */
export function requestAjv(): Ajv2020 {
  const ajv = new Ajv2020({ coerceTypes: 'array', useDefaults: true, removeAdditional: false, allErrors: false, strict: false });
  addFormats(ajv);
  return ajv;
}

/** Response validator for dev/test: strict about shape, never mutating. */
export function responseAjv(): Ajv2020 {
  const ajv = new Ajv2020({ coerceTypes: false, useDefaults: false, removeAdditional: false, allErrors: true, strict: false });
  addFormats(ajv);
  return ajv;
}

/** Ajv errors as field errors whose message names the field (e.g. "countryId: must be integer"). */
export function fieldErrorsFromAjv(errors: Partial<ErrorObject>[], context: string | undefined): FieldError[] {
  return errors.map((error) => {
    const path = (error.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    const missing = (error.params as { missingProperty?: string } | undefined)?.missingProperty;
    const extra = (error.params as { additionalProperty?: string; unevaluatedProperty?: string } | undefined);
    const leaf = missing ?? extra?.additionalProperty ?? extra?.unevaluatedProperty;
    const field = [path, leaf].filter(Boolean).join('.') || context || 'body';
    const text = missing ? 'is required' : extra?.additionalProperty || extra?.unevaluatedProperty ? 'is not allowed' : error.message ?? 'is invalid';
    return { field, code: error.keyword ?? 'invalid', message: `${field}: ${text}` } as unknown as FieldError;
  });
}
