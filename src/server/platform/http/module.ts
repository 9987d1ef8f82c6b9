import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { WebhookGuard } from './webhook-guard.ts';

/** A handler for one of the contract's security schemes (fastify-openapi-glue calls it before the route). */
export type SecurityHandler = (req: FastifyRequest, reply: unknown, scopes: string[]) => Promise<void>;

/**
 * One server module (src/server/modules/<domain>/index.ts), listed once in src/server/modules/index.ts.
 * app.ts loops over the list: `register` adds what the module's routes need on the app (body parsers, hooks) before
 * the contract's routes exist, `security` the handlers of the schemes the module owns, `webhooks` the credential
 * checks its webhooks run before their body is read, `handlers` its operations.
 */
export interface ServerModule<H extends object = object> {
  readonly name: string;
  handlers(ctx: AppContext): H;
  register?(app: FastifyInstance, ctx: AppContext): void | Promise<void>;
  security?(ctx: AppContext): Record<string, SecurityHandler>;
  /** Guards of the webhook kinds its routes name in the contract (`x-fastify-config: { webhook: <kind> }`). */
  webhooks?(ctx: AppContext): Record<string, WebhookGuard>;
}

/** Keeps the exact handler map type, so the module list can prove every operation is served. */
export const defineModule = <H extends object>(module: ServerModule<H>): ServerModule<H> => module;
