import type { FastifyInstance, FastifyRequest, RequestPayload } from 'fastify';
import { notFound } from './problem.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The owner a webhook's URL token names, set by its guard before the body is read (null on other routes). */
    webhookOwner: number | null;
  }
}

/**
 * A webhook's credential check, run in preParsing: before Fastify reads or parses the body, so a caller without the
 * right token or signature is answered from that (404/401) whatever the body is, malformed or oversized. It throws
 * an HttpError to refuse; it may return a replacement stream when it had to read the body (a signature over it).
 */
export type WebhookGuard = (req: FastifyRequest, payload: RequestPayload) => Promise<RequestPayload | void>;

/**
 * Routes opt in through the contract: `x-fastify-config: { webhook: <kind> }`; modules provide the guard of each kind
 * (ServerModule.webhooks). A kind without a guard fails at start, so a webhook cannot lose its check by a typo.
 */
export function guardWebhooks(app: FastifyInstance, guards: Record<string, WebhookGuard>): void {
  app.decorateRequest('webhookOwner', null);
  app.addHook('onRoute', (route) => {
    const kind = (route.config as { webhook?: string } | undefined)?.webhook;
    if (!kind) return;
    const guard = guards[kind];
    if (!guard) throw new Error(`No webhook guard for kind "${kind}" (${route.url})`);
    const existing = route.preParsing === undefined ? [] : Array.isArray(route.preParsing) ? route.preParsing : [route.preParsing];
    route.preParsing = [async (req: FastifyRequest, _reply: unknown, payload: RequestPayload) => (await guard(req, payload)) ?? payload, ...existing] as typeof route.preParsing;
  });
}

/** A guard for URL tokens that name an owner (`{hookToken}` in the path): unknown → 404, else the owner is attached. */
export function pathTokenGuard(resolve: (token: string) => Promise<number | undefined>): WebhookGuard {
  return async (req) => {
    const token = (req.params as { hookToken?: unknown } | undefined)?.hookToken;
    const owner = typeof token === 'string' ? await resolve(token) : undefined;
    if (owner === undefined) throw notFound('webhookNotFound');
    req.webhookOwner = owner;
  };
}

/** The owner the guard attached; a route without a guard has none (404, never a handler running for no one). */
export function webhookOwnerOf(req: FastifyRequest): number {
  if (req.webhookOwner === null) throw notFound('webhookNotFound');
  return req.webhookOwner;
}
