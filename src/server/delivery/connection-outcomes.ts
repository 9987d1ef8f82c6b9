import type { Db } from '../platform/db/open.ts';
import { demoteConnected, recordSendOutcomes, type SendOutcomes } from '../modules/connections/sending/store.ts';
import type { ConnectionState } from '../modules/connections/schema.ts';
import type { SendResult } from './channels/channel.ts';
import { TWILIO_UNSUBSCRIBED } from './channels/twilio.ts';
import { WABA_KEY_REJECTED } from './channels/waba.ts';
import { setState } from '../modules/connections/store.ts';
import { unsubscribePhone } from '../modules/phones/subscribers/store.ts';
import type { Outcome } from './channels/send-claimed.ts';
import type { Claimed } from './claim.ts';
import { NOT_ON_WHATSAPP, NUMBER_BLOCKED, NUMBER_POLICY, WAITING_DISCONNECTED, WAITING_WABA } from './number-policy.ts';
import type { Settle } from './store-claim.ts';

// What an owner's connection's answers mean beyond the message (docs/connections.md "Sending and pacing"): a
// gateway saying the session is down makes the message wait and the number show as disconnected; a client not on
// WhatsApp goes to the next kind of the fallback order; ban words and a run of failures pause the number.

export type Rerouted = Settle & { reason: string; planned_at: string; connection_id: number | null };

type Failure = Extract<SendResult, { ok: false }>;

/** The state a connection is in when the gateway refuses a send for its session (WAHA 422 status, or 404). */
function downState(reason: string): ConnectionState | undefined {
  if (reason === 'session not found') return 'NotAuthorized';
  const status = /^session not working \((\w+)\)$/.exec(reason)?.[1];
  return status === 'SCAN_QR_CODE' ? 'GotQrCode' : status === 'FAILED' ? 'error' : status ? 'NotAuthorized' : undefined;
}

const ownConnection = (c: Claimed) => (c.route?.channel === 'waha' ? c.route.connectionId : null);
/** A WhatsApp Business account whose API key 360dialog refused (revoked in the hub): its messages wait. */
const rejectedAccount = (c: Claimed, result: SendResult) => (c.route?.channel === 'waba' && !result.ok && result.reason === WABA_KEY_REJECTED ? c.route.connectionId : null);

export const connectionOutcomes = {
  /** Puts a message back instead of failing it when its connection's answer calls for it; true when it did. */
  reroute(c: Claimed, result: Failure, now: number, out: Rerouted[]): boolean {
    if (ownConnection(c) !== null && downState(result.reason)) {
      // Waits for any usable number of the owner (the next claim routes it again: the flow's own number, if named).
      out.push({ id: c.id, attempts: c.attempts, reason: WAITING_DISCONNECTED, planned_at: new Date(now + NUMBER_POLICY.waitingRecheckMs).toISOString(), connection_id: null });
      return true;
    }
    const account = rejectedAccount(c, result);
    if (account !== null) {
      out.push({ id: c.id, attempts: c.attempts, reason: WAITING_WABA, planned_at: new Date(now + NUMBER_POLICY.waitingRecheckMs).toISOString(), connection_id: account });
      return true;
    }
    if (result.reason === NOT_ON_WHATSAPP && c.route?.more) {
      out.push({ id: c.id, attempts: c.attempts, reason: NOT_ON_WHATSAPP, planned_at: new Date(now).toISOString(), connection_id: null });
      return true;
    }
    return false;
  },
};

/**
 * The owners' numbers' part of a batch's outcomes, in order: a success ends a run of failures; final failures extend
 * it; ban words pause at once; a session the gateway calls down is recorded on the connection.
 */
export async function recordConnectionOutcomes(db: Db, outcomes: Outcome[], now: number): Promise<void> {
  // Twilio refuses a client who replied STOP (21610): the client is unsubscribed from Twilio as a STOP reply does,
  // so the next messages are cancelled by the subscriber rule instead of failing one by one.
  for (const o of outcomes) {
    if (o.c.route?.channel === 'twilio' && 'result' in o && !o.result.ok && o.result.reason === TWILIO_UNSUBSCRIBED) await unsubscribePhone(db, o.c.extras.userId, 'twilio', o.c.to, new Date(now));
  }
  // The account shows what the sync shows for a revoked key (state error, keyRejected) until a sync accepts it again.
  const rejected = new Set(outcomes.flatMap((o) => ('result' in o ? [rejectedAccount(o.c, o.result)] : [])).filter((id): id is number => id !== null));
  for (const id of rejected) await setState(db, id, { state: 'error', lastError: 'keyRejected' }, new Date(now));
  const rows = new Map<number, SendOutcomes>();
  const down = new Map<number, ConnectionState>();
  for (const o of outcomes) {
    const id = ownConnection(o.c);
    if (id === null || !('result' in o)) continue;
    const row = rows.get(id) ?? { connection_id: id, reset: false, failures: 0, blocked: null };
    rows.set(id, row);
    const { result } = o;
    if (result.ok) [row.reset, row.failures] = [true, 0];
    else if (downState(result.reason)) down.set(id, downState(result.reason)!);
    else if (!result.retryable) {
      row.failures++;
      if (result.reason.startsWith(NUMBER_BLOCKED)) row.blocked ??= result.reason.slice(NUMBER_BLOCKED.length + 2);
    }
  }
  const at = new Date(now);
  for (const [id, state] of down) await demoteConnected(db, id, state, at);
  const changed = [...rows.values()].filter((r) => r.reset || r.failures > 0);
  await recordSendOutcomes(db, changed, at, NUMBER_POLICY.failureStreakLimit);
}
