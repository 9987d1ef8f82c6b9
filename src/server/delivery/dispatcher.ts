import { and, eq, inArray, sql } from 'drizzle-orm';
import { fillVariables } from '../../shared/flows/variables.ts';
import { rowsOf } from '../platform/db/rows.ts';
import type { Channel, SendResult } from './channels/channel.ts';
import type { Pacer } from './channels/pacing.ts';
import type { ServerConfig } from '../platform/config.ts';
import type { Db } from '../platform/db/open.ts';
import { flows } from '../modules/flows/schema.ts';
import { ignoredAmong } from '../modules/phones/store.ts';
import { messages } from './schema.ts';
import { lockSenders } from '../modules/account/store.ts';
import { userTariffs } from '../modules/flows/tariffs.ts';
import { monthlyAllowance } from './allowance.ts';
import { OUT_STATUSES, type Tx } from '../platform/db/transactions.ts';
import { factsOfBatch } from './sources.ts';
import { ALLOWANCE_REACHED, decideStatic, OUTCOME_UNKNOWN, REPEAT_VISIT_DAILY_CAP, type Decision, type SendFacts } from './rules.ts';
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

type Message = typeof messages.$inferSelect;
interface Claimed {
  id: number;
  attempts: number;
  key: string;
  to: string;
  text: string;
}

const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
const ids = (values: (number | null)[]) => [...new Set(values.filter((v): v is number => v !== null))];

async function countOut(tx: Tx, userId: number, since: number, flowId?: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(
      and(
        eq(messages.userId, userId),
        inArray(messages.status, [...OUT_STATUSES]),
        sql`${messages.sentAt} >= ${new Date(since).toISOString()}::timestamptz`,
        flowId === undefined ? undefined : eq(messages.flowId, flowId),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * Claims due messages (FOR UPDATE SKIP LOCKED: several dispatchers never take the same row), applies the send-time
 * rules and marks the ones to send `sending` with a lease, all in one short transaction. The owner's row is locked
 * too, so caps are counted by one dispatcher at a time per business.
 */
async function claim(deps: DispatchDeps, now: number, stats: DispatchStats): Promise<Claimed[]> {
  const { db, config } = deps;
  return db.transaction(async (tx) => {
    const due = await rowsOf<{ id: number }>(
      tx as Db,
      sql`SELECT id FROM messages
          WHERE (status = 'queued' AND planned_at <= ${new Date(now).toISOString()}::timestamptz)
             OR (status = 'sending' AND lease_until <= ${new Date(now).toISOString()}::timestamptz)
          ORDER BY planned_at, id LIMIT ${config.delivery.batchSize} FOR UPDATE SKIP LOCKED`,
    );
    if (!due.length) return [];
    stats.claimed += due.length;
    const rows = await tx.select().from(messages).where(inArray(messages.id, due.map((d) => d.id))).orderBy(messages.plannedAt, messages.id);
    const owners = byId(
      await lockSenders(tx, ids(rows.map((r) => r.userId))),
    );
    const flowById = byId(await tx.select().from(flows).where(inArray(flows.id, ids(rows.map((r) => r.flowId)).concat(0))));
    // What each message is about (record, order, client…), asked of its source once per batch.
    const pending = rows.filter((m) => m.status !== 'sending');
    const subjects = await factsOfBatch(tx, pending, { now, timeZoneOf: (userId) => owners.get(userId)!.timeZone });
    const decided = new Map(
      pending.map((m) => {
        const owner = owners.get(m.userId)!;
        const facts: SendFacts = {
          now,
          timeZone: owner.timeZone,
          ownerPhone: owner.phone,
          flow: m.flowId === null ? undefined : flowById.get(m.flowId),
          subject: subjects.get(m.id),
          recipient: m.recipient,
          kind: m.kind,
        };
        // A blocked owner sends nothing (docs/admin.md "Blocking"); what falls due meanwhile is cancelled, not held.
        return [m.id, { facts, decision: owner.blockedAt ? ({ action: 'cancel', reason: 'owner blocked' } as const) : decideStatic(facts) }];
      }),
    );
    // One blacklist rule (the phones module's), asked once for the batch's destinations.
    const blocked = await ignoredAmong(tx, pending.flatMap((m) => {
      const d = decided.get(m.id)!.decision;
      return d.action === 'send' ? [{ userId: m.userId, phone: d.to }] : [];
    }));
    const limits = new Map<number, number | null>();
    for (const o of owners.values()) limits.set(o.id, monthlyAllowance({ ...o, tariffs: await userTariffs(tx as Db, o.id, now) }));
    const out: Claimed[] = [];
    const at = new Date(now);
    // Messages to send are marked `sending` in one statement per batch; anything that counts sent messages (caps,
    // first send) writes the marks made so far first, so it sees them as a per-message update would.
    const marks: Mark[] = [];
    const flush = () => markSending(tx, marks.splice(0), at, new Date(now + config.delivery.leaseMs));
    const counters = new Map<string, number>();
    const counter = async (key: string, load: () => Promise<number>) => {
      if (!counters.has(key)) {
        await flush();
        counters.set(key, await load());
      }
      return counters.get(key)!;
    };
    for (const m of rows) {
      if (m.status === 'sending') {
        // Its sender died after claiming it: send again with the same key (the channel drops a repeat).
        await tx.update(messages).set({ attempts: m.attempts + 1, leaseUntil: new Date(now + config.delivery.leaseMs) }).where(eq(messages.id, m.id));
        out.push({ id: m.id, attempts: m.attempts + 1, key: m.idempotencyKey, to: m.sentTo ?? m.recipient, text: m.text });
        continue;
      }
      const { facts, decision: first } = decided.get(m.id)!;
      let decision: Decision = first;
      if (decision.action === 'send' && blocked.has(`${m.userId}:${decision.to}`)) decision = { action: 'cancel', reason: 'blacklisted' };
      if (decision.action === 'send') decision = await decideCounted(tx, m, facts, decision.to, config.delivery.dailyCap, limits.get(m.userId) ?? null, counter, flush);
      if (decision.action === 'send') {
        const text = m.text || render(facts);
        for (const key of [`day:${m.userId}`, `month:${m.userId}`, `flowday:${m.flowId}`]) if (counters.has(key)) counters.set(key, counters.get(key)! + 1);
        marks.push({ id: m.id, sent_to: decision.to, text, attempts: m.attempts + 1 });
        out.push({ id: m.id, attempts: m.attempts + 1, key: m.idempotencyKey, to: decision.to, text });
      } else if (decision.action === 'defer') {
        stats.deferred++;
        await tx.update(messages).set({ plannedAt: new Date(decision.until), reason: decision.reason }).where(eq(messages.id, m.id));
      } else {
        decision.action === 'cancel' ? stats.cancelled++ : stats.failed++;
        await tx.update(messages).set({ status: decision.action === 'cancel' ? 'cancelled' : 'failed', reason: decision.reason, failedAt: at }).where(eq(messages.id, m.id));
      }
    }
    await flush();
    return out;
  });
}

interface Mark {
  id: number;
  sent_to: string;
  text: string;
  attempts: number;
}

/** Marks claimed messages `sending` (destination, final text, attempt, lease) in one statement. */
async function markSending(tx: Tx, marks: Mark[], at: Date, leaseUntil: Date): Promise<void> {
  if (!marks.length) return;
  await tx.execute(sql`UPDATE messages AS m
    SET status = 'sending', sent_to = v.sent_to, text = v.text, attempts = v.attempts,
        sent_at = ${at.toISOString()}::timestamptz, lease_until = ${leaseUntil.toISOString()}::timestamptz
    FROM jsonb_to_recordset(${JSON.stringify(marks)}::jsonb) AS v(id int, sent_to text, text text, attempts int)
    WHERE m.id = v.id`);
}

/** The rules that need counting: subscribers, first-send flag, daily caps, monthly allowance (the blacklist is asked per batch). */
async function decideCounted(
  tx: Tx,
  m: Message,
  f: SendFacts,
  to: string,
  dailyCap: number,
  monthlyLimit: number | null,
  counter: (key: string, load: () => Promise<number>) => Promise<number>,
  flush: () => Promise<void>,
): Promise<Decision> {
  // Subscribers: unsubscribed clients get nothing; Telegram needs the client's chat (docs/phones.md).
  const address = await resolveAddress(tx, m.userId, m.channel, to);
  if ('cancel' in address) return { action: 'cancel', reason: address.cancel };
  if (f.flow?.settings.firstSendOnly && m.clientId !== null) {
    await flush();
    const [earlier] = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.flowId, f.flow.id), eq(messages.clientId, m.clientId), inArray(messages.status, [...OUT_STATUSES])))
      .limit(1);
    if (earlier) return { action: 'cancel', reason: 'already sent to this client (first send only)' };
  }
  const dayStart = startOfLocalDay(f.now, f.timeZone);
  const l = localTime(f.now, f.timeZone);
  const tomorrow = fromLocal(f.timeZone, l.year, l.month, l.day + 1);
  if (dailyCap > 0 && (await counter(`day:${m.userId}`, () => countOut(tx, m.userId, dayStart))) >= dailyCap) {
    return { action: 'defer', until: tomorrow, reason: 'daily cap reached' };
  }
  if (m.kind === 'repeatVisit' && m.flowId !== null) {
    const sentToday = await counter(`flowday:${m.flowId}`, () => countOut(tx, m.userId, dayStart, m.flowId!));
    if (sentToday >= REPEAT_VISIT_DAILY_CAP) return { action: 'defer', until: tomorrow, reason: 'repeat-visit cap of 200 a day reached' };
  }
  if (monthlyLimit !== null) {
    const used = await counter(`month:${m.userId}`, () => countOut(tx, m.userId, startOfLocalMonth(f.now, f.timeZone)));
    if (used >= monthlyLimit) return { action: 'fail', reason: ALLOWANCE_REACHED };
  }
  return { action: 'send', to };
}

/** Fills the §3 message variables with the values the message's source gives as its subject is at send time. */
const render = (f: SendFacts): string => fillVariables(f.flow?.content ?? '', f.subject?.variables ?? {});

const backoffMs = (attempts: number) => Math.min(3_600_000, 30_000 * 2 ** (attempts - 1));

/** Records one send's outcome, unless another dispatcher has taken the message over meanwhile. */
async function settle(deps: DispatchDeps, c: Claimed, result: SendResult, now: number, stats: DispatchStats) {
  const mine = and(eq(messages.id, c.id), eq(messages.status, 'sending'), eq(messages.attempts, c.attempts));
  if (result.ok) {
    stats.sent++;
    await deps.db.update(messages).set({ status: 'sent', providerMessageId: result.providerMessageId, leaseUntil: null, reason: null }).where(mine);
  } else if (result.ambiguous) {
    // The provider may have delivered it: a retry could send it twice, so it stays failed (at most once).
    stats.failed++;
    await deps.db.update(messages).set({ status: 'failed', reason: OUTCOME_UNKNOWN, failedAt: new Date(now), leaseUntil: null }).where(mine);
  } else if (result.retryable && c.attempts < deps.config.delivery.maxAttempts) {
    stats.retried++;
    const wait = Math.max(result.retryAfterMs ?? 0, backoffMs(c.attempts));
    await deps.db.update(messages).set({ status: 'queued', plannedAt: new Date(now + wait), reason: result.reason, sentAt: null, leaseUntil: null }).where(mine);
  } else {
    stats.failed++;
    await deps.db.update(messages).set({ status: 'failed', reason: result.reason, failedAt: new Date(now), leaseUntil: null }).where(mine);
  }
}

/** Gives claimed but unsent messages back (the provider asked to wait): no attempt is spent. */
async function release(deps: DispatchDeps, rest: Claimed[], until: number) {
  for (const c of rest) {
    await deps.db
      .update(messages)
      .set({ status: 'queued', attempts: c.attempts - 1, plannedAt: new Date(until), sentAt: null, leaseUntil: null })
      .where(and(eq(messages.id, c.id), eq(messages.status, 'sending'), eq(messages.attempts, c.attempts)));
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
  const claimed = await claim(deps, deps.config.now(), stats);
  const started = Date.now();
  for (let i = 0; i < claimed.length; i++) {
    const c = claimed[i]!;
    if (deps.pacer) {
      const wait = await paced(deps.pacer, c.to, started, deps.config.delivery.leaseMs);
      if (wait > 0) {
        // Too long to wait inside the lease: give it back unspent for when the provider's limit allows.
        stats.deferred++;
        await release(deps, [c], deps.config.now() + wait);
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
    await settle(deps, c, result, now, stats);
    if (!result.ok && result.retryable && result.retryAfterMs) {
      // Rate limited: stop this batch instead of hammering the provider; the rest waits as long as asked.
      deps.pacer?.pause(result.retryAfterMs);
      await release(deps, claimed.slice(i + 1), now + result.retryAfterMs);
      break;
    }
  }
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
