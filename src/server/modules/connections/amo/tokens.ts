import type { ServerConfig } from '../../../platform/config.ts';
import type { Db } from '../../../platform/db/open.ts';
import { sealedConnections } from '../sealed.ts';
import type { Credentials } from '../credentials.ts';
import { grant } from './api.ts';
import { lockConnection, markRejected, REJECTED, saveSealed } from './store.ts';

// The amoCRM token pair (docs/amo.md "Tokens"). The refresh token is single-use: a refresh runs under the
// connection's row lock and saves the new pair in the same transaction, so a second refresh waiting on the lock reads
// the new pair instead of spending the old one (amoCRM would answer 401 "revoked" and the connection would be lost).

/** An access token this close to expiry is refreshed first. */
const EARLY_MS = 5 * 60_000;
/** The refresh token lapses after 3 months unused: refresh a pair this old even when nobody used it. */
export const KEEP_ALIVE_MS = 30 * 86_400_000;

export type AmoCreds = Credentials['amo'];
export type TokenOutcome = { creds: AmoCreds } | { rejected: true } | { down: string };

/**
 * A usable access token: the stored one while it has time left, else a refresh. `force` refreshes anyway (a 401
 * from the API, or the keep-alive) unless another refresh replaced the pair since `seen` was read.
 */
export async function accessToken(db: Db, config: ServerConfig, connectionId: number, opts: { force?: boolean; seen?: string } = {}): Promise<TokenOutcome> {
  const now = config.now();
  const current = await sealedConnections(db, config).byId(connectionId, 'amo');
  if (!current || current.connection.lastError === REJECTED || !current.credentials.refreshToken) return { rejected: true };
  if (!opts.force && current.credentials.expiresAt - now > EARLY_MS) return { creds: current.credentials };
  const seen = opts.seen ?? current.credentials.accessToken;
  return db.transaction(async (tx): Promise<TokenOutcome> => {
    await lockConnection(tx, connectionId);
    const sealed = sealedConnections(tx, config);
    const locked = await sealed.byId(connectionId, 'amo');
    if (!locked || locked.connection.lastError === REJECTED) return { rejected: true };
    const creds = locked.credentials;
    // Another refresh finished while we waited for the lock: its pair is new, use it.
    const replaced = opts.force ? creds.accessToken !== seen : creds.expiresAt - now > EARLY_MS;
    if (replaced) return { creds };
    const pair = await grant(config, creds.subdomain, { refreshToken: creds.refreshToken }, now);
    if ('rejected' in pair) {
      await markRejected(tx, connectionId, new Date(now));
      return pair;
    }
    if ('down' in pair) return pair;
    const next: AmoCreds = { ...creds, ...pair };
    await saveSealed(tx, connectionId, sealed.seal('amo', next), new Date(now));
    return { creds: next };
  });
}
