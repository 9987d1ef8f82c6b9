import type { OutgoingMessage, SendResult } from './channel.ts';
import type { Pacer } from './pacing.ts';
import type { Sender } from './senders.ts';
import { NUMBER_BLOCKED } from './waha.ts';
import { WABA_KEY_REJECTED } from './waba.ts';
import type { Claimed } from '../claim.ts';
import type { DispatchDeps } from '../dispatcher.ts';
import { channelAddresses, NOT_SUBSCRIBED_TELEGRAM } from '../../modules/phones/subscribers/address.ts';
import { outgoingImageOf } from '../../modules/flows/image-store.ts';

// Sending a claimed batch through the channel (docs/delivery.md "Dispatcher and crash safety"): the dispatcher
// settles what comes back.

/** Sends of one batch in flight at once through a provider (each still waits for its pacer's token). */
export const SEND_CONCURRENCY = 8;

/**
 * What became of one claimed message: the channel's answer, or given back unsent until `until` (its pacer's wait,
 * counted as deferred; or the rest of a batch a provider rate-limited).
 */
export type Outcome = { c: Claimed; result: SendResult } | { c: Claimed; until: number; deferred: boolean };

/**
 * Waits (wall clock: provider limits run on real time) until the pacer gives `to` a token, as long as the batch
 * stays within half its lease; returns 0 when a token was taken, else the wait still needed.
 */
async function paced(pacer: Pacer, to: string, started: number, leaseMs: number): Promise<number> {
  for (;;) {
    const wait = pacer.reserve(to);
    if (wait === 0 || Date.now() - started + wait > leaseMs / 2) return wait;
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/** The flow's buttons and its stored image (read by key from our files, never fetched from an address). */
type Images = Map<string, ReturnType<typeof outgoingImageOf>>;

async function extrasToSend(deps: DispatchDeps, c: Claimed, images: Images): Promise<Pick<OutgoingMessage, 'buttons' | 'image'>> {
  const { userId, buttons, image } = c.extras;
  // A flow's messages share one image: read once per batch, not once per message.
  const key = image && c.flowId !== null ? `${c.flowId}:${image.url}` : undefined;
  if (key && !images.has(key)) images.set(key, outgoingImageOf(deps.config.dataDir, userId, c.flowId!, image));
  const file = key ? await images.get(key) : undefined;
  return { ...(buttons.length ? { buttons } : {}), ...(file ? { image: file } : {}) };
}

/** Answers after which a number sends nothing more of its batch: a ban, a session the gateway calls down, a revoked key. */
const stopsSender = (reason: string) => reason.startsWith(NUMBER_BLOCKED) || reason.startsWith('session not working') || reason === 'session not found' || reason === WABA_KEY_REJECTED;

const channelError = (error: unknown): SendResult => ({ ok: false, retryable: true, reason: `channel error: ${(error as Error).message}`.slice(0, 200) });

/**
 * Sends a claimed batch: in one call when the channel takes batches and nothing paces it (the sandbox: the outcomes
 * come back to be settled together), else several at a time (SEND_CONCURRENCY), each after its pacer token, each
 * outcome handed to `record` as soon as it is known. Recording a provider's answer at once keeps a crash's
 * double-send window to the sends in flight, not the whole batch; a provider's latency dwarfs the statement.
 * A provider's wait hint stops the batch: what has not started yet is given back for as long as asked (never
 * hammering a rate limit).
 */
export async function sendClaimed(deps: DispatchDeps, claimed: Claimed[], record: (outcome: Outcome) => Promise<void>): Promise<Outcome[]> {
  const { channel, pacer } = deps;
  // A routed message goes through its connection's sender; otherwise everything through the one channel.
  const one: Sender = { key: channel.name, channel, ...(pacer ? { pacer } : {}) };
  const senderOf = (c: Claimed): Sender => (c.route && deps.senders ? deps.senders.of(c.route) : one);
  // `sent_to` keeps the phone (log, conversion); the channel gets its own address for it (a Telegram chat id).
  const addresses = new Map<string, (userId: number, phone: string) => string | undefined>();
  for (const name of new Set(claimed.map((c) => senderOf(c).channel.name))) {
    const of = claimed.filter((c) => senderOf(c).channel.name === name);
    addresses.set(name, await channelAddresses(deps.db, name, of.map((c) => ({ userId: c.extras.userId, phone: c.to }))));
  }
  const images: Images = new Map();
  const outgoing = async (c: Claimed): Promise<OutgoingMessage | SendResult> => {
    const to = addresses.get(senderOf(c).channel.name)!(c.extras.userId, c.to);
    if (to === undefined) return { ok: false, retryable: false, reason: NOT_SUBSCRIBED_TELEGRAM };
    return { idempotencyKey: c.key, to, text: c.text, ...(await extrasToSend(deps, c, images)), ...(c.template ? { template: c.template } : {}) };
  };
  const isResult = (m: OutgoingMessage | SendResult): m is SendResult => 'ok' in m;

  if (channel.sendBatch && !pacer && !claimed.some((c) => c.route)) {
    const ready = await Promise.all(claimed.map(outgoing));
    const toSend = ready.filter((m): m is OutgoingMessage => !isResult(m));
    const results = await channel.sendBatch(toSend).catch((error) => toSend.map(() => channelError(error)));
    let next = 0;
    return claimed.map((c, i) => ({ c, result: isResult(ready[i]!) ? ready[i] : results[next++]! }));
  }

  const started = Date.now();
  // Per sender: a provider's wait hint stops that sender's part of the batch (one number's limit is not another's).
  const stoppedUntil = new Map<string, number>();
  const sendOne = async (c: Claimed): Promise<void> => {
    const sender = senderOf(c);
    const stopped = stoppedUntil.get(sender.key);
    if (stopped !== undefined) return record({ c, until: stopped, deferred: false });
    const wait = sender.pacer ? await paced(sender.pacer, c.to, started, deps.config.delivery.leaseMs) : 0;
    // Too long to wait inside the lease: give it back unspent for when the provider's limit allows.
    if (wait > 0) return record({ c, until: deps.config.now() + wait, deferred: true });
    let result: SendResult;
    try {
      const m = await outgoing(c);
      result = isResult(m) ? m : await sender.channel.send(m);
    } catch (error) {
      result = channelError(error);
    }
    if (!result.ok && result.retryable && result.retryAfterMs) {
      // Rate limited: nothing more of this batch starts; the rest waits as long as asked.
      sender.pacer?.pause(result.retryAfterMs);
      if (!stoppedUntil.has(sender.key)) stoppedUntil.set(sender.key, deps.config.now() + result.retryAfterMs);
    }
    // An owner's number banned or down: nothing more of the batch goes through it (the rest is claimed again and waits).
    if (c.route && !result.ok && stopsSender(result.reason) && !stoppedUntil.has(sender.key)) stoppedUntil.set(sender.key, deps.config.now());
    await record({ c, result });
  };
  // Slow start: one send alone, then one more in flight after each answer (up to SEND_CONCURRENCY), so a provider
  // that rate-limits the batch sees no burst of requests it will refuse.
  // A failed record (the database went away) stops new sends; what is in flight finishes, then the error is raised
  // and the unrecorded rows wait for their lease to run out, as after a crash.
  let failure: unknown;
  await new Promise<void>((done) => {
    let next = 0;
    let active = 0;
    let limit = 1;
    const pump = () => {
      while (failure === undefined && active < limit && next < claimed.length) {
        active++;
        void sendOne(claimed[next++]!)
          .catch((error: unknown) => void (failure ??= error))
          .then(() => {
            active--;
            limit = Math.min(SEND_CONCURRENCY, limit + 1);
            pump();
          });
      }
      if (active === 0 && (next >= claimed.length || failure !== undefined)) done();
    };
    pump();
  });
  if (failure !== undefined) throw failure;
  return [];
}

