import { eq } from 'drizzle-orm';
import { activeTariffs, isKindAvailable, type FlowKind } from '../../../shared/flows/index.ts';
import type { Db } from '../../platform/db/open.ts';
import { payments } from '../admin/schema.ts';

/** The user's tariffs now (§6): successful payments whose period covers the moment. */
export async function userTariffs(db: Db, userId: number, nowMs: number): Promise<Set<number>> {
  const rows = await db
    .select({ tariff: payments.tariff, success: payments.success, dateBegin: payments.dateBegin, dateEnd: payments.dateEnd })
    .from(payments)
    .where(eq(payments.userId, userId));
  return activeTariffs(rows, Math.floor(nowMs / 1000));
}

export type Availability = (kind: FlowKind) => boolean;

export async function availabilityFor(db: Db, userId: number, nowMs: number): Promise<Availability> {
  const tariffs = await userTariffs(db, userId, nowMs);
  return (kind) => isKindAvailable(kind, tariffs);
}
