import { NUMBER_POLICY } from '../../delivery/number-policy.ts';
import { countsByConnection } from '../../delivery/store-claim.ts';
import type { Db } from '../../platform/db/open.ts';
import { pauseSending, pauseStateOf } from '../connections/sending/store.ts';
import { isStopWord } from './stop-words.ts';
import { shortIncomingSince } from './store.ts';

const DAY_MS = 86_400_000;
/** Longer than any stop word with its punctuation: longer texts are not read. */
const STOP_MAX_LENGTH = 20;

/**
 * A STOP reply to an owner's WhatsApp number is a block signal (docs/connections.md "STOP replies"): when the STOP
 * replies of the last 24 h (since the last Resume, if later) reach NUMBER_POLICY.stopSpikeMin and stopSpikeShare of
 * the number's sends in those 24 h, the number pauses (`stopSpike`) until the owner resumes it. `at` is the new
 * STOP's time; it is not stored yet, so it is counted on top.
 */
export async function checkStopSpike(db: Db, connectionId: number, at: number): Promise<boolean> {
  const state = await pauseStateOf(db, connectionId);
  if (state.pausedAt) return false;
  const since = new Date(Math.max(at - DAY_MS, state.resumedAt?.getTime() ?? 0));
  const stops = (await shortIncomingSince(db, `c${connectionId}`, since, STOP_MAX_LENGTH)).filter((t) => isStopWord(t)).length + 1;
  if (stops < NUMBER_POLICY.stopSpikeMin) return false;
  const sends = (await countsByConnection(db, [{ connection_id: connectionId, since: new Date(at - DAY_MS).toISOString() }])).get(connectionId) ?? 0;
  if (stops < NUMBER_POLICY.stopSpikeShare * sends) return false;
  return pauseSending(db, connectionId, 'stopSpike', `${stops} STOP replies to ${sends} messages in 24 h`, new Date(at));
}
