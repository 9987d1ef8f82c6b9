import { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import { HttpError, notFound } from '../../platform/http/problem.ts';
import type { Handlers } from '../../platform/http/types.ts';
import type { WebhookGuard } from '../../platform/http/webhook-guard.ts';
import { isConfigured, paymentProvider, type PaymentProvider, type ProviderName, type VerifiedEvent } from './providers/index.ts';
import { applyPayment } from './record-paid.ts';
import { applyRenewalEvent } from './renewals.ts';
import { checkoutByProviderPayment, recordEvent } from './store-checkouts.ts';

// POST /Webhooks/yookassa and /Webhooks/stripe (docs/payments.md "Notifications"): the credential before the body
// is parsed, then the provider's reading, then each event applied once (payment_events, same transaction).

/** Stripe events are small; a signed body above this is refused unread past it (413). */
const STRIPE_BODY_MAX = 64 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The exact bytes a Stripe signature was checked over, kept by the guard for the handler. */
const rawBodies = new WeakMap<FastifyRequest, Buffer>();

/** The provider, or 404: a provider the operator has not set up has no webhook. */
function providerOrNotFound(ctx: AppContext, name: ProviderName): PaymentProvider {
  const p = paymentProvider(ctx.config, name);
  if (!isConfigured(p)) throw notFound('webhookNotFound');
  return p;
}

const incoming = (req: FastifyRequest, rawBody: string | Buffer) => ({ rawBody, headers: req.headers, sourceAddress: req.ip });

export function paymentWebhookGuards(ctx: AppContext): Record<string, WebhookGuard> {
  return {
    // YooKassa signs nothing: its published addresses are the credential (request.ip behind the trusted proxy).
    yookassa: async (req) => {
      const check = providerOrNotFound(ctx, 'yookassa').checkNotificationCredential(incoming(req, ''));
      if (!check.ok) throw new HttpError(403, 'accessDenied');
    },
    // Stripe signs the exact bytes: they are read here (bounded), checked, and handed on for parsing.
    stripe: async (req, payload) => {
      const provider = providerOrNotFound(ctx, 'stripe');
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of payload) {
        size += (chunk as Buffer).length;
        if (size > STRIPE_BODY_MAX) throw new HttpError(413, 'payloadTooLarge');
        chunks.push(chunk as Buffer);
      }
      const raw = Buffer.concat(chunks);
      if (!provider.checkNotificationCredential(incoming(req, raw)).ok) throw new HttpError(401, 'signatureInvalid');
      rawBodies.set(req, raw);
      return Readable.from([raw]);
    },
  };
}

/** A payment event → the checkout it names (by the provider's payment id, else our id in the metadata). */
async function applyPaymentEvent(ctx: AppContext, tx: Tx, name: ProviderName, event: VerifiedEvent, log: FastifyBaseLogger): Promise<'applied' | 'ignored'> {
  if (!event.payment) return 'ignored';
  const byId = event.providerPaymentId ? await checkoutByProviderPayment(tx, name, event.providerPaymentId) : undefined;
  const metaId = event.metadata.checkoutId;
  const checkoutId = byId?.id ?? (metaId && UUID.test(metaId) ? metaId : undefined);
  if (!checkoutId) return 'ignored';
  // The event's kind is the provider adapter's reading (Stripe's async failure arrives on a session still "complete").
  const status = event.kind === 'paid' ? 'succeeded' : event.kind === 'canceled' ? 'canceled' : 'pending';
  const cancellation = status === 'canceled' ? { cancellation: event.payment.cancellation ?? { reason: event.reason ?? event.providerEvent } } : {};
  return applyPayment(ctx, tx, checkoutId, { ...event.payment, status, ...cancellation }, log);
}

async function handle(ctx: AppContext, name: ProviderName, req: FastifyRequest, rawBody: string | Buffer): Promise<{ result: 'applied' | 'duplicate' | 'ignored' }> {
  const read = await providerOrNotFound(ctx, name).readNotification(incoming(req, rawBody));
  if (!read.ok) {
    if (read.kind === 'refused') {
      if (read.refusal === 'unknownSource') throw new HttpError(403, 'accessDenied');
      if (read.refusal === 'malformed' || read.refusal === 'unknownPayment') {
        req.log.warn({ provider: name, refusal: read.refusal, reason: read.reason }, 'payment notification refused');
        throw new HttpError(400, 'requestRefused');
      }
      throw new HttpError(401, 'signatureInvalid');
    }
    // The provider could not be asked (or refused our key): non-2xx, so it sends the notification again.
    req.log.error({ provider: name, failure: read }, 'payment notification not read');
    throw new HttpError(503, 'providerUnavailable', { params: { reason: read.kind } });
  }
  const { event } = read;
  return ctx.db.transaction(async (tx) => {
    const fresh = await recordEvent(tx, {
      provider: name,
      dedupeKey: event.dedupeKey,
      kind: event.kind,
      providerEvent: event.providerEvent,
      providerPaymentId: event.providerPaymentId,
      receivedAt: new Date(ctx.config.now()),
    });
    if (!fresh) return { result: 'duplicate' as const };
    switch (event.kind) {
      case 'paid':
      case 'canceled':
      case 'pending':
        return { result: await applyPaymentEvent(ctx, tx, name, event, req.log) };
      case 'renewalPaid':
      case 'renewalFailed':
      case 'subscriptionEnded':
        return { result: await applyRenewalEvent(ctx, tx, event) };
      default:
        return { result: 'ignored' as const };
    }
  });
}

export function paymentWebhookHandlers(ctx: AppContext): Handlers<'yookassaNotification' | 'stripeNotification'> {
  return {
    // YooKassa's body is only a hint (the adapter refetches the payment): its parsed form is enough.
    yookassaNotification: async (req) => handle(ctx, 'yookassa', req, JSON.stringify(req.body)),
    stripeNotification: async (req) => handle(ctx, 'stripe', req, rawBodies.get(req) ?? JSON.stringify(req.body)),
  };
}
