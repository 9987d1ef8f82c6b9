import type { Db } from '../platform/db/open.ts';
import { usableWhatsAppOf } from '../modules/connections/sending/store.ts';
import { releaseWaiting, waitingPairs } from './store-waiting.ts';

/**
 * Each tick: messages that wait for a connection become due as soon as it (or, for those waiting for "any", one of
 * the owner's numbers) can send again — linked and not paused — so they leave within the tick that sees it.
 */
export async function releaseReconnected(db: Db, now: number): Promise<number> {
  const waiting = await waitingPairs(db, now);
  if (!waiting.length) return 0;
  const usable = await usableWhatsAppOf(db, [...new Set(waiting.map((w) => w.user_id))]);
  const ids = new Set(usable.map((u) => u.id));
  const owners = new Set(usable.map((u) => u.userId));
  return releaseWaiting(
    db,
    waiting.filter((w) => (w.connection_id === null ? owners.has(w.user_id) : ids.has(w.connection_id))),
    now,
  );
}
