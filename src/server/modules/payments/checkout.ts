import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { components } from '../../../api/schema.d.ts';
import { brandForHost } from '../../platform/brands.ts';
import type { AppContext } from '../../platform/context.ts';
import { clientHostOf, requireAuth } from '../../platform/http/auth.ts';
import { invalidField } from '../../platform/http/field-error.ts';
import { HttpError, notFound } from '../../platform/http/problem.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { linkOrigin } from '../account/links.ts';
import { lockUser } from '../account/store.ts';
import { paymentIdsOfOrder } from '../admin/store-payments.ts';
import { todayOf } from './handlers.ts';
import { isConfigured, paymentProvider, type AutoPay, type NotConfigured, type PaymentProvider, type ProviderName } from './providers/index.ts';
import { priceCart, type Quote } from './quote.ts';
import { applyPayment, type PaymentsContext, type PaymentsLog } from './record-paid.ts';
import { checkoutOf, insertCheckout, updateCheckout, type CheckoutRow } from './store-checkouts.ts';

// POST /Payments/Checkout and GET /Payments/Checkout/{id} (docs/payments.md "Checkout").

/** The provider follows the currency: YooKassa takes roubles, Stripe the rest (docs/payment-providers.md). */
export const providerFor = (currency: string): ProviderName => (currency === 'RUB' ? 'yookassa' : 'stripe');

/** The provider, or 409 `paymentsNotConfigured` when the operator has not set it up. */
export function configuredProvider(ctx: AppContext, name: ProviderName): PaymentProvider {
  const p: PaymentProvider | NotConfigured = paymentProvider(ctx.config, name);
  if (!isConfigured(p)) throw new HttpError(409, 'paymentsNotConfigured');
  return p;
}

/**
 * Opens the provider's payment for a stored checkout (key `checkout-<id>`) and keeps its id and page. A failure
 * cancels the checkout with the reason (the payer never saw a page to pay on; a retry is a new checkout).
 */
export async function openAtProvider(ctx: AppContext, row: CheckoutRow, input: { returnUrl: string; autoPay?: AutoPay }, log: FastifyBaseLogger): Promise<CheckoutRow> {
  const provider = configuredProvider(ctx, row.provider);
  const created = await provider.createCheckout({
    idempotencyKey: `checkout-${row.id}`,
    amount: { amount: row.total, currency: row.currency },
    description: `Payment ${row.id}`,
    returnUrl: input.returnUrl,
    metadata: { checkoutId: row.id },
    ...(input.autoPay ? { autoPay: input.autoPay } : {}),
  });
  if (created.ok) return (await updateCheckout(ctx.db, row.id, { providerPaymentId: created.payment.id, confirmationUrl: created.confirmationUrl }))!;
  await updateCheckout(ctx.db, row.id, { status: 'canceled', cancellationReason: `provider ${created.kind}`, settledAt: new Date(ctx.config.now()) });
  if (created.kind === 'down') throw new HttpError(502, 'providerUnavailable', { params: { reason: created.reason } });
  // Our request or our key was wrong: the operator needs the provider's words, the payer a plain refusal.
  log.error({ checkoutId: row.id, provider: row.provider, failure: created }, 'payment provider refused the checkout');
  if (created.kind === 'keyRefused') throw new HttpError(409, 'paymentsNotConfigured');
  throw new HttpError(502, 'paymentProviderRefused');
}

/**
 * Auto-pay renews every line for one period and never renews packs; Stripe renews the whole amount as one
 * subscription, so there it renews one tariff (docs/payments.md "Checkout"). Answers the period, or undefined.
 */
function autoPayOf(quote: Quote, provider: ProviderName): AutoPay | undefined {
  if (!quote.autoPay) return undefined;
  if (quote.packs.length) throw invalidField('autoPay', 'autoPayWithPacks');
  const months = new Set(quote.lines.map((l) => l.months));
  if (months.size > 1) throw invalidField('autoPay', 'autoPayMonthsDiffer');
  if (provider === 'stripe' && quote.lines.length > 1) throw invalidField('autoPay', 'autoPayOneTariff');
  return { intervalMonths: quote.lines[0]!.months };
}

export async function checkoutView(ctx: AppContext, row: CheckoutRow): Promise<components['schemas']['Checkout']> {
  const { promoOwnerUserId: _owner, ...quote } = row.quote as Quote & { promoOwnerUserId?: number | null };
  return {
    id: row.id,
    status: row.status,
    provider: row.provider,
    currency: row.currency as 'RUB' | 'USD',
    total: row.total,
    autoPay: row.autoPay,
    quote,
    confirmationUrl: row.status === 'pending' ? row.confirmationUrl : null,
    createdDateUnixTime: Math.floor(row.createdAt.getTime() / 1000),
    paymentIds: row.status === 'paid' ? await paymentIdsOfOrder(ctx.db, row.userId, row.id) : [],
    cancellationReason: row.cancellationReason,
  };
}

/** Asks the provider about a pending checkout and applies the answer as a notification would (a lost one heals). */
export async function refreshCheckout(ctx: PaymentsContext, row: CheckoutRow, log: PaymentsLog): Promise<CheckoutRow> {
  if (row.status !== 'pending' || !row.providerPaymentId) return row;
  const provider = paymentProvider(ctx.config, row.provider);
  if (!isConfigured(provider)) return row;
  const fetched = await provider.fetchPayment(row.providerPaymentId);
  if (!fetched.ok) {
    log.warn({ checkoutId: row.id, failure: fetched.kind }, 'checkout not refreshed from the provider');
    return row;
  }
  const result = await ctx.db.transaction((tx) => applyPayment(ctx, tx, row.id, fetched.payment, log));
  return result === 'applied' ? ((await checkoutOf(ctx.db, row.userId, row.id)) ?? row) : row;
}

export function checkoutHandlersOwn(ctx: AppContext): Handlers<'startCheckout' | 'getCheckout'> {
  const { db, config } = ctx;
  return {
    async startCheckout(req, reply) {
      const userId = requireAuth(req).userId;
      const { termsAccepted, ...cart } = req.body;
      if (termsAccepted !== true) throw invalidField('termsAccepted', 'termsNotAccepted');
      const brand = brandForHost(clientHostOf(req));
      const provider = providerFor(brand.currency);
      const id = randomUUID();
      const { row, autoPay } = await db.transaction(async (tx) => {
        // Under the owner's lock, so a promo code used up by a parallel checkout of the same owner is refused.
        await lockUser(tx, userId);
        const { appliedPromo, ...quote } = await priceCart(tx, { userId, brand, prices: config.paymentPrices, cart, today: todayOf(config.now()) });
        const autoPay = autoPayOf(quote, provider);
        if (quote.total > 0) configuredProvider(ctx, provider);
        const row = await insertCheckout(tx, {
          id,
          userId,
          brand: brand.id,
          provider,
          currency: quote.currency,
          total: quote.total,
          quote: { ...quote, promoOwnerUserId: appliedPromo?.ownerUserId ?? null },
          promocode: appliedPromo?.code ?? null,
          autoPay: quote.autoPay,
          createdAt: new Date(config.now()),
        });
        return { row, autoPay };
      });
      let settled: CheckoutRow;
      if (row.total === 0) {
        // Nothing to charge (a 100 % promo code): recorded as paid at once, no provider involved.
        await db.transaction((tx) => applyPayment(ctx, tx, row.id, null, req.log));
        settled = (await checkoutOf(db, userId, row.id))!;
      } else {
        const returnUrl = `${linkOrigin(config, clientHostOf(req))}/payments?checkout=${row.id}`;
        settled = await openAtProvider(ctx, row, { returnUrl, ...(autoPay ? { autoPay } : {}) }, req.log);
      }
      reply.code(201);
      return checkoutView(ctx, settled);
    },

    async getCheckout(req) {
      const userId = requireAuth(req).userId;
      const row = await checkoutOf(db, userId, req.params.checkoutId);
      if (!row) throw notFound();
      return checkoutView(ctx, await refreshCheckout(ctx, row, req.log));
    },
  };
}
