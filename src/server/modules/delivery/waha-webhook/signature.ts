import { createHmac, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest, preParsingHookHandler } from 'fastify';
import type { ServerConfig } from '../../../platform/config.ts';
import { HttpError } from '../../../platform/http/problem.ts';

/** Provider webhooks carry small JSON events; anything bigger is refused before it is buffered. */
const SIGNED_BODY_MAX = 1024 * 1024;

/** HMAC-SHA512 of the raw body, hex, as WAHA sends it in X-Webhook-Hmac; compared in constant time. */
export function validHmacSha512(key: string, raw: Buffer, signature: string | undefined): boolean {
  if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = createHmac('sha512', key).update(raw).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

const header = (req: FastifyRequest, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * A signature covers the exact bytes the provider sent, so it is checked on the raw body before Fastify parses it:
 * a request without a valid signature is answered 401 and its body is never read as JSON. Routes opt in through
 * the contract (`x-fastify-config: { signedBody: waha }`); the parsed body reaches the handler as usual.
 */
export function registerSignedBodies(app: FastifyInstance, config: ServerConfig): void {
  const checks: Record<string, (req: FastifyRequest, raw: Buffer) => boolean> = {
    // WAHA: `hmac.key` of the webhook config; algorithm named in X-Webhook-Hmac-Algorithm (sha512 is WAHA's only one).
    waha: (req, raw) =>
      config.wahaWebhookHmacKey !== undefined &&
      (header(req, 'x-webhook-hmac-algorithm') ?? 'sha512').toLowerCase() === 'sha512' &&
      validHmacSha512(config.wahaWebhookHmacKey, raw, header(req, 'x-webhook-hmac')),
  };
  app.addHook('onRoute', (route) => {
    const kind = (route.config as { signedBody?: string } | undefined)?.signedBody;
    if (!kind) return;
    const check = checks[kind];
    if (!check) throw new Error(`No signature check for signedBody "${kind}"`);
    const verify: preParsingHookHandler = async (req, _reply, payload) => {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of payload) {
        size += (chunk as Buffer).length;
        if (size > SIGNED_BODY_MAX) throw new HttpError(413, 'payloadTooLarge');
        chunks.push(chunk as Buffer);
      }
      const raw = Buffer.concat(chunks);
      if (!check(req, raw)) throw new HttpError(401, 'signatureInvalid');
      return Readable.from([raw]);
    };
    const existing = route.preParsing === undefined ? [] : Array.isArray(route.preParsing) ? route.preParsing : [route.preParsing];
    route.preParsing = [...existing, verify];
  });
}
