import { flowSource, type FlowKind, type FlowSource } from '../../shared/flows/index.ts';
import { runningFlowsOf } from '../modules/flows/store-due.ts';
import type { Tx } from '../platform/db/transactions.ts';
import type { Flow } from './source.ts';

// The generic half of planning: sources (modules/booking/plan.ts, modules/orders/plan.ts…) decide what an event
// plans; store-planned.ts writes it to the outbox and withdraws what an event made pointless.

export type { Flow } from './source.ts';

export { insertPeriodic, insertPlanned, withdrawQueued, type MessageSubject, type PeriodicItem, type PlannedMessage } from './store-planned.ts';

/** Running flows of these kinds that react to `source` events (the shared `flowSource` rule; a business has few flows). */
export async function runningFlows(tx: Tx, userId: number, kinds: FlowKind[], source: FlowSource): Promise<Flow[]> {
  const running = await runningFlowsOf(tx, userId, kinds);
  return running.filter((flow) => flowSource(flow.settings, flow.type) === source);
}

/** `now + the flow's delay`: when an event's notice is due. */
export const afterDelay = (flow: Flow, now: number) => now + flow.settings.delayMinutes * 60_000;
