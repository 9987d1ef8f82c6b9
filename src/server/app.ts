import { resolve } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import rateLimit from '@fastify/rate-limit';
import responseValidation from '@fastify/response-validation';
import { codeHandlers } from './modules/account/code-handlers.ts';
import { profileHandlers } from './modules/account/profile-handlers.ts';
import { sessionHandlers } from './modules/account/session-handlers.ts';
import { settingsHandlers } from './modules/account/settings-handlers.ts';
import { adminHandlers } from './modules/admin/index.ts';
import { flowsHandlers } from './modules/flows/index.ts';
import { bookingHandlers } from './modules/booking/handlers.ts';
import { webhookHandlers } from './modules/booking/webhooks/handlers.ts';
import { orderHandlers } from './modules/orders/handlers.ts';
import { deliveryHandlers } from './modules/delivery/handlers.ts';
import { sandboxEventHandlers } from './modules/delivery/sandbox-events.ts';
import { channelWebhookHandlers } from './modules/delivery/waha-webhook/handlers.ts';
import { registerSignedBodies } from './modules/delivery/waha-webhook/signature.ts';
import { phonesHandlers } from './modules/phones/index.ts';
import { subscribersHandlers, telegramWebhookSecurity } from './modules/phones/subscribers/index.ts';
import { registerImageBodies } from './modules/flows/image-store.ts';
import type { AppContext } from './platform/context.ts';
import { installErrorHandling } from './platform/http/errors.ts';
import { securityHandlers } from './platform/http/security.ts';
import type { Handlers, OperationId } from './platform/http/types.ts';
import { requestAjv, responseAjv } from './platform/http/validation.ts';

export const SPEC_PATH = resolve(import.meta.dirname, '../../openapi/cabinet.yaml');
export const API_PREFIX = '/api/v1';

const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** The Fastify app: contract-bound routes under /api/v1, validation both ways, problems for every error. */
export async function buildApp(ctx: AppContext, fastifyOptions: FastifyServerOptions = {}): Promise<FastifyInstance> {
  const { config } = ctx;
  const app = Fastify({ logger: { level: config.logLevel }, ...fastifyOptions });
  app.decorateRequest('auth', null);

  const ajv = requestAjv();
  app.setValidatorCompiler(({ schema }) => ajv.compile(schema));
  installErrorHandling(app);
  registerImageBodies(app);
  registerSignedBodies(app, config);

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

  const serviceHandlers: Handlers<OperationId> = {
    ...sessionHandlers(ctx),
    ...codeHandlers(ctx),
    ...profileHandlers(ctx),
    ...settingsHandlers(ctx),
    ...adminHandlers(ctx),
    ...flowsHandlers(ctx),
    ...bookingHandlers(ctx),
    ...webhookHandlers(ctx),
    ...orderHandlers(ctx),
    ...deliveryHandlers(ctx),
    ...sandboxEventHandlers(ctx),
    ...channelWebhookHandlers(ctx),
    ...phonesHandlers(ctx),
    ...subscribersHandlers(ctx),
  };
  await app.register(openapiGlue, {
    specification: SPEC_PATH,
    serviceHandlers,
    securityHandlers: { ...securityHandlers(config), ...telegramWebhookSecurity(config) },
    prefix: API_PREFIX,
  });
  return app;
}
