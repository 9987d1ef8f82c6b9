import type { FlowKind } from './kinds.ts';
import { FLOW_KINDS } from './kinds.ts';

/**
 * Which tariff ids (§3) make each flow kind available: any one of them is enough. The spec names tariffs but not
 * this mapping; ours (docs/flows.md): booking notices come with every notification-capable base plan, the
 * marketing kinds with the extended plans, reports with the extended plans or analytics, the abandoned cart with
 * the online-shop plans. The test tariff (2) opens every kind.
 */
const BASIC = [0, 1, 2, 4, 5, 6, 10, 11, 14, 19, 25];
const EXTENDED = [1, 2, 5, 11];
export const FLOW_KIND_TARIFFS: Record<FlowKind, readonly number[]> = {
  recordReminder: BASIC,
  newRecord: BASIC,
  changedRecord: BASIC,
  cancelledRecord: BASIC,
  reviewRequest: BASIC,
  birthday: EXTENDED,
  repeatVisit: EXTENDED,
  crossSell: EXTENDED,
  dailyReport: [...EXTENDED, 16],
  weeklyReport: [...EXTENDED, 16],
  abandonedCart: [2, 10, 11],
  // §6: WhatsApp distribution is tariff 13 (the test tariff opens it too; test users are refused apart: docs/distributions.md).
  distribution: [2, 13],
};

/** A payment as far as tariff ownership goes; dates are unix seconds (the payments table). */
export interface TariffPayment {
  tariff: number;
  success: boolean;
  dateBegin: number | null;
  dateEnd: number | null;
}

/** Tariffs the user has now: a successful payment whose period covers `nowSeconds` (no end date = not covering). */
export function activeTariffs(payments: readonly TariffPayment[], nowSeconds: number): Set<number> {
  const active = new Set<number>();
  for (const p of payments) {
    if (p.success && p.dateEnd !== null && p.dateEnd >= nowSeconds && (p.dateBegin === null || p.dateBegin <= nowSeconds)) active.add(p.tariff);
  }
  return active;
}

export const isKindAvailable = (kind: FlowKind, tariffs: ReadonlySet<number>): boolean =>
  FLOW_KIND_TARIFFS[kind].some((id) => tariffs.has(id));

export const unavailableKinds = (tariffs: ReadonlySet<number>): FlowKind[] => FLOW_KINDS.filter((kind) => !isKindAvailable(kind, tariffs));
