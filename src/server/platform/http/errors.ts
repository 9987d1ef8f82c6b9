import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { validateForgotPassword, validateLogin, validateRegister, validateResetPassword, type FieldError } from '../../../shared/validation/index.ts';
import { brandForHost } from '../brands.ts';
import { clientHostOf } from './auth.ts';
import { problemText, type ProblemCode } from './codes.ts';
import { statusOfDataError } from '../db/errors.ts';
import { HttpError, problem } from './problem.ts';
import { fieldErrorsFromAjv } from './validation.ts';

type BodyCheck = (body: Record<string, unknown>, req: FastifyRequest) => FieldError[];

/**
 * When the contract rejects a body of a form the user fills in, answer with the §5 rule of the shared check for
 * that field (its key is the code, its text the message: what the screen shows), not Ajv's wording.
 */
const formChecks: Record<string, BodyCheck> = {
  register: (body, req) =>
    validateRegister(body, { countryRequired: brandForHost(clientHostOf(req, typeof body.clientHost === 'string' ? body.clientHost : undefined)).countryAtRegistration }),
  login: (body) => validateLogin(body),
  forgotPassword: (body) => validateForgotPassword(body),
  resetPassword: (body) => validateResetPassword(body),
};

function validationProblem(error: FastifyError, req: FastifyRequest) {
  const operationId = (req.routeOptions.schema as { operationId?: string } | undefined)?.operationId;
  const check = operationId ? formChecks[operationId] : undefined;
  if (check && error.validationContext === 'body' && req.body && typeof req.body === 'object') {
    const errors = check(req.body as Record<string, unknown>, req);
    if (errors.length) return problem(400, errors[0]!.code, errors[0]!.message, { errors });
  }
  const errors = fieldErrorsFromAjv(error.validation ?? [], error.validationContext);
  const first = errors[0];
  return problem(400, first?.code ?? 'invalid', first?.message ?? error.message, { params: first?.params, errors });
}

/** The code of a 4xx Fastify raises itself (body parsing, limits); its message is Fastify's, as before. */
function codeOfFrameworkError(error: FastifyError, status: number): ProblemCode {
  if (status === 413) return 'payloadTooLarge';
  if (status === 415) return 'unsupportedMediaType';
  if (status === 401) return 'tokenInvalid';
  if (status === 403) return 'accessDenied';
  if (status === 404) return 'notFound';
  if (error.code?.startsWith('FST_ERR_CTP_') || error instanceof SyntaxError) return 'bodyInvalid';
  return 'requestRefused';
}

/**
 * The router's own refusals (a broken %-escape, a path segment past maxParamLength) never reach the error handler;
 * Fastify hands them here (the `frameworkErrors` option) so they leave as problems too.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (error, _req, reply) => {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const status = tooLong ? 414 : 400;
  const code = tooLong ? 'pathTooLong' : 'addressInvalid';
  void (reply as FastifyReply).code(status).send(problem(status, code, problemText(code)));
};

/** Every error leaves as the contract's Problem, with a code the client translates and an English message. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { errors?: unknown[] }, req, reply) => {
    if (error.validation) return reply.code(400).send(validationProblem(error, req));

    // fastify-openapi-glue wraps security handler failures; the first inner error carries our status and code.
    const inner = error.errors?.find((e): e is HttpError => e instanceof HttpError);
    const known = error instanceof HttpError ? error : inner;
    if (known) {
      return reply.code(known.statusCode).send(problem(known.statusCode, known.code, known.message, { params: known.params, errors: known.errors }));
    }

    const status = error.statusCode ?? 500;
    if (status === 429) return reply.code(429).send(problem(429, 'tooManyRequests', problemText('tooManyRequests')));
    if (status >= 400 && status < 500) return reply.code(status).send(problem(status, codeOfFrameworkError(error, status), error.message));
    // A safety net behind the contract's bounds: a value the database refuses is the request's fault, not a 500.
    const dataStatus = statusOfDataError(error);
    if (dataStatus) {
      req.log.warn({ err: error }, 'the database refused a value of the request');
      const code = dataStatus === 400 ? 'valueNotStorable' : 'conflictsWithData';
      return reply.code(dataStatus).send(problem(dataStatus, code, problemText(code), { requestId: req.id }));
    }
    req.log.error({ err: error }, 'request failed');
    // The log line and the answer share the request id, so a user's report leads to the stack trace.
    return reply.code(500).send(problem(500, 'internal', problemText('internal'), { requestId: req.id }));
  });

  app.setNotFoundHandler((req, reply) => {
    const params = { method: req.method, path: req.url.split('?')[0]! };
    reply.code(404).send(problem(404, 'routeNotFound', problemText('routeNotFound', params), { params }));
  });
}
