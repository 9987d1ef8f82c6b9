import type { components } from '../../../api/schema.d.ts';
import type { AppContext } from '../../platform/context.ts';
import type { PromocodeRow } from './store-payments.ts';
import { insertPromocode, promocodeExists, promocodesPage } from './store-payments.ts';
import { userExists } from '../account/store.ts';
import { requireAuth } from '../../platform/http/auth.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { invalidField } from '../../platform/http/field-error.ts';
import { pagesOf, seconds } from '../../platform/db/rows.ts';

export const PROMOCODES_PAGE_SIZE = 20;
type PromoRow = PromocodeRow;

const toPromocode = (r: PromoRow, usedCount: number): components['schemas']['Promocode'] => ({
  id: r.id,
  code: r.code,
  discountPercent: r.discountPercent,
  paymentCount: r.paymentCount,
  paymentsCountByUser: r.paymentsCountByUser,
  expireDate: r.expireDate,
  availableTariffTypes: r.availableTariffTypes,
  minimalUserPayments: r.minimalUserPayments,
  maxUserPayments: r.maxUserPayments,
  forNetworkCompanies: r.forNetworkCompanies,
  rewardSumOwner: r.rewardSumOwner,
  rewardPercentOwner: r.rewardPercentOwner,
  ownerUserId: r.ownerUserId,
  usedCount,
  createdDateUnixTime: seconds(r.createdAt)!,
});

/** §3 Promocode: every admin reads them; only super-admins create (the contract's scope enforces it). */
export function adminPromocodeHandlers(ctx: AppContext): Handlers<'adminListPromocodes' | 'adminCreatePromocode'> {
  const { db, config } = ctx;

  return {
    async adminListPromocodes(req) {
      const { page = 1 } = req.query;
      // Uses = successful payments naming the code.
      const { total, rows } = await promocodesPage(db, page, PROMOCODES_PAGE_SIZE);
      return { promocodes: rows.map((r) => toPromocode(r.row, Number(r.used))), page, pages: pagesOf(total, PROMOCODES_PAGE_SIZE), total };
    },

    async adminCreatePromocode(req, reply) {
      const body = req.body;
      const code = body.code.toUpperCase();
      if (body.maxUserPayments != null && body.maxUserPayments < (body.minimalUserPayments ?? 0)) {
        throw invalidField('maxUserPayments', 'belowMinimalPayments');
      }
      if (body.paymentsCountByUser > body.paymentCount) throw invalidField('paymentsCountByUser', 'exceedsPaymentCount');
      if (body.ownerUserId != null) {
        const owner = await userExists(db, body.ownerUserId);
        if (!owner) throw invalidField('ownerUserId', 'noSuchUser', { params: { id: body.ownerUserId } });
      }
      const clash = await promocodeExists(db, code);
      if (clash) throw invalidField('code', 'promocodeTaken', { params: { code }, status: 409 });
      const row = await insertPromocode(db, {
          code,
          discountPercent: body.discountPercent,
          paymentCount: body.paymentCount,
          paymentsCountByUser: body.paymentsCountByUser,
          expireDate: body.expireDate ?? null,
          availableTariffTypes: [...(body.availableTariffTypes ?? [])].sort((a, b) => a - b),
          minimalUserPayments: body.minimalUserPayments ?? 0,
          maxUserPayments: body.maxUserPayments ?? null,
          forNetworkCompanies: body.forNetworkCompanies ?? false,
          rewardSumOwner: body.rewardSumOwner ?? 0,
          rewardPercentOwner: body.rewardPercentOwner ?? 0,
          ownerUserId: body.ownerUserId ?? null,
          createdBy: requireAuth(req).userId,
          createdAt: new Date(config.now()),
        });
      reply.code(201);
      return toPromocode(row, 0);
    },
  };
}
