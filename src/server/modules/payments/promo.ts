import type { Tx } from '../../platform/db/transactions.ts';
import { invalidField } from '../../platform/http/field-error.ts';
import type { ProblemCode, ProblemParams } from '../../platform/http/codes.ts';
import { paidPaymentsCount, promocodeByCode, promocodeUses } from '../admin/store-payments.ts';

/** The spelling admins create codes with (openapi/admin.yaml): anything else cannot be a code. */
const CODE_FORMAT = /^[A-Za-z0-9_-]{3,32}$/;

/** What of the cart a promo code's rules look at. */
export interface PromoCart {
  tariffs: readonly number[];
  months: readonly number[];
  autoPay: boolean;
}

export interface AppliedPromo {
  /** As stored (upper-cased): what the payment's `promocode` records. */
  code: string;
  discountPercent: number;
  /** The owner's reward for the coming partners screen (§9), as the row holds it. */
  ownerUserId: number | null;
}

const refuse = (code: ProblemCode, params?: ProblemParams) => invalidField('promocode', code, params ? { params } : {});

/**
 * The §8 promo rules for `userId`'s cart, in one order (docs/payments.md "Promo codes"): the first broken one is a
 * 400 on `promocode`. The quote calls it; the checkout calls it again inside its transaction before it records a
 * payment, so a code used up meanwhile is refused there too. `today` is the UTC date, YYYY-MM-DD.
 */
export async function checkPromocode(db: Tx, input: { typed: string; userId: number; cart: PromoCart; today: string }): Promise<AppliedPromo> {
  const typed = input.typed.trim();
  if (!CODE_FORMAT.test(typed)) throw refuse('promocodeInvalid');
  const promo = await promocodeByCode(db, typed);
  if (!promo) throw refuse('promocodeNotFound');
  // §6: a promo owner cannot use their own code.
  if (promo.ownerUserId === input.userId) throw refuse('promocodeOwn');
  if (promo.expireDate !== null && promo.expireDate < input.today) throw refuse('promocodeExpired');
  const uses = await promocodeUses(db, promo.code, input.userId);
  if (uses.all >= promo.paymentCount) throw refuse('promocodeUsersLimit');
  if (uses.byUser >= promo.paymentsCountByUser) throw refuse('promocodeUserLimit');
  // An empty list means every tariff; a code applies to tariffs only, so a cart of packs alone cannot take one.
  const allowed = promo.availableTariffTypes;
  if (input.cart.tariffs.length === 0 || (allowed.length > 0 && input.cart.tariffs.some((t) => !allowed.includes(t)))) throw refuse('promocodeNotForTariff');
  const paid = await paidPaymentsCount(db, input.userId);
  if (paid < promo.minimalUserPayments) throw refuse('promocodeMinimalPayments', { minimum: promo.minimalUserPayments });
  if (promo.maxUserPayments !== null && paid > promo.maxUserPayments) throw refuse('promocodeTooManyPayments', { maximum: promo.maxUserPayments });
  // §5: valid for one month of payment at a time, and never with auto-pay.
  if (input.cart.months.some((m) => m !== 1)) throw refuse('promocodeOneMonth');
  if (input.cart.autoPay) throw refuse('promocodeWithAutoPay');
  return { code: promo.code, discountPercent: promo.discountPercent, ownerUserId: promo.ownerUserId };
}
