import type { AppContext } from '../../platform/context.ts';
import { brandForHost } from '../../platform/brands.ts';
import { clientHostOf, requireAuth } from '../../platform/http/auth.ts';
import { invalidField } from '../../platform/http/field-error.ts';
import { notFound } from '../../platform/http/problem.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { linkOrigin } from '../account/links.ts';
import { emailsOf, findUser } from '../account/store.ts';
import { paidPaymentsCount, promocodeByCode } from '../admin/store-payments.ts';
import { todayOf } from '../payments/handlers.ts';
import { checkPromocode } from '../payments/promo.ts';
import { registerUrl, toLink, toReward } from './mapping.ts';
import { createLink, ensureReferralCode, recordReferral } from './referral.ts';
import { REFERRAL } from './settings.ts';
import { countTransition, deleteLink, linksOf, partnerCodeByPromocode, referralTotals, rewardsPage } from './store.ts';

/** Rules of a promo code that need a cart: the payment checks them (docs/payments.md "Promo codes"). */
const CHECKED_AT_PAYMENT = ['tariff', 'months', 'autoPay'] as const;
const CODE_FORMAT = /^[A-Za-z0-9_-]{3,32}$/;

/** Partners (issue 18; docs/partners.md): the referral programme and applying a promo code. */
export function partnersHandlers(ctx: AppContext): Handlers<'getReferralProgramme' | 'createReferralLink' | 'deleteReferralLink' | 'checkPartnerPromocode' | 'countReferralTransition'> {
  const { db, config } = ctx;
  const now = () => new Date(config.now());

  return {
    async getReferralProgramme(req) {
      const userId = requireAuth(req).userId;
      const { currency } = brandForHost(clientHostOf(req));
      const origin = linkOrigin(config, clientHostOf(req));
      const { page = 1, pageSize = 20 } = req.query;
      const { partner, promo } = await ensureReferralCode(db, userId, currency, now());
      const links = await linksOf(db, userId);
      const totals = await referralTotals(db, userId);
      const rewards = await rewardsPage(db, userId, page, pageSize);
      const balance = (await findUser(db, userId))?.balance ?? 0;
      const emails = await emailsOf(db, [...new Set(rewards.rows.map((r) => r.friendUserId).filter((id): id is number => id !== null))]);
      const show = REFERRAL.showValues[currency];
      return {
        code: promo.code,
        url: registerUrl(origin, promo.code),
        currency,
        friendDiscountPercent: show ? promo.discountPercent : null,
        ownerReward: show ? { amount: Math.round(promo.rewardSumOwner * 100), currency, percent: promo.rewardPercentOwner } : null,
        friendGiftText: REFERRAL.friendGiftText[currency],
        links: links.map((l) => toLink(origin, promo.code, l.link, l.registrations)),
        linksLimit: REFERRAL.linksLimit,
        totals: { ...totals, transitions: partner.transitions },
        rewards: rewards.rows.map((r) => toReward(r, r.friendUserId === null ? undefined : emails.get(r.friendUserId))),
        rewardsTotal: rewards.total,
        pages: Math.ceil(rewards.total / pageSize),
        balance,
      };
    },

    async createReferralLink(req, reply) {
      const userId = requireAuth(req).userId;
      const name = req.body.name.trim();
      if (!name) throw invalidField('name', 'blank');
      const { currency } = brandForHost(clientHostOf(req));
      const { promo } = await ensureReferralCode(db, userId, currency, now());
      const link = await createLink(db, userId, name, now());
      if (!link) throw invalidField('name', 'referralLinksLimit', { params: { limit: REFERRAL.linksLimit }, status: 409 });
      reply.code(201);
      return toLink(linkOrigin(config, clientHostOf(req)), promo.code, link, 0);
    },

    async deleteReferralLink(req, reply) {
      const userId = requireAuth(req).userId;
      if (!(await deleteLink(db, userId, req.params.linkId))) throw notFound('referralLinkNotFound');
      reply.code(204);
    },

    async checkPartnerPromocode(req) {
      const userId = requireAuth(req).userId;
      const brand = brandForHost(clientHostOf(req));
      const typed = req.body.promocode;
      // The host's tariffs the code is for stand in for a cart, so only the rules that need a real cart are left.
      const promo = CODE_FORMAT.test(typed.trim()) ? await promocodeByCode(db, typed.trim()) : undefined;
      const allowed = promo?.availableTariffTypes ?? [];
      const tariffs = allowed.length ? brand.tariffs.filter((t) => allowed.includes(t)) : [...brand.tariffs];
      const applied = await checkPromocode(db, { typed, userId, cart: { tariffs, months: [1], autoPay: false }, today: todayOf(config.now()) });
      const friends = applied.ownerUserId !== null;
      // §1 referral: a friend's code applied before the first payment says who brought the owner (the first one stays).
      const referralRecorded = friends && (await paidPaymentsCount(db, userId)) === 0 && (await recordReferral(db, { referredUserId: userId, code: applied.code, at: now() }));
      return {
        code: applied.code,
        discountPercent: applied.discountPercent,
        tariffs,
        referralRecorded,
        friendGiftText: friends ? REFERRAL.friendGiftText[brand.currency] : null,
        checkedAtPayment: [...CHECKED_AT_PAYMENT],
      };
    },

    async countReferralTransition(req, reply) {
      const code = req.body.code.trim();
      const promo = CODE_FORMAT.test(code) ? await promocodeByCode(db, code) : undefined;
      const partner = promo && (await partnerCodeByPromocode(db, promo.id));
      if (!partner) throw notFound('referralCodeNotFound');
      await countTransition(db, partner.userId, req.body.linkId ?? null);
      reply.code(204);
    },
  };
}
