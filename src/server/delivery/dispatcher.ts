import { fillVariables } from '../../shared/flows/variables.ts';
import type { Channel, SendResult } from './channels/channel.ts';
import type { Pacer } from './channels/pacing.ts';
import type { ServerConfig } from '../platform/config.ts';
import type { Db } from '../platform/db/open.ts';
import type { Tx } from '../platform/db/transactions.ts';
import { flowsByIds } from '../modules/flows/store-due.ts';
import { ignoredAmong } from '../modules/phones/store.ts';
import { lockSenders } from '../modules/account/store.ts';
import { userTariffs } from '../modules/flows/tariffs.ts';
import { monthlyAllowance } from './allowance.ts';
import { stopReasonOf, stopWithError, type FlowStop } from './flow-status.ts';
import { factsOfBatch } from './sources.ts';
import type { MessageRow } from './source.ts';
import {
  ALLOWANCE_REACHED,
  copyNumberOf,
  decideStatic,
  furtherTestNumbers,
  OUTCOME_UNKNOWN,
  REPEAT_VISIT_DAILY_CAP,
  testCopyKey,
  type Decision,
  type SendFacts,
} from './rules.ts';
import {
  claimDue,
  countSentSince,
  holdMessages,
  insertCopies,
  markFailed,
  markSending,
  markSent,
  release,
  renewLeases,
  requeue,
  sentToClientBefore,
  type Held,
  type Mark,
} from './store-claim.ts';
import { fromLocal, localTime, startOfLocalDay, startOfLocalMonth } from './time.ts';
import { channelAddress, NOT_SUBSCRIBED_TELEGRAM, resolveAddress } from '../modules/phones/subscribers/address.ts';

export interface DispatchDeps {
  db: Db;
  config: Pick<ServerConfig, 'now' | 'delivery'>;
  channel: Channel;
  /** The channel's send rates (a provider adapter's limits); sends wait for a token. */
  pacer?: Pacer;
}

export interface DispatchStats {
  claimed: number;
  sent: number;
  failed: number;
  retried: number;
  deferred: number;
  cancelled: number;
}

interface Claimed {
  id: number;
  flowId: number | null;
  attempts: number;
  key: string;
  to: string;
  text: string;
}

type Counter = (key: string, load: () => Promise<number>) => Promise<number>;

const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
const ids = (values: (number | null)[]) => [...new Set(values.filter((v): v is number => v !== null))];

/**
 * Claims due messages (FOR UPDATE SKIP LOCKED: several dispatchers never take the same row), applies the send-time
 * rules and marks the ones to send `sending` with a lease, all in one short transaction. The owner's row is locked
 * too, so caps are counted by one dispatcher at a time per business. A test-mode message that goes out is copied
 * for each further test number (own key, own message, same rules) in the same transaction.
 */
async function claim(deps: DispatchDeps, now: number, stats: DispatchStats, stops: FlowStop[]): Promise<Claimed[]> {
  const { db, config } = deps;
  return db.transaction(async (tx) => {
    const rows = await claimDue(tx, now, config.delivery.batchSize);
    if (!rows.length) return [];
    stats.claimed += rows.length;
    const owners = byId(await lockSenders(tx, ids(rows.map((r) => r.userId))));
    const flowById = await flowsByIds(tx, ids(rows.map((r) => r.flowId)));
    const leaseUntil = now + config.delivery.leaseMs;
    const out: Claimed[] = [];
    // Its sender died after claiming it: send again with the same key (the channel drops a repeat).
    const takenOver = rows.filter((m) => m.status === 'sending');
    await renewLeases(tx, takenOver.map((m) => m.id), leaseUntil);
    for (const m of takenOver) out.push({ id: m.id, flowId: m.flowId, attempts: m.attempts + 1, key: m.idempotencyKey, to: m.sentTo ?? m.recipient, text: m.text });

    // What each message is about (record, order, client…), asked of its source once per batch.
    const pending = rows.filter((m) => m.status !== 'sending');
    const subjects = await factsOfBatch(tx, pending, { now, timeZoneOf: (userId) => owners.get(userId)!.timeZone });
    const factsOf = (m: MessageRow): SendFacts => {
      const owner = owners.get(m.userId)!;
      return {
        now,
        timeZone: owner.timeZone,
        ownerPhone: owner.phone,
        flow: m.flowId === null ? undefined : flowById.get(m.flowId),
        subject: subjects.get(m.id),
        recipient: m.recipient,
        kind: m.kind,
        sentTo: m.sentTo,
        copyFor: copyNumberOf(m.idempotencyKey),
      };
    };
    const decided = new Map(pending.map((m) => [m.id, withDecision(factsOf(m))]));
    // One blacklist rule (the phones module's), asked once for the batch's destinations and further test numbers.
    const blocked = await ignoredAmong(tx, pending.flatMap((m) => {
      const { facts, decision: d } = decided.get(m.id)!;
      return d.action === 'send' ? [d.to, ...furtherTestNumbers(facts, d.to)].map((phone) => ({ userId: m.userId, phone })) : [];
    }));
    const limits = new Map<number, number | null>();
    for (const o of owners.values()) limits.set(o.id, monthlyAllowance({ ...o, tariffs: await userTariffs(tx as Db, o.id, now) }));
    const at = new Date(now);
    // Messages to send are marked `sending` in one statement per batch; anything that counts sent messages (caps,
    // first send) writes the marks made so far first, so it sees them as a per-message update would. Waits and
    // stops are written in one statement at the end (nothing counts them).
    const marks: Mark[] = [];
    const held: Held[] = [];
    const flush = () => markSending(tx, marks.splice(0), at, new Date(leaseUntil));
    const counters = new Map<string, number>();
    const counter: Counter = async (key, load) => {
      if (!counters.has(key)) {
        await flush();
        counters.set(key, await load());
      }
      return counters.get(key)!;
    };
    const copies: { of: MessageRow; key: string; at: number }[] = [];
    const settleOne = async (m: MessageRow, facts: SendFacts, first: Decision) => {
      let decision = first;
      if (decision.action === 'send' && blocked.has(`${m.userId}:${decision.to}`)) decision = { action: 'cancel', reason: 'blacklisted' };
      if (decision.action === 'send') decision = await decideCounted(tx, m, facts, decision.to, config.delivery.dailyCap, limits.get(m.userId) ?? null, counter, flush);
      if (decision.action === 'send') {
        const text = m.text || render(facts);
        for (const key of [`day:${m.userId}`, `month:${m.userId}`, `flowday:${m.flowId}`]) if (counters.has(key)) counters.set(key, counters.get(key)! + 1);
        marks.push({ id: m.id, sent_to: decision.to, text, attempts: m.attempts + 1 });
        out.push({ id: m.id, flowId: m.flowId, attempts: m.attempts + 1, key: m.idempotencyKey, to: decision.to, text });
        for (const n of furtherTestNumbers(facts, decision.to)) copies.push({ of: m, key: testCopyKey(m.idempotencyKey, n), at: now });
      } else if (decision.action === 'defer') {
        stats.deferred++;
        held.push({ id: m.id, status: 'queued', reason: decision.reason, planned_at: new Date(decision.until).toISOString() });
      } else {
        decision.action === 'cancel' ? stats.cancelled++ : stats.failed++;
        held.push({ id: m.id, status: decision.action === 'cancel' ? 'cancelled' : 'failed', reason: decision.reason });
        const stop = decision.action === 'fail' && m.flowId !== null ? stopReasonOf(decision.reason) : undefined;
        if (stop) stops.push({ flowId: m.flowId!, reason: stop });
      }
    };
    for (const m of pending) await settleOne(m, decided.get(m.id)!.facts, decided.get(m.id)!.decision);
    // The copies of the test-mode messages going out, decided like them (a copy's first-send is its original's).
    const parentOf = new Map(copies.map((c) => [c.key, c.of]));
    for (const copy of await insertCopies(tx, copies)) {
      const facts: SendFacts = { ...decided.get(parentOf.get(copy.idempotencyKey)!.id)!.facts, sentTo: null, copyFor: copyNumberOf(copy.idempotencyKey) };
      await settleOne(copy, facts, decideStatic(facts));
    }
    await flush();
    await holdMessages(tx, held, at);
    return out;
  });
}

const withDecision = (facts: SendFacts) => ({ facts, decision: decideStatic(facts) });

/** The rules that need counting: subscribers, first-send flag, daily caps, monthly allowance (the blacklist is asked per batch). */
async function decideCounted(
  tx: Tx,
  m: MessageRow,
  f: SendFacts,
  to: string,
  dailyCap: number,
  monthlyLimit: number | null,
  counter: Counter,
  flush: () => Promise<void>,
): Promise<Decision> {
  // Subscribers: unsubscribed clients get nothing; Telegram needs the client's chat (docs/phones.md).
  const address = await resolveAddress(tx, m.userId, m.channel, to);
  if ('cancel' in address) return { action: 'cancel', reason: address.cancel };
  if (f.flow?.settings.firstSendOnly && m.clientId !== null && f.copyFor === undefined) {
    await flush();
    if (await sentToClientBefore(tx, f.flow.id, m.clientId)) return { action: 'cancel', reason: 'already sent to this client (first send only)' };
  }
  const dayStart = startOfLocalDay(f.now, f.timeZone);
  const l = localTime(f.now, f.timeZone);
  const tomorrow = fromLocal(f.timeZone, l.year, l.month, l.day + 1);
  if (dailyCap > 0 && (await counter(`day:${m.userId}`, () => countSentSince(tx, m.userId, dayStart))) >= dailyCap) {
    return { action: 'defer', until: tomorrow, reason: 'daily cap reached' };
  }
  if (m.kind === 'repeatVisit' && m.flowId !== null) {
    const sentToday = await counter(`flowday:${m.flowId}`, () => countSentSince(tx, m.userId, dayStart, m.flowId!));
    if (sentToday >= REPEAT_VISIT_DAILY_CAP) return { action: 'defer', until: tomorrow, reason: 'repeat-visit cap of 200 a day reached' };
  }
  if (monthlyLimit !== null) {
    const used = await counter(`month:${m.userId}`, () => countSentSince(tx, m.userId, startOfLocalMonth(f.now, f.timeZone)));
    if (used >= monthlyLimit) return { action: 'fail', reason: ALLOWANCE_REACHED };
  }
  return { action: 'send', to };
}

/** Fills the §3 message variables with the values the message's source gives as its subject is at send time. */
const render = (f: SendFacts): string => fillVariables(f.flow?.content ?? '', f.subject?.variables ?? {});

const backoffMs = (attempts: number) => Math.min(3_600_000, 30_000 * 2 ** (attempts - 1));

/** Records one send's outcome, unless another dispatcher has taken the message over meanwhile. */
async function settle(deps: DispatchDeps, c: Claimed, result: SendResult, now: number, stats: DispatchStats, stops: FlowStop[]) {
  if (result.ok) {
    stats.sent++;
    await markSent(deps.db, c, result.providerMessageId);
  } else if (result.ambiguous) {
    // The provider may have delivered it: a retry could send it twice, so it stays failed (at most once).
    stats.failed++;
    await markFailed(deps.db, c, OUTCOME_UNKNOWN, now);
  } else if (result.retryable && c.attempts < deps.config.delivery.maxAttempts) {
    stats.retried++;
    await requeue(deps.db, c, result.reason, now + Math.max(result.retryAfterMs ?? 0, backoffMs(c.attempts)));
  } else {
    stats.failed++;
    await markFailed(deps.db, c, result.reason, now);
    const stop = result.retryable || c.flowId === null ? undefined : stopReasonOf(result.reason);
    if (stop) stops.push({ flowId: c.flowId!, reason: stop });
  }
}

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

/** One batch: claim, send one by one, record. Returns what happened; `claimed < batchSize` means nothing more is due. */
export async function dispatchBatch(deps: DispatchDeps): Promise<DispatchStats> {
  const stats: DispatchStats = { claimed: 0, sent: 0, failed: 0, retried: 0, deferred: 0, cancelled: 0 };
  // Failures that stop their flow (flow-status.ts), applied once the batch is done.
  const stops: FlowStop[] = [];
  const claimed = await claim(deps, deps.config.now(), stats, stops);
  const started = Date.now();
  for (let i = 0; i < claimed.length; i++) {
    const c = claimed[i]!;
    if (deps.pacer) {
      const wait = await paced(deps.pacer, c.to, started, deps.config.delivery.leaseMs);
      if (wait > 0) {
        // Too long to wait inside the lease: give it back unspent for when the provider's limit allows.
        stats.deferred++;
        await release(deps.db, c, deps.config.now() + wait);
        continue;
      }
    }
    let result: SendResult;
    try {
      // `sent_to` keeps the phone (log, conversion); the channel gets its own address for it (a Telegram chat id).
      const address = await channelAddress(deps.db, deps.channel.name, c.id, c.to);
      result = address === undefined
        ? { ok: false, retryable: false, reason: NOT_SUBSCRIBED_TELEGRAM }
        : await deps.channel.send({ idempotencyKey: c.key, to: address, text: c.text });
    } catch (error) {
      result = { ok: false, retryable: true, reason: `channel error: ${(error as Error).message}`.slice(0, 200) };
    }
    const now = deps.config.now();
    await settle(deps, c, result, now, stats, stops);
    if (!result.ok && result.retryable && result.retryAfterMs) {
      // Rate limited: stop this batch instead of hammering the provider; the rest waits as long as asked.
      deps.pacer?.pause(result.retryAfterMs);
      for (const rest of claimed.slice(i + 1)) await release(deps.db, rest, now + result.retryAfterMs);
      break;
    }
  }
  await stopWithError(deps.db, stops);
  return stats;
}

/** Batches until nothing is due (or `maxBatches`), summing the stats. */
export async function dispatchDue(deps: DispatchDeps, maxBatches = 1000): Promise<DispatchStats> {
  const total: DispatchStats = { claimed: 0, sent: 0, failed: 0, retried: 0, deferred: 0, cancelled: 0 };
  for (let i = 0; i < maxBatches; i++) {
    const s = await dispatchBatch(deps);
    for (const k of Object.keys(total) as (keyof DispatchStats)[]) total[k] += s[k];
    if (s.claimed < deps.config.delivery.batchSize) break;
  }
  return total;
}
