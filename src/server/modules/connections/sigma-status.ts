import { setTimeout as sleep } from 'node:timers/promises';
import type { DeliveryEvent } from '../../delivery/channels/channel.ts';
import { applyDeliveryEvent } from '../../delivery/events.ts';
import { sentAwaitingStatus } from '../../delivery/store-polling.ts';
import type { ServerConfig } from '../../platform/config.ts';
import type { Db } from '../../platform/db/open.ts';
import { isDownAnswer, providerCall } from './provider-call.ts';
import { sealedConnections } from './sealed.ts';
import { sigmaLogin } from './sigma-api.ts';

// Sigma SMS gives a sending's status only when asked (no documented callback): `GET /api/sendings/{id}` →
// `{ id, state: { status, error } }` (docs/connections.md "Sigma SMS"). The engine's loop runs `poll` each tick.

/** How the poll paces itself; the numbers and why: docs/connections.md "Sigma SMS". */
export const SIGMA_POLL = {
  /** At most one round this often (the engine's clock), whatever the tick interval. */
  everyMs: 30_000,
  /** Messages asked about per round. */
  batch: 20,
  /** Between two requests to Sigma (real time): 5 a second at most. */
  gapMs: 200,
  /** A message is first asked about this long after it was sent (an SMS takes seconds to reach the phone). */
  firstAfterMs: 30_000,
  /** Older messages are no longer asked about: they stay `sent`. */
  windowMs: 48 * 3600_000,
};

const DELIVERED = new Set(['delivered']);
const FAILED = new Set(['failed', 'undelivered', 'rejected']);

/** Sigma's answer → the event the status webhooks of the other providers produce; undefined while not final. */
export function sigmaEvent(providerMessageId: string, body: unknown, at: number): DeliveryEvent | undefined {
  const b = body as { state?: unknown; status?: unknown; error?: unknown } | undefined;
  const state = typeof b?.state === 'object' && b.state ? (b.state as { status?: unknown; error?: unknown }) : { status: b?.state ?? b?.status, error: b?.error };
  const status = typeof state.status === 'string' ? state.status.toLowerCase() : '';
  if (DELIVERED.has(status)) return { providerMessageId, status: 'delivered', at };
  if (!FAILED.has(status)) return undefined;
  const error = typeof state.error === 'string' ? state.error : typeof state.error === 'object' && state.error ? (state.error as { message?: unknown }).message : undefined;
  return { providerMessageId, status: 'failed', at, reason: `Sigma: ${typeof error === 'string' && error ? error : status}`.slice(0, 200) };
}

export interface SigmaPollStats {
  polled: number;
  delivered: number;
  failed: number;
}

/**
 * The poller of one engine: round-robin over the Sigma messages still `sent` from the last 48 hours, a batch per
 * round, each sign-in token kept per connection and fetched again once on a 401. Never throws.
 */
export function sigmaStatusPoller(db: Db, config: ServerConfig) {
  const sealed = sealedConnections(db, config);
  const base = config.providers.sigmaApiUrl.replace(/\/+$/, '');
  const tokens = new Map<number, string>();
  let lastRound = -Infinity;
  let cursor = 0;

  /** The connection's token: kept, or a fresh sign-in (undefined when the account cannot sign in now). */
  async function tokenOf(connectionId: number, fresh: boolean): Promise<string | undefined> {
    if (!fresh && tokens.has(connectionId)) return tokens.get(connectionId);
    tokens.delete(connectionId);
    const account = await sealed.byId(connectionId, 'sigma');
    if (!account || !account.credentials.login) return undefined;
    const signed = await sigmaLogin(config, account.credentials.login, account.credentials.password);
    if (typeof signed === 'string' || 'down' in signed) return undefined;
    tokens.set(connectionId, signed.token);
    return signed.token;
  }

  /** Sigma's answer about one sending; undefined when there is none this round (`unsigned`: accounts that could not sign in). */
  async function ask(connectionId: number, id: string, unsigned: Set<number>) {
    for (const fresh of [false, true]) {
      const token = unsigned.has(connectionId) ? undefined : await tokenOf(connectionId, fresh);
      if (!token) return void unsigned.add(connectionId); // its other messages wait for the next round
      const answer = await providerCall(`${base}/api/sendings/${encodeURIComponent(id)}`, { headers: { authorization: token } });
      if (isDownAnswer(answer)) return undefined;
      if (answer.status === 200) return answer.body;
      if (answer.status !== 401) return undefined; // 404 and the like: asked again next round, until 48 hours pass
    }
    return undefined;
  }

  return {
    async poll(): Promise<SigmaPollStats> {
      const stats = { polled: 0, delivered: 0, failed: 0 };
      const now = config.now();
      if (now - lastRound < SIGMA_POLL.everyMs) return stats;
      lastRound = now;
      try {
        const range = { channel: 'sigma' as const, since: new Date(now - SIGMA_POLL.windowMs), until: new Date(now - SIGMA_POLL.firstAfterMs), limit: SIGMA_POLL.batch };
        let due = await sentAwaitingStatus(db, { ...range, afterId: cursor });
        if (due.length < SIGMA_POLL.batch && cursor > 0) due = [...due, ...(await sentAwaitingStatus(db, { ...range, afterId: 0 })).filter((m) => m.id <= cursor)].slice(0, SIGMA_POLL.batch);
        cursor = due.length === SIGMA_POLL.batch ? due.at(-1)!.id : 0;
        const unsigned = new Set<number>();
        for (const message of due) {
          if (unsigned.has(message.connectionId)) continue;
          if (stats.polled++ > 0) await sleep(SIGMA_POLL.gapMs);
          const body = await ask(message.connectionId, message.providerMessageId, unsigned);
          const event = body === undefined ? undefined : sigmaEvent(message.providerMessageId, body, config.now());
          if (event && (await applyDeliveryEvent(db, event))) stats[event.status === 'delivered' ? 'delivered' : 'failed']++;
        }
      } catch (error) {
        console.error(`sigma status poll failed: ${(error as Error).message}`);
      }
      return stats;
    },
  };
}
