import type { Currency } from '../../../shared/payments/currency.ts';

/**
 * The referral programme's amounts, in one place (§9 "Referral promo: $10 reward, $500 old amount, 20% discount;
 * elsewhere the reward and friend discount are placeholders and their values are not shown. Friend gift text:
 * 2000 RUB."). Ours: the dollar brands show the §9 values; the rouble brands keep them as placeholders (not shown)
 * and show the friend gift text instead. A code takes these values when it is created; an admin may change a row.
 */
export const REFERRAL = {
  /** The friend's discount, percent (the promocodes row's `discountPercent`). */
  friendDiscountPercent: 20,
  /** The owner's reward per paid checkout of a friend: a fixed sum in the brand's currency (major units)… */
  ownerRewardSum: { USD: 10, RUB: 1000 } satisfies Record<Currency, number>,
  /** …plus this percent of what the friend paid. */
  ownerRewardPercent: 0,
  /** Whether the brand's screens show the discount and reward (§9: elsewhere they are placeholders). */
  showValues: { USD: true, RUB: false } satisfies Record<Currency, boolean>,
  friendGiftText: { USD: null, RUB: '2000 RUB' } satisfies Record<Currency, string | null>,
  /** A referral code is a promo code like any other; these keep it usable by any number of friends, once each. */
  paymentCount: 1_000_000,
  paymentsCountByUser: 1,
  /** Links per owner. */
  linksLimit: 20,
} as const;
