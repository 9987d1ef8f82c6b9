import { fillVariables } from '../../shared/flows/variables.ts';
import { flowsByIds } from '../modules/flows/store-due.ts';
import type { FlowRow } from '../modules/flows/mapping.ts';
import { ignoredAmong } from '../modules/phones/store.ts';
import { lockSenders } from '../modules/account/store.ts';
import { tariffsOfUsers } from '../modules/flows/tariffs.ts';
import { monthlyAllowance } from './allowance.ts';
import type { DispatchDeps, DispatchStats } from './dispatcher.ts';
import { stopReasonOf, type FlowStop } from './flow-status.ts';
import { factsOfBatch } from './sources.ts';
import type { MessageRow } from './source.ts';
import { ALLOWANCE_REACHED, copyNumberOf, decideStatic, furtherTestNumbers, REPEAT_VISIT_DAILY_CAP, testCopyKey, type Decision, type SendFacts } from './rules.ts';
import { claimDue, countsSentSince, holdMessages, insertCopies, markSending, renewLeases, sentToClientsAmong, type Held, type Mark, type SentCount } from './store-claim.ts';
import { fromLocal, localTime, startOfLocalDay, startOfLocalMonth } from './time.ts';
import { resolveAddresses, type Address, type Destination } from '../modules/phones/subscribers/address.ts';
import { prepareRouting, type Route, type Router } from './routing.ts';
import { prepareWaba } from './waba-claim.ts';
import type { OutgoingTemplate } from './channels/channel.ts';
import { NUMBER_POLICY } from './number-policy.ts';
import { isTemplateLogText } from '../../shared/flows/waba.ts';

// The dispatcher's claim: which due messages go out now, to which number, with which text (docs/delivery.md
// "Send-time rules", "Dispatcher and crash safety"); every statement is in store-claim.ts.

/** A message this dispatcher took: it sends it with `key` to `to`, and settles it only while `attempts` still match. */
export interface Claimed {
  id: number;
  flowId: number | null;
  attempts: number;
  key: string;
  to: string;
  text: string;
  /** The flow's enabled simple-answer buttons and stored image, sent with the text (§3). */
  extras: SendExtras;
  /** The connection it leaves through when the engine routes by connection (DELIVERY_CHANNEL=waha); else the one channel. */
  route?: Route;
  /** Through a WhatsApp Business account: the flow's template rendered for this message (waba-claim.ts). */
  template?: OutgoingTemplate;
}

export interface SendExtras {
  userId: number;
  buttons: string[];
  image: { url: string } | null;
}

/** §3: only enabled simple-answer buttons go out (URL and call buttons are shown disabled in the editor). */
const extrasOf = (userId: number, flow: FlowRow | undefined): SendExtras => ({
  userId,
  buttons: (flow?.settings.buttons ?? []).filter((b) => b.type === 'simpleAnswer' && b.enabled).map((b) => b.text),
  image: flow?.settings.image ?? null,
});

const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
const ids = (values: (number | null)[]) => [...new Set(values.filter((v): v is number => v !== null))];

/**
 * Claims due messages (FOR UPDATE SKIP LOCKED: several dispatchers never take the same row), applies the send-time
 * rules and marks the ones to send `sending` with a lease, all in one short transaction. The owner's row is locked
 * too, so caps are counted by one dispatcher at a time per business. A test-mode message that goes out is copied
 * for each further test number (own key, own message, same rules) in the same transaction.
 */
export async function claim(deps: DispatchDeps, now: number, stats: DispatchStats, stops: FlowStop[]): Promise<Claimed[]> {
  const { db, config } = deps;
  return db.transaction(async (tx) => {
    const rows = await claimDue(tx, now, config.delivery.batchSize);
    if (!rows.length) return [];
    stats.claimed += rows.length;
    const owners = byId(await lockSenders(tx, ids(rows.map((r) => r.userId))));
    const flowById = await flowsByIds(tx, ids(rows.map((r) => r.flowId)));
    // Routing by connection (docs/connections.md "Sending and pacing"): the owners' connections, read once.
    const router = deps.routing ? await prepareRouting(tx, rows, (userId) => owners.get(userId)!.timeZone, now, deps.routing) : undefined;
    const leaseUntil = now + config.delivery.leaseMs;
    const out: Claimed[] = [];
    // Its sender died after claiming it: send again with the same key (the channel drops a repeat).
    const takenOver = rows.filter((m) => m.status === 'sending');
    await renewLeases(tx, takenOver.map((m) => m.id), leaseUntil);
    // A WhatsApp Business message taken over renders its template again: its subject is asked for too.
    const takenOverWaba = router ? takenOver.filter((m) => m.channel === 'waba') : [];

    // What each message is about (record, order, client…), asked of its source once per batch.
    const pending = rows.filter((m) => m.status !== 'sending');
    const subjects = await factsOfBatch(tx, [...pending, ...takenOverWaba], { now, timeZoneOf: (userId) => owners.get(userId)!.timeZone });
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
    // A blocked owner sends nothing (docs/admin.md "Blocking"); what falls due meanwhile is cancelled, not held.
    const decided = new Map(
      pending.map((m) => {
        const facts = factsOf(m);
        return [m.id, owners.get(m.userId)!.blockedAt ? { facts, decision: { action: 'cancel', reason: 'owner blocked' } as Decision } : withDecision(facts)];
      }),
    );
    // Each destination a send may take (and further test numbers): the blacklist and the subscriber rule, asked
    // once for the batch; then the owners' allowances, the caps' counts and the first-send flags, one query each.
    const destinations = pending.flatMap((m) => {
      const { facts, decision: d } = decided.get(m.id)!;
      if (d.action !== 'send') return [];
      const phones = [d.to, ...furtherTestNumbers(facts, d.to)];
      return router ? phones.flatMap((phone) => router.destinations(m, phone)) : phones.map((phone) => ({ userId: m.userId, channel: m.channel, phone }));
    });
    // WhatsApp Business flows: their templates and when each client last wrote, one read each for the batch.
    const flowOf = (m: MessageRow) => (m.flowId === null ? undefined : flowById.get(m.flowId));
    const waba = router
      ? await prepareWaba(
          tx,
          [
            ...pending.flatMap((m) => {
              const { facts, decision: d } = decided.get(m.id)!;
              return d.action === 'send' ? [{ userId: m.userId, flow: facts.flow, phones: [d.to, ...furtherTestNumbers(facts, d.to)] }] : [];
            }),
            ...takenOverWaba.map((m) => ({ userId: m.userId, flow: flowOf(m), phones: [m.sentTo ?? m.recipient] })),
          ],
          now,
        )
      : undefined;
    for (const m of takenOver) {
      const route = router?.resume(m);
      const extras = extrasOf(m.userId, flowOf(m));
      const to = m.sentTo ?? m.recipient;
      const plan = route?.channel === 'waba' ? waba!.plan(flowOf(m), route.connectionId!, to, subjects.get(m.id)?.variables ?? {}, m.text) : undefined;
      // What went out is unknown: a template stays a template; a stored free text may go free again.
      const template = plan && 'template' in plan ? { ...plan.template, freeTextFirst: plan.template.freeTextFirst && !isTemplateLogText(m.text) } : undefined;
      out.push({ id: m.id, flowId: m.flowId, attempts: m.attempts + 1, key: m.idempotencyKey, to, text: m.text, extras, ...(route ? { route } : {}), ...(template ? { template } : {}) });
    }
    const blocked = await ignoredAmong(tx, destinations);
    const addressOf = await resolveAddresses(tx, destinations);
    const tariffs = await tariffsOfUsers(tx, [...owners.keys()], now);
    const limits = new Map([...owners.values()].map((o) => [o.id, monthlyAllowance({ ...o, tariffs: tariffs.get(o.id)! })]));
    const toSend = pending.filter((m) => decided.get(m.id)!.decision.action === 'send');
    const counts = await countsSentSince(tx, capCounts(toSend, owners, limits, config.delivery.dailyCap, now));
    const sentBefore = await sentToClientsAmong(
      tx,
      toSend.flatMap((m) => {
        const { facts } = decided.get(m.id)!;
        return facts.flow?.settings.firstSendOnly && m.clientId !== null && facts.copyFor === undefined ? [{ flow_id: facts.flow.id, client_id: m.clientId }] : [];
      }),
    );
    const at = new Date(now);
    // Sends are marked `sending` in one statement per batch, waits and stops in one; the counts above are kept up
    // to date in memory as messages are marked, so each message sees the ones before it as a per-message count would.
    const marks: Mark[] = [];
    const held: Held[] = [];
    const copies: { of: MessageRow; key: string; at: number }[] = [];
    const batch: Batch = { counts, sentBefore, limits, dailyCap: config.delivery.dailyCap };
    const decideOne = (m: MessageRow, facts: SendFacts, first: Decision) => {
      let decision = first;
      if (decision.action === 'send' && blocked.has(`${m.userId}:${decision.to}`)) decision = { action: 'cancel', reason: 'blacklisted' };
      let route: Route | undefined;
      let waitingFor: number | null = null;
      let text = '';
      let template: OutgoingTemplate | undefined;
      if (decision.action === 'send' && router) {
        ({ decision, route, waitingFor } = routed(router, m, facts, decision.to, addressOf, batch));
        if (decision.action === 'send') text = m.text || render(facts);
        const plan = decision.action === 'send' && route?.channel === 'waba' ? waba!.plan(facts.flow, route.connectionId!, decision.to, facts.subject?.variables ?? {}, text) : undefined;
        if (plan && 'wait' in plan) decision = { action: 'defer', until: now + NUMBER_POLICY.waitingRecheckMs, reason: plan.wait };
        else if (plan) ({ text, template } = plan);
      } else if (decision.action === 'send') {
        // Subscribers: unsubscribed clients get nothing; Telegram needs the client's chat (docs/phones.md).
        const address = addressOf({ userId: m.userId, channel: m.channel, phone: decision.to });
        decision = 'cancel' in address ? { action: 'cancel', reason: address.cancel } : decideCounted(m, facts, decision.to, batch);
      }
      if (decision.action === 'send') {
        text ||= m.text || render(facts);
        for (const key of counterKeys(m)) if (counts.has(key)) counts.set(key, counts.get(key)! + 1);
        if (facts.flow && m.clientId !== null) sentBefore.add(`${facts.flow.id}:${m.clientId}`);
        marks.push({ id: m.id, sent_to: decision.to, text, attempts: m.attempts + 1, channel: route?.channel ?? m.channel, connection_id: route?.connectionId ?? null });
        out.push({ id: m.id, flowId: m.flowId, attempts: m.attempts + 1, key: m.idempotencyKey, to: decision.to, text, extras: extrasOf(m.userId, facts.flow), ...(route ? { route } : {}), ...(template ? { template } : {}) });
        for (const n of furtherTestNumbers(facts, decision.to)) copies.push({ of: m, key: testCopyKey(m.idempotencyKey, n), at: now });
      } else if (decision.action === 'defer') {
        stats.deferred++;
        held.push({ id: m.id, status: 'queued', reason: decision.reason, planned_at: new Date(decision.until).toISOString(), connection_id: route?.connectionId ?? waitingFor });
      } else {
        decision.action === 'cancel' ? stats.cancelled++ : stats.failed++;
        held.push({ id: m.id, status: decision.action === 'cancel' ? 'cancelled' : 'failed', reason: decision.reason });
        const stop = decision.action === 'fail' && m.flowId !== null ? stopReasonOf(decision.reason) : undefined;
        if (stop) stops.push({ flowId: m.flowId!, reason: stop });
      }
    };
    for (const m of pending) decideOne(m, decided.get(m.id)!.facts, decided.get(m.id)!.decision);
    // The copies of the test-mode messages going out, decided like them (a copy's first-send is its original's).
    const parentOf = new Map(copies.map((c) => [c.key, c.of]));
    for (const copy of await insertCopies(tx, copies)) {
      const facts: SendFacts = { ...decided.get(parentOf.get(copy.idempotencyKey)!.id)!.facts, sentTo: null, copyFor: copyNumberOf(copy.idempotencyKey) };
      decideOne(copy, facts, decideStatic(facts));
    }
    await markSending(tx, marks, at, new Date(leaseUntil));
    await holdMessages(tx, held, at);
    await router?.finish();
    return out;
  });
}

const withDecision = (facts: SendFacts) => ({ facts, decision: decideStatic(facts) });

/** What the counted rules of a batch read: the caps' counts by key, the first-send pairs, the owners' allowances. */
interface Batch {
  counts: Map<string, number>;
  sentBefore: Set<string>;
  limits: Map<number, number | null>;
  dailyCap: number;
}

/** The counts a message's send adds to: the owner's day and month, its flow's day (repeat-visit cap). */
const counterKeys = (m: MessageRow) => [`day:${m.userId}`, `month:${m.userId}`, `flowday:${m.flowId}`];

/** The counts the caps of a batch's sends need (one statement: countsSentSince). */
function capCounts(toSend: MessageRow[], owners: Map<number, { timeZone: string }>, limits: Map<number, number | null>, dailyCap: number, now: number): SentCount[] {
  const wanted = new Map<string, SentCount>();
  for (const m of toSend) {
    const zone = owners.get(m.userId)!.timeZone;
    const day = new Date(startOfLocalDay(now, zone)).toISOString();
    if (dailyCap > 0) wanted.set(`day:${m.userId}`, { key: `day:${m.userId}`, user_id: m.userId, flow_id: null, since: day });
    if (m.kind === 'repeatVisit' && m.flowId !== null) wanted.set(`flowday:${m.flowId}`, { key: `flowday:${m.flowId}`, user_id: m.userId, flow_id: m.flowId, since: day });
    if (limits.get(m.userId) != null) wanted.set(`month:${m.userId}`, { key: `month:${m.userId}`, user_id: m.userId, flow_id: null, since: new Date(startOfLocalMonth(now, zone)).toISOString() });
  }
  return [...wanted.values()];
}

/** The rules that need counting: first-send flag, daily caps, monthly allowance (blacklist and subscribers come first). */
function decideCounted(m: MessageRow, f: SendFacts, to: string, b: Batch): Decision {
  if (f.flow?.settings.firstSendOnly && m.clientId !== null && f.copyFor === undefined && b.sentBefore.has(`${f.flow.id}:${m.clientId}`)) {
    return { action: 'cancel', reason: 'already sent to this client (first send only)' };
  }
  const l = localTime(f.now, f.timeZone);
  const tomorrow = fromLocal(f.timeZone, l.year, l.month, l.day + 1);
  if (b.dailyCap > 0 && b.counts.get(`day:${m.userId}`)! >= b.dailyCap) return { action: 'defer', until: tomorrow, reason: 'daily cap reached' };
  if (m.kind === 'repeatVisit' && m.flowId !== null && b.counts.get(`flowday:${m.flowId}`)! >= REPEAT_VISIT_DAILY_CAP) {
    return { action: 'defer', until: tomorrow, reason: 'repeat-visit cap of 200 a day reached' };
  }
  const monthlyLimit = b.limits.get(m.userId) ?? null;
  if (monthlyLimit !== null && b.counts.get(`month:${m.userId}`)! >= monthlyLimit) return { action: 'fail', reason: ALLOWANCE_REACHED };
  return { action: 'send', to };
}

/**
 * A message's route and the rules after it: the subscriber rule per kind, the owner's caps, then the number's own
 * limits (quiet hours, its daily cap); a message no connection can take now waits for one (`waitingFor`).
 */
function routed(router: Router, m: MessageRow, facts: SendFacts, to: string, addressOf: (d: Destination) => Address, batch: Batch) {
  const r = router.route(m, { connectionId: facts.flow?.connectionId ?? null, wabaTemplate: Boolean(facts.flow?.wabaTemplateName) }, to, addressOf);
  if ('wait' in r) return { decision: { action: 'defer', until: r.wait.until, reason: r.wait.reason } as Decision, route: undefined, waitingFor: r.wait.connectionId };
  if ('cancel' in r) return { decision: { action: 'cancel', reason: r.cancel } as Decision, route: undefined, waitingFor: null };
  if ('fail' in r) return { decision: { action: 'fail', reason: r.fail } as Decision, route: undefined, waitingFor: null };
  let decision = decideCounted(m, facts, to, batch);
  const held = decision.action === 'send' ? router.admit(r.route, facts.timeZone) : undefined;
  if (held) decision = { action: 'defer', until: held.until, reason: held.reason };
  return { decision, route: r.route, waitingFor: null };
}

/** Fills the §3 message variables with the values the message's source gives as its subject is at send time. */
const render = (f: SendFacts): string => fillVariables(f.flow?.content ?? '', f.subject?.variables ?? {});

