import { randomUUID } from 'node:crypto';
import { loadBrands } from '../../../brand/load.ts';
import { brandForHost } from '../../platform/brands.ts';
import type { AppContext } from '../../platform/context.ts';
import { clientHostOf, requireAuth } from '../../platform/http/auth.ts';
import { invalidField } from '../../platform/http/field-error.ts';
import { unixSeconds } from '../../platform/db/rows.ts';
import { HttpError, notFound } from '../../platform/http/problem.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { linkOrigin } from '../account/links.ts';
import { lockUser } from '../account/store.ts';
import { openAtProvider, configuredProvider, providerFor, refreshCheckout } from './checkout.ts';
import { todayOf } from './handlers.ts';
import { checkoutsOfPayLink, insertPayLink, openPayLinksCount, payLinkById, type PayLinkRow } from './store-pay-links.ts';
import { priceCart, type Quote } from './quote.ts';
import { applyPayment } from './record-paid.ts';
import { insertCheckout } from './store-checkouts.ts';

// The owner's pay link (docs/payments.md "Pay links"): a priced cart someone else pays without signing in.

/** How long a link keeps its price (the promo code and prices are checked when it is made). */
export const PAY_LINK_DAYS = 7;
/** Open (unpaid, unexpired) links per owner: enough to share, not a store of carts. */
export const PAY_LINKS_OPEN_MAX = 20;

const linkUrl = (origin: string, id: string) => `${origin}/publicPayments?link=${id}`;

function stateOf(link: PayLinkRow, nowMs: number): 'open' | 'paid' | 'expired' {
  if (link.paidCheckoutId) return 'paid';
  return link.expiresAt.getTime() <= nowMs ? 'expired' : 'open';
}

export function payLinkHandlers(ctx: AppContext): Handlers<'createPayLink' | 'getPublicPayLink' | 'startPayLinkCheckout'> {
  const { db, config } = ctx;

  async function linkOf(id: string): Promise<PayLinkRow> {
    const link = await payLinkById(db, id);
    if (!link) throw notFound('payLinkNotFound');
    return link;
  }

  return {
    async createPayLink(req, reply) {
      const userId = requireAuth(req).userId;
      if (req.body.autoPay) throw invalidField('autoPay', 'payLinkAutoPay');
      const brand = brandForHost(clientHostOf(req));
      const now = new Date(config.now());
      const link = await db.transaction(async (tx) => {
        // Under the owner's lock, as the checkout: the open-links count and a promo code's uses stay exact.
        await lockUser(tx, userId);
        const { appliedPromo, ...quote } = await priceCart(tx, { userId, brand, prices: config.paymentPrices, cart: req.body, today: todayOf(now.getTime()) });
        if ((await openPayLinksCount(tx, userId, now)) >= PAY_LINKS_OPEN_MAX) throw new HttpError(409, 'payLinksLimit', { params: { maximum: PAY_LINKS_OPEN_MAX } });
        return insertPayLink(tx, {
          id: randomUUID(),
          userId,
          brand: brand.id,
          currency: quote.currency,
          total: quote.total,
          quote: { ...quote, promoOwnerUserId: appliedPromo?.ownerUserId ?? null },
          promocode: appliedPromo?.code ?? null,
          expiresAt: new Date(now.getTime() + PAY_LINK_DAYS * 86_400_000),
          createdAt: now,
        });
      });
      const { promoOwnerUserId: _owner, ...quote } = link.quote as Quote & { promoOwnerUserId?: number | null };
      reply.code(201);
      return {
        id: link.id,
        url: linkUrl(linkOrigin(config, clientHostOf(req)), link.id),
        expiresUnixTime: unixSeconds(link.expiresAt),
        total: link.total,
        currency: link.currency as 'RUB' | 'USD',
        quote,
      };
    },

    async getPublicPayLink(req) {
      let link = await linkOf(req.params.linkId);
      let attempts = link.paidCheckoutId ? [] : await checkoutsOfPayLink(db, link.id);
      if (attempts.some((c) => c.status === 'pending')) {
        // The page the provider sends the payer back to: ask about the open attempts (a lost notification heals).
        for (const open of attempts.filter((c) => c.status === 'pending')) await refreshCheckout(ctx, open, req.log);
        link = await linkOf(link.id);
        attempts = link.paidCheckoutId ? [] : await checkoutsOfPayLink(db, link.id);
      }
      const quote = link.quote as Quote;
      // A still-open attempt wins over a canceled one: the payer may be paying right now.
      const attempt = attempts.some((c) => c.status === 'pending') ? 'pending' : attempts.length ? 'canceled' : null;
      return {
        id: link.id,
        brand: link.brand,
        brandName: loadBrands().find((b) => b.id === link.brand)?.productName ?? link.brand,
        lines: quote.lines.map((l) => ({ tariff: l.tariff, units: l.units, months: l.months, amount: l.amount })),
        packs: quote.packs.map((p) => ({ kind: p.kind, quantity: p.quantity, amount: p.amount })),
        total: link.total,
        currency: link.currency as 'RUB' | 'USD',
        state: stateOf(link, config.now()),
        attempt,
        expiresUnixTime: unixSeconds(link.expiresAt),
      };
    },

    async startPayLinkCheckout(req, reply) {
      if (req.body.termsAccepted !== true) throw invalidField('termsAccepted', 'termsNotAccepted');
      const link = await linkOf(req.params.linkId);
      const state = stateOf(link, config.now());
      if (state === 'paid') throw new HttpError(409, 'alreadyPaid');
      if (state === 'expired') throw new HttpError(409, 'payLinkExpired');
      const provider = providerFor(link.currency);
      if (link.total > 0) configuredProvider(ctx, provider);
      const returnUrl = linkUrl(linkOrigin(config, clientHostOf(req)), link.id);
      // Each Pay is a new attempt for the owner with the stored quote: a canceled one leaves the link payable.
      const row = await insertCheckout(db, {
        id: randomUUID(),
        userId: link.userId,
        brand: link.brand,
        provider,
        currency: link.currency,
        total: link.total,
        quote: link.quote,
        promocode: link.promocode,
        autoPay: false,
        payLinkId: link.id,
        createdAt: new Date(config.now()),
      });
      reply.code(201);
      if (row.total === 0) {
        await db.transaction((tx) => applyPayment(ctx, tx, row.id, null, req.log));
        return { confirmationUrl: returnUrl };
      }
      const opened = await openAtProvider(ctx, row, { returnUrl }, req.log);
      return { confirmationUrl: opened.confirmationUrl ?? returnUrl };
    },
  };
}
