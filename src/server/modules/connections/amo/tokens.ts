import { eq } from 'drizzle-orm';
import type { ServerConfig } from '../../../platform/config.ts';
import type { Db } from '../../../platform/db/open.ts';
import type { Tx } from '../../../platform/db/transactions.ts';
import { sealedConnections } from '../sealed.ts';
import { connections, connectionSecrets } from '../schema.ts';
import { grant } from './api.ts';
import type { Credentials } from '../credentials.ts';

// The amoCRM token pair (docs/amo.md "Tokens"). The refresh token is single-use: a refresh runs under the
// connection's row lock and saves the new pair in the same transaction, so a second refresh waiting on the lock reads
// the new pair instead of spending the old one (amoCRM would answer 401 "revoked" and the connection would be lost).

/** An access token this close to expiry is refreshed first. */
const EARLY_MS = 5 * 60_000;
/** The refresh token lapses after 3 months unused: refresh a pair this old even when nobody used it. */
export const KEEP_ALIVE_MS = 30 * 86_400_000;

export type AmoCreds = Credentials['amo'];
export type TokenOutcome = { creds: AmoCreds } | { rejected: true } | { down: string };

export const REJECTED = 'amoTokenRejected';

/** Marks the connection as needing a new consent (the screen offers "connect again"). */
export async function markRejected(db: Tx, connectionId: number, now: number): Promise<void> {
  await db.update(connections).set({ state: 'error', lastError: REJECTED, stateChangedAt: new Date(now) }).where(eq(connections.id, connectionId));
}

/**
 * A usable access token: the stored one while it has time left, else a refresh. `force` refreshes anyway (a 401
 * from the API, or the keep-alive) unless another refresh replaced the pair since `seen` was read.
 */
export async function accessToken(db: Db, config: ServerConfig, connectionId: number, opts: { force?: boolean; seen?: string } = {}): Promise<TokenOutcome> {
  const sealed = sealedConnections(db, config);
  const now = config.now();
  const current = await sealed.byId(connectionId, 'amo');
  if (!current || current.connection.lastError === REJECTED || !current.credentials.refreshToken) return { rejected: true };
  if (!opts.force && current.credentials.expiresAt - now > EARLY_MS) return { creds: current.credentials };
  return db.transaction(async (tx) => {
    await tx.select({ id: connections.id }).from(connections).where(eq(connections.id, connectionId)).for('update');
    const locked = await sealedConnections(tx, config).byId(connectionId, 'amo');
    if (!locked || locked.connection.lastError === REJECTED) return { rejected: true } as const;
    const creds = locked.credentials;
    // Another refresh finished while we waited for the lock: its pair is new, use it.
    const replaced = opts.force ? creds.accessToken !== (opts.seen ?? current.credentials.accessToken) : creds.expiresAt - now > EARLY_MS;
    if (replaced) return { creds };
    const pair = await grant(config, creds.subdomain, { refreshToken: creds.refreshToken }, now);
    if ('rejected' in pair) {
      await markRejected(tx, connectionId, now);
      return pair;
    }
    if ('down' in pair) return pair;
    const next: AmoCreds = { ...creds, ...pair };
    const { value, keyId } = sealedConnections(tx, config).seal('amo', next);
    await tx.update(connectionSecrets).set({ sealed: value, keyId, updatedAt: new Date(now) }).where(eq(connectionSecrets.connectionId, connectionId));
    return { creds: next };
  });
}
