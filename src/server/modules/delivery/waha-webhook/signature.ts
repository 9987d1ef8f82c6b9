import { createHmac, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from '../../../platform/config.ts';
import { HttpError } from '../../../platform/http/problem.ts';
import type { WebhookGuard } from '../../../platform/http/webhook-guard.ts';

/** Provider webhooks carry small JSON events; a signed body above this is refused (413) and never buffered whole. */
const SIGNED_BODY_MAX = 1024 * 1024;
/** Bytes hashed at most: past them nobody's signature is checked (413), so a stranger cannot keep us reading. */
const HASHED_MAX = 16 * SIGNED_BODY_MAX;
const HEX_SHA512 = /^[0-9a-f]{128}$/i;

const header = (req: FastifyRequest, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * WAHA's guard (`x-fastify-config: { webhook: waha }`): the signature covers the exact bytes sent, so it is checked
 * on the raw stream before Fastify parses it. No key, a missing, malformed or non-sha512 signature → 401 without
 * reading the body. Otherwise the body is hashed as it streams (buffered only up to the limit): a wrong signature
 * → 401 whatever the body is, malformed or oversized; a right one over the limit → 413. The parsed body then
 * reaches the handler as usual.
 */
export function wahaSignatureGuard(config: ServerConfig): WebhookGuard {
  return async (req, payload) => {
    const key = config.wahaWebhookHmacKey;
    const signature = header(req, 'x-webhook-hmac');
    const algorithm = (header(req, 'x-webhook-hmac-algorithm') ?? 'sha512').toLowerCase();
    if (key === undefined || algorithm !== 'sha512' || !signature || !HEX_SHA512.test(signature)) throw new HttpError(401, 'signatureInvalid');
    const hmac = createHmac('sha512', key);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      const bytes = chunk as Buffer;
      size += bytes.length;
      if (size > HASHED_MAX) throw new HttpError(413, 'payloadTooLarge');
      hmac.update(bytes);
      if (size <= SIGNED_BODY_MAX) chunks.push(bytes);
    }
    if (!timingSafeEqual(hmac.digest(), Buffer.from(signature, 'hex'))) throw new HttpError(401, 'signatureInvalid');
    if (size > SIGNED_BODY_MAX) throw new HttpError(413, 'payloadTooLarge');
    return Readable.from([Buffer.concat(chunks)]);
  };
}
