import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../../platform/config.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import { connectionsOf } from './store.ts';
import { sealedConnections } from './sealed.ts';
import { botApi } from './telegram-bot-api.ts';
import { isDown, wahaSessions } from './waha-sessions.ts';

// What a connection leaves running at its provider once its row is gone (docs/connections.md "Deleting"): a WAHA
// session keeps the phone linked, a Telegram webhook keeps posting the bot's updates here. Twilio, Sigma and
// 360dialog keep nothing of ours (Twilio's callback address travels with each message).

export type Leftover = { connectionId: number; kind: 'whatsapp'; session: string } | { connectionId: number; kind: 'telegram'; token: string | null };

/** The owner's leftovers, read in the deletion's transaction before the rows go (a bot's token opened here). */
export async function leftoversOf(tx: Tx, config: ServerConfig, userId: number): Promise<Leftover[]> {
  const numbers = (await connectionsOf(tx, userId, 'whatsapp')).flatMap((c): Leftover[] => (c.session ? [{ connectionId: c.id, kind: 'whatsapp', session: c.session }] : []));
  // A token no key opens reads as empty (sealed.ts): nothing we can call.
  const bots = (await sealedConnections(tx, config).list(userId, 'telegram')).map(({ connection, credentials }): Leftover => ({ connectionId: connection.id, kind: 'telegram', token: credentials.token || null }));
  return [...numbers, ...bots];
}

/**
 * Undoes the leftovers at the providers, all at once, after the rows are gone. Never throws and never blocks the
 * deletion: what could not be undone is logged by connection and reason (never a token). A session the gateway no
 * longer knows and a token Telegram no longer accepts count as undone (nothing is left there).
 */
export async function undoAtProviders(config: ServerConfig, leftovers: readonly Leftover[], log: FastifyBaseLogger): Promise<{ undone: number; failed: number }> {
  const gateway = config.wahaGateway ? wahaSessions(config.wahaGateway) : undefined;
  const bots = botApi(config);
  const reasonFor = async (l: Leftover): Promise<string | undefined> => {
    if (l.kind === 'whatsapp') {
      if (!gateway) return 'no WhatsApp gateway configured';
      const removed = await gateway.remove(l.session);
      return isDown(removed) ? removed.reason : undefined;
    }
    if (l.token === null) return 'credentials unreadable';
    const removed = await bots.deleteWebhook(l.token);
    return removed === true || removed === 'rejected' ? undefined : removed.down;
  };
  const reasons = await Promise.all(
    leftovers.map((l) =>
      reasonFor(l).catch((error: unknown) => (error as Error).message || 'unexpected error'),
    ),
  );
  reasons.forEach((reason, i) => {
    const { connectionId, kind } = leftovers[i]!;
    if (reason) log.warn({ connectionId, kind, reason }, kind === 'whatsapp' ? 'WAHA session not deleted at the gateway' : 'Telegram webhook not removed');
  });
  const failed = reasons.filter(Boolean).length;
  return { undone: leftovers.length - failed, failed };
}
