import type { Tx } from '../../platform/db/transactions.ts';
import type { distributions } from './schema.ts';

export type DistributionRow = typeof distributions.$inferSelect;

/**
 * Builds the audience of a combat start, set-based (100 000 recipients in seconds): for the client base, inserts the
 * clients through the filters (and subscribers when `useSubscribed`) as recipients, `ON CONFLICT (distribution_id,
 * phone) DO NOTHING` (a second start adds only new numbers); then marks pending recipients `skipped` with the reason
 * `blacklisted`, `unsubscribed` or `no dialogue`. Returns the recipients the distribution now has.
 * (Skeleton: the audience helper writes it.)
 */
export async function buildAudience(_tx: Tx, _distribution: DistributionRow, _now: Date): Promise<{ recipients: number }> {
  return { recipients: 0 };
}
