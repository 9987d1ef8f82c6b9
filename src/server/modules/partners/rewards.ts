import type { Tx } from '../../platform/db/transactions.ts';

// The referral programme's rewards (docs/partners.md). Being built: accrues nothing until then.

export interface RecordedPayment {
  /** Who paid. */
  payerUserId: number;
  /** The payments rows the checkout became. */
  paymentIds: number[];
  /** What was paid, minor units of `currency`. */
  amount: number;
  currency: string;
  /** The promo code applied, as the owner typed it (upper-cased), or null. */
  promocode: string | null;
  at: Date;
}

/** Called once per paid checkout or renewal, inside the transaction that records it. */
export async function accrueReferralReward(_tx: Tx, _payment: RecordedPayment): Promise<void> {}
