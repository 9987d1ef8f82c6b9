import type { Tx } from '../../platform/db/transactions.ts';
import { findUser, lockUser, updateUser } from '../account/store.ts';
import { promocodeByCode, type PromocodeRow } from '../admin/store-payments.ts';
import { referralCodeOf } from './referral.ts';
import { insertReward, referralOf, rewardedFor } from './store.ts';

// The referral programme's rewards (docs/partners.md "Rewards").

export interface RecordedPayment {
  /** Who paid. */
  payerUserId: number;
  /** The payments rows the checkout became. */
  paymentIds: number[];
  /** What was paid, minor units of `currency`. */
  amount: number;
  currency: string;
  /**
   * What one US dollar costs in `currency`'s minor units (the price list's `aiBalanceDollar`: 100 for USD): the
   * balance is the AI balance, in dollars (§5), so a reward in roubles is credited converted.
   */
  minorPerDollar: number;
  /** The promo code applied, as the owner typed it (upper-cased), or null. */
  promocode: string | null;
  at: Date;
}

/** Whose reward a payment earns: the owner of the code paid with, else whoever referred the payer. */
async function rewardedOwner(tx: Tx, payment: RecordedPayment): Promise<{ ownerUserId: number; promo: PromocodeRow | undefined } | undefined> {
  const used = payment.promocode ? await promocodeByCode(tx, payment.promocode) : undefined;
  if (used?.ownerUserId != null && used.ownerUserId !== payment.payerUserId) return { ownerUserId: used.ownerUserId, promo: used };
  const referral = await referralOf(tx, payment.payerUserId);
  if (!referral || referral.ownerUserId === payment.payerUserId) return undefined;
  // The code the friend came with sets the reward; when an admin deleted it, the owner's referral code does.
  const promo = (await promocodeByCode(tx, referral.code)) ?? (await referralCodeOf(tx, referral.ownerUserId))?.promo;
  return { ownerUserId: referral.ownerUserId, promo };
}

/**
 * Called once per paid checkout or renewal, inside the transaction that records it. Credits the owner the code's
 * `rewardSumOwner` (major units of the payment's currency, once per friend: the first paid checkout) plus
 * `rewardPercentOwner` % of every payment, into their balance, and records it in `referral_rewards`, unique per
 * payment: a payment reported twice is credited once. A promo owner never rewards themself.
 */
export async function accrueReferralReward(tx: Tx, payment: RecordedPayment): Promise<void> {
  if (payment.paymentIds.length === 0 || payment.amount <= 0) return;
  const who = await rewardedOwner(tx, payment);
  if (!who || !who.promo) return;
  const { ownerUserId, promo } = who;
  // A deleted account keeps its row for accounting; it earns nothing more.
  if ((await findUser(tx, ownerUserId))?.deletedAt != null) return;
  // The owner's row lock first: two checkouts of one friend paid at once are rewarded one after the other, so the
  // second sees the first's reward and the fixed part is paid once; parallel credits keep the balance whole.
  await lockUser(tx, ownerUserId);
  // The fixed part never exceeds what the friend paid (a cheap first purchase cannot farm a larger reward).
  const fixed = (await rewardedFor(tx, ownerUserId, payment.payerUserId)) ? 0 : Math.min(Math.round(promo.rewardSumOwner * 100), payment.amount);
  const share = Math.round((payment.amount * promo.rewardPercentOwner) / 100);
  const amount = fixed + share;
  if (amount <= 0) return;
  const paymentIds = [...payment.paymentIds].sort((a, b) => a - b).join(',');
  const written = await insertReward(tx, { ownerUserId, friendUserId: payment.payerUserId, paymentIds, amount, currency: payment.currency, code: promo.code, createdAt: payment.at });
  if (!written) return;
  // The balance (the admin user model's) is in US dollars, to the cent.
  const cents = Math.round((amount * 100) / payment.minorPerDollar);
  const owner = await findUser(tx, ownerUserId);
  if (owner) await updateUser(tx, ownerUserId, { balance: Math.round(owner.balance * 100 + cents) / 100 });
}
