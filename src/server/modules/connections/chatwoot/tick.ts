import type { ServerConfig } from '../../../platform/config.ts';
import type { Db } from '../../../platform/db/open.ts';
import { mirrorToChatwoot } from './mirror.ts';
import { sendChatwootReplies } from './replies.ts';

/** The delivery tick's Chatwoot step: clients' messages out to Chatwoot, staff answers out to the clients. */
export async function chatwootTick(db: Db, config: ServerConfig): Promise<{ mirrored: number; replied: number }> {
  // Independent steps: a failing mirror never holds the staff answers back.
  const mirrored = await mirrorToChatwoot(db, config).catch((error: unknown) => {
    console.error(`chatwoot mirror failed: ${(error as Error).message}`);
    return 0;
  });
  const replied = await sendChatwootReplies(db, config);
  return { mirrored, replied };
}
