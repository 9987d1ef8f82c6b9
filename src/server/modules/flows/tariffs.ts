import { activeTariffs, isKindAvailable, type FlowKind } from '../../../shared/flows/index.ts';
import type { Db } from '../../platform/db/open.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import { paymentPeriodsOf, paymentPeriodsOfUsers } from '../admin/store-payments.ts';

/** The user's tariffs now (§6): successful payments whose period covers the moment. */
export async function userTariffs(db: Db, userId: number, nowMs: number): Promise<Set<number>> {
  return activeTariffs(await paymentPeriodsOf(db, userId), Math.floor(nowMs / 1000));
}

/** The tariffs of several users now, in one query (the dispatcher's batch). */
export async function tariffsOfUsers(db: Tx, userIds: number[], nowMs: number): Promise<Map<number, Set<number>>> {
  const rows = userIds.length ? await paymentPeriodsOfUsers(db, userIds) : [];
  return new Map(userIds.map((id) => [id, activeTariffs(rows.filter((r) => r.userId === id), Math.floor(nowMs / 1000))]));
}

export type Availability = (kind: FlowKind) => boolean;

export async function availabilityFor(db: Db, userId: number, nowMs: number): Promise<Availability> {
  const tariffs = await userTariffs(db, userId, nowMs);
  return (kind) => isKindAvailable(kind, tariffs);
}
