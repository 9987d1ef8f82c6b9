import { and, asc, desc, eq, gte, isNotNull } from 'drizzle-orm';
import type { components } from '../../../api/schema.d.ts';
import type { Db } from '../../platform/db/open.ts';
import { payments } from '../admin/schema.ts';

/**
 * Nearest end of a paid period: the earliest end still in the future among successful payments (Active);
 * otherwise the latest end in the past (Expired); nulls when the user never paid.
 */
export async function nearestPaymentEndDate(
  db: Db,
  userId: number,
  nowMs: number,
): Promise<components['schemas']['NearestPaymentEndDate']> {
  const now = Math.floor(nowMs / 1000);
  const paid = and(eq(payments.userId, userId), eq(payments.success, true), isNotNull(payments.dateEnd));
  const [upcoming] = await db
    .select({ end: payments.dateEnd })
    .from(payments)
    .where(and(paid, gte(payments.dateEnd, now)))
    .orderBy(asc(payments.dateEnd))
    .limit(1);
  if (upcoming?.end != null) return { dateEndUnixTime: upcoming.end, status: 'Active' };
  const [last] = await db.select({ end: payments.dateEnd }).from(payments).where(paid).orderBy(desc(payments.dateEnd)).limit(1);
  if (last?.end != null) return { dateEndUnixTime: last.end, status: 'Expired' };
  return { dateEndUnixTime: null, status: null };
}
