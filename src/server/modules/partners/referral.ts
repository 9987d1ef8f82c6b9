import { randomInt } from 'node:crypto';
import type { Currency } from '../../../shared/payments/currency.ts';
import type { Db } from '../../platform/db/open.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import { findUser, lockUser } from '../account/store.ts';
import { insertPromocode, promocodeByCode, promocodeById, promocodeExists, type PromocodeRow } from '../admin/store-payments.ts';
import { REFERRAL } from './settings.ts';
import { insertLink, insertPartnerCode, insertReferral, linkOwnedBy, linksCount, partnerCodeOf, type PartnerCodeRow } from './store.ts';

/** The spelling of promo codes (payments' promo rules refuse anything else without reading the table). */
const CODE_FORMAT = /^[A-Za-z0-9_-]{3,32}$/;
/** No 0/O, 1/I/L: a code read aloud or copied by hand survives. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A readable code: up to 8 letters of the email's name, a dash and 4 random characters (`ANNA-7K2Q`). */
export function referralCodeCandidate(email: string): string {
  const name = email.split('@')[0]!.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 8);
  const tail = Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${name.length >= 2 ? name : 'REF'}-${tail}`;
}

export interface ReferralCode {
  partner: PartnerCodeRow;
  promo: PromocodeRow;
}

/**
 * The owner's one referral code, created on first need (a `promocodes` row the owner owns, with §9's discount and
 * reward for the brand's currency). The owner's row lock makes two first calls at once create one code.
 */
export async function ensureReferralCode(db: Db, userId: number, currency: Currency, at: Date): Promise<ReferralCode> {
  const found = await referralCodeOf(db, userId);
  if (found) return found;
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const again = await referralCodeOf(tx, userId);
    if (again) return again;
    const email = (await findUser(tx, userId))?.email ?? '';
    let code = referralCodeCandidate(email);
    for (let i = 0; i < 8 && (await promocodeExists(tx, code)); i++) code = referralCodeCandidate(i < 4 ? email : '');
    const promo = await insertPromocode(tx, {
      code,
      discountPercent: REFERRAL.friendDiscountPercent,
      paymentCount: REFERRAL.paymentCount,
      paymentsCountByUser: REFERRAL.paymentsCountByUser,
      rewardSumOwner: REFERRAL.ownerRewardSum[currency],
      rewardPercentOwner: REFERRAL.ownerRewardPercent,
      ownerUserId: userId,
      createdAt: at,
    });
    const partner = { userId, promocodeId: promo.id, transitions: 0, createdAt: at };
    await insertPartnerCode(tx, partner);
    return { partner, promo };
  });
}

export async function referralCodeOf(db: Tx, userId: number): Promise<ReferralCode | undefined> {
  const partner = await partnerCodeOf(db, userId);
  const promo = partner && (await promocodeById(db, partner.promocodeId));
  return partner && promo ? { partner, promo } : undefined;
}

/**
 * Remembers that the owner of `code` referred `referredUserId` (at sign-up, or when they apply a friend's code):
 * any promo code with an owner other than the user counts. The first referral stays; an unknown code, an own code
 * or a link of someone else is not an error (sign-up never fails over a `ref`), just not recorded.
 */
export async function recordReferral(db: Tx, input: { referredUserId: number; code: string | null | undefined; linkId?: number | null; at: Date }): Promise<boolean> {
  const typed = input.code?.trim() ?? '';
  if (!CODE_FORMAT.test(typed)) return false;
  const promo = await promocodeByCode(db, typed);
  const ownerUserId = promo?.ownerUserId;
  if (!promo || ownerUserId == null || ownerUserId === input.referredUserId) return false;
  const linkId = input.linkId != null && (await linkOwnedBy(db, ownerUserId, input.linkId)) ? input.linkId : null;
  return insertReferral(db, { referredUserId: input.referredUserId, ownerUserId, linkId, code: promo.code, createdAt: input.at });
}

/** A new named link; the owner's lock keeps the limit exact under parallel calls. Undefined when the limit is reached. */
export async function createLink(db: Db, userId: number, name: string, at: Date) {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    if ((await linksCount(tx, userId)) >= REFERRAL.linksLimit) return undefined;
    return insertLink(tx, { userId, name, createdAt: at });
  });
}
