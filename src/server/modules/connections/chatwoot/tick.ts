import type { ServerConfig } from '../../../platform/config.ts';
import type { Db } from '../../../platform/db/open.ts';
import { mirrorToChatwoot } from './mirror.ts';
import { sendChatwootReplies } from './replies.ts';

/** The delivery tick's Chatwoot step: clients' messages out to Chatwoot, staff answers out to the clients. */
export async function chatwootTick(db: Db, config: ServerConfig): Promise<{ mirrored: number; replied: number }> {
  const mirrored = await mirrorToChatwoot(db, config);
  const replied = await sendChatwootReplies(db, config);
  return { mirrored, replied };
}
