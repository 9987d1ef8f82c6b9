import { randomUUID } from 'node:crypto';
import { brandForHost } from '../../platform/brands.ts';
import type { AppContext } from '../../platform/context.ts';
import { clientHostOf } from '../../platform/http/auth.ts';
import { invalidField } from '../../platform/http/field-error.ts';
import { HttpError, notFound } from '../../platform/http/problem.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { linkOrigin } from '../account/links.ts';
import { paymentByPublicId, type PaymentRow } from '../admin/store-payments.ts';
import { configuredProvider, openAtProvider, providerFor, refreshCheckout } from './checkout.ts';
import { MAX_TOTAL_MINOR } from './quote.ts';
import { applyPayment } from './record-paid.ts';
import { insertCheckout, pendingCheckoutsOfLink } from './store-checkouts.ts';

// The public pay link (docs/payments.md "The pay link"): an admin's unpaid payment, paid by whoever has the link.

const PAYABLE = new Set(['RUB', 'USD']);

/** The link's payment; an unknown id, or a row in a currency no provider takes, is not a pay link (404). */
async function linkedPayment(ctx: AppContext, publicId: string): Promise<PaymentRow & { currency: 'RUB' | 'USD' }> {
  const row = await paymentByPublicId(ctx.db, publicId);
  if (!row || !PAYABLE.has(row.currency)) throw notFound('paymentNotFound');
  return row as PaymentRow & { currency: 'RUB' | 'USD' };
}

const minor = (major: number) => Math.round(major * 100);

export function publicPayHandlers(ctx: AppContext): Handlers<'getPublicPayment' | 'startPublicCheckout'> {
  const { db, config } = ctx;
  return {
    async getPublicPayment(req) {
      let p = await linkedPayment(ctx, req.params.publicId);
      if (!p.success) {
        // The page the provider sends the payer back to: ask about its open checkouts (a lost notification heals).
        for (const open of await pendingCheckoutsOfLink(db, p.publicId)) await refreshCheckout(ctx, open, req.log);
        p = await linkedPayment(ctx, req.params.publicId);
      }
      return {
        publicId: p.publicId,
        tariff: p.tariff,
        amount: minor(p.amount),
        currency: p.currency,
        success: p.success,
        dateBeginUnixTime: p.dateBegin,
        dateEndUnixTime: p.dateEnd,
        brand: brandForHost(clientHostOf(req)).id,
      };
    },

    async startPublicCheckout(req, reply) {
      if (req.body.termsAccepted !== true) throw invalidField('termsAccepted', 'termsNotAccepted');
      const p = await linkedPayment(ctx, req.params.publicId);
      if (p.success) throw new HttpError(409, 'alreadyPaid');
      // The payment's own currency picks the provider (the admin set it), not the page's host.
      const provider = providerFor(p.currency);
      const total = minor(p.amount);
      // An amount no payment can carry (the admin's typo) is not opened at the provider nor stored.
      if (total > MAX_TOTAL_MINOR) throw new HttpError(409, 'totalTooLarge', { params: { maximum: MAX_TOTAL_MINOR / 100 } });
      if (total > 0) configuredProvider(ctx, provider);
      const returnUrl = `${linkOrigin(config, clientHostOf(req))}/publicPayments?payment=${p.publicId}`;
      const row = await insertCheckout(db, {
        id: randomUUID(),
        userId: p.userId,
        brand: brandForHost(clientHostOf(req)).id,
        provider,
        currency: p.currency,
        total,
        // No cart: the admin's row says what is bought; the quote only carries the amount.
        quote: { currency: p.currency, lines: [], packs: [], promo: null, total, autoPay: false },
        promocode: null,
        autoPay: false,
        paymentPublicId: p.publicId,
        createdAt: new Date(config.now()),
      });
      reply.code(201);
      if (total === 0) {
        await db.transaction((tx) => applyPayment(ctx, tx, row.id, null, req.log));
        return { confirmationUrl: returnUrl };
      }
      const opened = await openAtProvider(ctx, row, { returnUrl }, req.log);
      return { confirmationUrl: opened.confirmationUrl ?? returnUrl };
    },
  };
}
