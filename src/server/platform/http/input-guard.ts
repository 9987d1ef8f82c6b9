import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import { invalidField } from './field-error.ts';

/**
 * Fastify validates a body only against the schema of the media type it arrived with: a body sent without a
 * content type, or as text/plain, would reach the handler unchecked. Every route that declares a body therefore
 * accepts only the media types the contract lists for it, and a missing body is a 400 naming it. A NUL character,
 * which no PostgreSQL text column can hold, is refused naming its field rather than failing in SQL.
 */
export function guardInputs(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.schema) route.preValidation = [...toArray(route.preValidation), refuseNulInAddress] as typeof route.preValidation;
    const content = (route.schema as { body?: { content?: Record<string, unknown> } } | undefined)?.body?.content;
    const accepted = Object.keys(content ?? {});
    // Raw bodies (images) declare no schema; their module's own parser checks them.
    if (!accepted.length) return;
    const guard: preValidationHookHandler = async (req) => {
      const type = mediaTypeOf(req);
      if (type && accepted.includes(type)) {
        if (req.body === undefined || req.body === null) throw missingBody();
        const nul = fieldWithNul(req.body, 'body');
        if (nul) throw nulProblem(nul);
        return;
      }
      if (!type && !hasBody(req)) throw missingBody();
      throw invalidField('body', 'unsupportedMediaType', { status: 415 });
    };
    route.preValidation = [...toArray(route.preValidation), guard] as typeof route.preValidation;
  });
}

const nulProblem = (field: string) => invalidField(field, 'invalidCharacter');

/** Path and query values reach SQL too. */
const refuseNulInAddress: preValidationHookHandler = async (req) => {
  const field = fieldWithNul(req.params, 'body') ?? fieldWithNul(req.query, 'body');
  if (field) throw nulProblem(field);
};

const toArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

function mediaTypeOf(req: FastifyRequest): string | undefined {
  const header = req.headers['content-type'];
  return header ? header.split(';')[0]!.trim().toLowerCase() || undefined : undefined;
}

function hasBody(req: FastifyRequest): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

const missingBody = () => invalidField('body', 'required');

/** The path of the first string holding U+0000 (keys too), looking no deeper than JSON bodies here go. */
function fieldWithNul(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (!value || typeof value !== 'object' || depth > 32 || ArrayBuffer.isView(value)) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const at = Array.isArray(value) ? `${path}[${key}]` : path === 'body' ? key : `${path}.${key}`;
    if (key.includes('\u0000')) return at;
    const found = fieldWithNul(inner, at, depth + 1);
    if (found) return found;
  }
  return undefined;
}
