import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import rateLimit from '@fastify/rate-limit';
import responseValidation from '@fastify/response-validation';
import { serverModules } from './modules/index.ts';
import type { AppContext } from './platform/context.ts';
import { guardInputs } from './platform/http/input-guard.ts';
import { guardWebhooks } from './platform/http/webhook-guard.ts';
import { frameworkErrors, installErrorHandling } from './platform/http/errors.ts';
import type { Handlers, OperationId } from './platform/http/types.ts';
import { requestAjv, responseAjv } from './platform/http/validation.ts';

export const SPEC_PATH = resolve(import.meta.dirname, '../../openapi/cabinet.yaml');
export const API_PREFIX = '/api/v1';

const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** The Fastify app: contract-bound routes under /api/v1, validation both ways, problems for every error. */
export async function buildApp(ctx: AppContext, fastifyOptions: FastifyServerOptions = {}): Promise<FastifyInstance> {
  const { config } = ctx;
  // A hop count trusts that many proxies nearest the server (Fastify's types take it as a function).
  const hops = config.trustProxy;
  const trustProxy = hops === undefined ? {} : { trustProxy: typeof hops === 'number' ? (_address: string, hop: number) => hop < hops : hops };
  const app = Fastify({ logger: { level: config.logLevel }, frameworkErrors, genReqId: () => randomUUID(), ...trustProxy, ...fastifyOptions });
  app.decorateRequest('auth', null);
  // No answer of the API is ever to be sniffed into another type (an uploaded image must stay an image).
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('x-content-type-options', 'nosniff');
  });
  const { foreground } = ctx;
  if (foreground) {
    // 'close' comes once per response, answered or abandoned by the client.
    app.addHook('onRequest', async (_req, reply) => {
      foreground.enter();
      reply.raw.once('close', () => foreground.leave());
    });
  }

  const textAjv = requestAjv('text');
  const bodyAjv = requestAjv('body');
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodyAjv : textAjv).compile(schema));
  installErrorHandling(app);
  guardInputs(app);
  // Each module's own body parsers and hooks, on the root app: fastify-openapi-glue adds every route in one plugin.
  for (const module of serverModules) await module.register?.(app, ctx);
  guardWebhooks(app, Object.assign({}, ...serverModules.map((m) => m.webhooks?.(ctx) ?? {})));

  app.addHook('onRoute', (route) => {
    const routeConfig = route.config as { rateLimitGroup?: 'auth' | 'code'; rateLimit?: unknown } | undefined;
    // The contract marks which operations are rate limited (x-fastify-config.rateLimitGroup); limits come from config.
    if (routeConfig?.rateLimitGroup) {
      const max = routeConfig.rateLimitGroup === 'auth' ? config.rateLimitAuthMax : config.rateLimitCodeMax;
      routeConfig.rateLimit = { max, timeWindow: config.rateLimitWindowMs };
    }
    // Authenticate before the body is validated: anonymous callers learn nothing from validation messages.
    if (route.preHandler && (route.schema as { operationId?: string } | undefined)?.operationId) {
      route.onRequest = [...asArray(route.onRequest), ...asArray(route.preHandler)] as typeof route.onRequest;
      delete route.preHandler;
    }
  });
  await app.register(rateLimit, { global: false });
  if (config.validateResponses) await app.register(responseValidation, { ajv: responseAjv() as never });

  // The module list proves (type check) that every operation has a handler; names never collide across modules.
  const serviceHandlers = Object.assign({}, ...serverModules.map((m) => m.handlers(ctx))) as Handlers<OperationId>;
  const moduleSecurity = Object.assign({}, ...serverModules.map((m) => m.security?.(ctx) ?? {}));
  await app.register(openapiGlue, {
    specification: SPEC_PATH,
    serviceHandlers,
    securityHandlers: moduleSecurity,
    prefix: API_PREFIX,
  });
  return app;
}
