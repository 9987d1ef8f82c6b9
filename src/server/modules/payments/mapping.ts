import type { components } from '../../../api/schema.d.ts';
import type { PaymentRow } from '../admin/store-payments.ts';

const unixSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

/**
 * A payment as its owner sees it: the admin's comment, manager, pay destination and reason stay in the admin area.
 * The table keeps amounts in major units (the admin's form); the payments API speaks minor units.
 */
export function toOwnPayment(p: PaymentRow): components['schemas']['OwnPayment'] {
  return {
    id: p.id,
    createdDateUnixTime: unixSeconds(p.createdAt),
    dateBeginUnixTime: p.dateBegin,
    dateEndUnixTime: p.dateEnd,
    amount: Math.round(p.amount * 100),
    currency: p.currency,
    tariff: p.tariff,
    promocode: p.promocode,
    isAutoPay: p.isAutoPay,
    isFree: p.isFree,
    success: p.success,
  };
}
