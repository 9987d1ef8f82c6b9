import type { FlowKind } from '../../shared/flows/index.ts';
import type { Db } from '../platform/db/open.ts';
import { flowsInQueue, finishTurns, stopFlowsWithError, type FlowStatusReason } from '../modules/flows/store-due.ts';
import { NO_TEST_NUMBER } from './rules.ts';
import { flowsWithPending } from './store-planned.ts';

// The §4 statuses the engine sets (docs/delivery.md "Flow statuses"): InQueue and Done for the turns of periodic
// flows, Error when a failure stops the flow, Canceled past the end date (engine.ts).

/** Kinds that run in turns (the planner tick plans them; nothing else does): InQueue during a turn, Done between. */
export const TURN_KINDS: readonly FlowKind[] = ['birthday', 'repeatVisit', 'dailyReport', 'weeklyReport'];

/**
 * Failures that no later message of the flow would escape: the sender's setup (its WhatsApp session, its
 * credentials) or the flow's own settings. They stop the flow with Error and a reason; any other failure is one
 * recipient's (a bad number, a blocked bot) or passes (limits, timeouts) and the flow goes on. Matched on the
 * adapters' fixed reasons (channels/waha.ts, channels/telegram.ts).
 */
export function stopReasonOf(reason: string): FlowStatusReason | undefined {
  if (reason === NO_TEST_NUMBER) return 'noTestNumber';
  if (reason === 'session not found') return 'senderSessionGone';
  if (reason.startsWith('session not working')) return 'senderSessionDown';
  if (reason === 'gateway rejected the API key' || reason === 'bot token rejected') return 'senderRejected';
  return undefined;
}

/** A failed message that stops its flow. */
export interface FlowStop {
  flowId: number;
  reason: FlowStatusReason;
}

/** Stops the flows with Error (one statement per distinct reason). */
export async function stopWithError(db: Db, stops: FlowStop[]): Promise<void> {
  const byReason = new Map<FlowStatusReason, number[]>();
  for (const s of stops) byReason.set(s.reason, [...(byReason.get(s.reason) ?? []), s.flowId]);
  for (const [reason, ids] of byReason) await stopFlowsWithError(db, [...new Set(ids)], reason);
}

/** Turns whose messages have all left the queue (sent, failed or cancelled) are over: Done until the next turn. */
export async function closeTurns(db: Db): Promise<void> {
  const inQueue = await flowsInQueue(db, [...TURN_KINDS]);
  if (!inQueue.length) return;
  const pending = await flowsWithPending(db, inQueue);
  await finishTurns(db, inQueue.filter((id) => !pending.has(id)));
}
