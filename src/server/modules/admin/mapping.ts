import type { components } from '../../../api/schema.d.ts';
import { unixSeconds } from '../account/mapping.ts';
import type { UserRow } from '../account/store.ts';
import type { PaymentChanges, PaymentRow } from './store-payments.ts';

type Schemas = components['schemas'];

export function toAdminUser(u: UserRow): Schemas['AdminUser'] {
  return {
    id: u.id,
    email: u.email,
    phone: u.phone,
    balance: u.balance,
    chatApiInstanceLimit: u.chatApiInstanceLimit,
    countryId: u.countryId,
    userGuid: u.guid,
    availableAiReviewsCount: u.availableAiReviewsCount,
    availableMessagesCount: u.availableMessagesCount,
    fullName: u.fullName,
    isYclientsSmsOneTariffEnabled: u.isYclientsSmsOneTariffEnabled,
    isDuplication: u.isDuplication,
    role: u.role,
    createdDateUnixTime: unixSeconds(u.createdAt),
    blockedDateUnixTime: u.blockedAt && unixSeconds(u.blockedAt),
    deletedDateUnixTime: u.deletedAt && unixSeconds(u.deletedAt),
  };
}

export function toPayment(p: PaymentRow): Schemas['Payment'] {
  return {
    id: p.id,
    userId: p.userId,
    dateBeginUnixTime: p.dateBegin,
    dateEndUnixTime: p.dateEnd,
    paymentDayUnixTime: p.paymentDay,
    createdDateUnixTime: unixSeconds(p.createdAt),
    lastDateNotifyUnixTime: p.lastDateNotify,
    isFree: p.isFree,
    success: p.success,
    amount: p.amount,
    instanceIds: p.instanceIds,
    internalYclientsCompaniesIds: p.internalYclientsCompaniesIds,
    iikoOrganizationsIds: p.iikoOrganizationsIds,
    medFlexLpuIds: p.medFlexLpuIds,
    paymentId: p.paymentId,
    promocode: p.promocode,
    orderId: p.orderId,
    tariff: p.tariff,
    comment: p.comment,
    currency: p.currency,
    reason: p.reason,
    managerId: p.managerId,
    payDestinationId: p.payDestinationId,
    yoomoneySubscriptionId: p.yoomoneySubscriptionId,
    isAutoPay: p.isAutoPay,
  };
}

/** Contract payment fields → table columns (only those present, so PATCH leaves the rest alone). */
export function paymentColumns(input: Schemas['PaymentFields']): PaymentChanges {
  const out: PaymentChanges = {};
  const renamed = { dateBeginUnixTime: 'dateBegin', dateEndUnixTime: 'dateEnd', paymentDayUnixTime: 'paymentDay', lastDateNotifyUnixTime: 'lastDateNotify' } as const;
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || key === 'userId') continue;
    const column = (renamed as Record<string, string>)[key] ?? key;
    (out as Record<string, unknown>)[column] = value;
  }
  return out;
}
