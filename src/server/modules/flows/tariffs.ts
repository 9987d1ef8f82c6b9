import { activeTariffs, isKindAvailable, type FlowKind } from '../../../shared/flows/index.ts';
import type { Db } from '../../platform/db/open.ts';
import { paymentPeriodsOf } from '../admin/store-payments.ts';

/** The user's tariffs now (§6): successful payments whose period covers the moment. */
export async function userTariffs(db: Db, userId: number, nowMs: number): Promise<Set<number>> {
  return activeTariffs(await paymentPeriodsOf(db, userId), Math.floor(nowMs / 1000));
}

export type Availability = (kind: FlowKind) => boolean;

export async function availabilityFor(db: Db, userId: number, nowMs: number): Promise<Availability> {
  const tariffs = await userTariffs(db, userId, nowMs);
  return (kind) => isKindAvailable(kind, tariffs);
}
