import type { Tx } from '../../platform/db/transactions.ts';
import type { distributions } from './schema.ts';
import { buildAudienceRows } from './store-audience.ts';

export type DistributionRow = typeof distributions.$inferSelect;

/**
 * Builds the audience of a combat start, set-based (100 000 recipients in seconds): for the client base, inserts the
 * clients through the filters (and subscribers when `useSubscribed`) as recipients, `ON CONFLICT (distribution_id,
 * phone) DO NOTHING` (a second start adds only new numbers); then marks pending recipients `skipped` with the reason
 * `blacklisted`, `unsubscribed` or `no dialogue`. Returns the recipients the distribution now has.
 *
 * Before that, what the source gives again is dropped (pending rows and rows left out by these rules, never a
 * messaged one) and table rows left out by an earlier build become pending: each build applies the filters, the
 * blacklist, the unsubscribes and "no dialogue" as they are now (docs/distributions.md "Audience from the client base").
 */
export async function buildAudience(tx: Tx, distribution: DistributionRow, now: Date): Promise<{ recipients: number }> {
  return { recipients: await buildAudienceRows(tx, distribution, now.getTime()) };
}
