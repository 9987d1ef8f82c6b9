import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { messages, validateForgotPassword, validateLogin, validateRegister, validateResetPassword, type FieldError } from '../../../shared/validation/index.ts';
import { brandForHost } from '../brands.ts';
import { clientHostOf } from './auth.ts';
import { HttpError, problem } from './problem.ts';
import { fieldErrorsFromAjv } from './validation.ts';

type BodyCheck = (body: Record<string, unknown>, req: FastifyRequest) => FieldError[];

/**
 * When the contract rejects a body of a form the user fills in, answer with the §5 text of the shared rule
 * for that field (the same text the screen shows), not Ajv's wording.
 */
const formChecks: Record<string, BodyCheck> = {
  register: (body, req) =>
    validateRegister(body, { countryRequired: brandForHost(clientHostOf(req, body.clientHost as string)).countryAtRegistration }),
  login: (body) => validateLogin(body),
  forgotPassword: (body) => validateForgotPassword(body),
  resetPassword: (body) => validateResetPassword(body),
};

function validationProblem(error: FastifyError, req: FastifyRequest) {
  const operationId = (req.routeOptions.schema as { operationId?: string } | undefined)?.operationId;
  const check = operationId ? formChecks[operationId] : undefined;
  if (check && error.validationContext === 'body' && req.body && typeof req.body === 'object') {
    const errors = check(req.body as Record<string, unknown>, req);
    if (errors.length) return problem(400, errors[0]!.message, errors);
  }
  const errors = fieldErrorsFromAjv(error.validation ?? [], error.validationContext);
  return problem(400, errors[0]?.message ?? error.message, errors);
}

/** Every error leaves as the contract's Problem, with a message the client can show. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { errors?: unknown[] }, req, reply) => {
    if (error.validation) return reply.code(400).send(validationProblem(error, req));

    // fastify-openapi-glue wraps security handler failures; the first inner error carries our status and text.
    const inner = error.errors?.find((e): e is HttpError => e instanceof HttpError);
    const known = error instanceof HttpError ? error : inner;
    if (known) return reply.code(known.statusCode).send(problem(known.statusCode, known.message, known.errors));

    const status = error.statusCode ?? 500;
    if (status === 429) return reply.code(429).send(problem(429, messages.tooManyRequests));
    if (status >= 400 && status < 500) return reply.code(status).send(problem(status, error.message));
    req.log.error({ err: error }, 'request failed');
    return reply.code(500).send(problem(500, 'Internal server error'));
  });

  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send(problem(404, `No route ${req.method} ${req.url.split('?')[0]}`));
  });
}
