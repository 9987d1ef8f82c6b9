import type { AppContext } from '../../platform/context.ts';
import { brandForHost } from '../../platform/brands.ts';
import { clientHostOf, requireAuth } from '../../platform/http/auth.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { paymentsPage } from '../admin/store-payments.ts';
import { hostCatalogue } from './catalogue.ts';
import { toOwnPayment } from './mapping.ts';
import { priceCart } from './quote.ts';
import { ownerUnits } from './units.ts';

/** The UTC date of the server's clock, as promo codes' expireDate is written. */
export const todayOf = (nowMs: number) => new Date(nowMs).toISOString().slice(0, 10);

/** Payments (issue 18, first slice): the catalogue, the owner's units, the priced cart and the history. */
export function paymentsHandlers(ctx: AppContext): Handlers<'getPaymentTariffs' | 'getPaymentUnits' | 'quotePayment' | 'listOwnPayments'> {
  const { db, config } = ctx;
  return {
    async getPaymentTariffs(req) {
      requireAuth(req);
      return hostCatalogue(brandForHost(clientHostOf(req)), config.paymentPrices);
    },

    async getPaymentUnits(req) {
      return ownerUnits(db, requireAuth(req).userId);
    },

    async quotePayment(req) {
      const userId = requireAuth(req).userId;
      const brand = brandForHost(clientHostOf(req));
      const { appliedPromo: _promo, ...quote } = await priceCart(db, { userId, brand, prices: config.paymentPrices, cart: req.body, today: todayOf(config.now()) });
      return quote;
    },

    async listOwnPayments(req) {
      const userId = requireAuth(req).userId;
      const { page = 1, pageSize = 20 } = req.query;
      const { total, rows } = await paymentsPage(db, userId, { page, pageSize });
      return { payments: rows.map(toOwnPayment), total, pages: Math.ceil(total / pageSize) };
    },
  };
}
