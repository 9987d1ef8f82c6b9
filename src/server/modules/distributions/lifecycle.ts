import type { Db } from '../../platform/db/open.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import { HttpError } from '../../platform/http/problem.ts';
import type { ChannelName } from '../../delivery/channels/channel.ts';
import { insertMessage } from '../../delivery/store-planned.ts';
import { deleteFlows } from '../flows/store.ts';
import { setStatusFrom } from '../flows/store-due.ts';
import { firstRecipient, hasRecipients, isRunning, nextTestRun, RUNNING, skipPending, testKey, updateDistribution, withdrawQueued, type Loaded } from './store.ts';

// Start, pause, resume, cancel and delete (docs/distributions.md "Lifecycle and statuses"). Every status change is
// guarded by the status it was decided on, so a concurrent planner tick or a second click changes nothing twice.

type Status = Loaded['flow']['status'];
const setStatus = (tx: Tx, id: number, from: readonly Status[], set: { status: Status; lastStart?: Date }) => setStatusFrom(tx, id, from, { statusReason: null, ...set });

const STOPPED: readonly Status[] = ['Pause', 'Error', 'Canceled', 'Done'];

/**
 * Start. Test mode: one message for the test numbers (the engine copies it to each further one), Working until it
 * settles. Combat: InQueue until the planner builds the audience (a table source needs rows: 409 audienceEmpty).
 */
export async function start(db: Db, d: Loaded, now: number, ownerPhone: string | null, channel: ChannelName): Promise<void> {
  if (isRunning(d.flow.status)) throw new HttpError(409, 'distributionStartFailed');
  const at = new Date(now);
  await db.transaction(async (tx) => {
    if (d.flow.mode === 'test') {
      const run = await nextTestRun(tx, d.flow.id, at);
      const first = await firstRecipient(tx, d.flow.id);
      await insertMessage(tx, {
        userId: d.flow.userId,
        flowId: d.flow.id,
        kind: 'distribution',
        distributionRecipientId: first?.id ?? null,
        clientId: first?.clientId ?? null,
        // Test mode sends to the test numbers whatever this says; the recipient only lends its variables.
        recipient: first?.phone ?? ownerPhone?.replace(/\D/g, '') ?? '',
        channel,
        idempotencyKey: testKey(d.flow.id, run),
        plannedAt: at,
        createdAt: at,
      });
      if (!(await setStatus(tx, d.flow.id, STOPPED, { status: 'Working', lastStart: at }))) throw new HttpError(409, 'distributionStartFailed');
      return;
    }
    if (d.dist.source === 'table' && !(await hasRecipients(tx, d.flow.id))) throw new HttpError(409, 'audienceEmpty');
    await updateDistribution(tx, d.flow.id, { builtAt: null, doneAt: null });
    if (!(await setStatus(tx, d.flow.id, STOPPED, { status: 'InQueue', lastStart: at }))) throw new HttpError(409, 'distributionStartFailed');
  });
}

/** Pause: what the engine has not taken waits (queued messages withdrawn, recipients pending again). */
export async function pause(db: Db, d: Loaded): Promise<void> {
  if (!isRunning(d.flow.status)) throw new HttpError(409, 'distributionStopFailed');
  await db.transaction(async (tx) => {
    if (!(await setStatus(tx, d.flow.id, RUNNING, { status: 'Pause' }))) throw new HttpError(409, 'distributionStopFailed');
    await withdrawQueued(tx, [d.flow.id]);
  });
}

/** Resume: back to where the state says (InQueue when the audience was not built yet; the planner sets the rest). */
export async function resume(db: Db, d: Loaded, now: number): Promise<void> {
  if (d.flow.status !== 'Pause' && d.flow.status !== 'Error') throw new HttpError(409, 'distributionResumeFailed');
  const status: Status = d.flow.mode === 'test' ? 'Working' : d.dist.builtAt === null ? 'InQueue' : 'Waiting';
  const done = await setStatus(db, d.flow.id, ['Pause', 'Error'], { status, lastStart: d.flow.lastStart ?? new Date(now) });
  if (!done) throw new HttpError(409, 'distributionResumeFailed');
}

/** Cancel: as a pause, then nobody left is messaged (pending → skipped, reason cancelled); status Canceled. */
export async function cancel(db: Db, d: Loaded, now: number): Promise<void> {
  const from: Status[] = [...RUNNING, 'Pause', 'Error'];
  if (!from.includes(d.flow.status) || d.flow.lastStart === null) throw new HttpError(409, 'distributionCancelFailed');
  await db.transaction(async (tx) => {
    if (!(await setStatus(tx, d.flow.id, from, { status: 'Canceled' }))) throw new HttpError(409, 'distributionCancelFailed');
    await withdrawQueued(tx, [d.flow.id]);
    await skipPending(tx, d.flow.id, 'cancelled');
    await updateDistribution(tx, d.flow.id, { doneAt: new Date(now) });
  });
}

/** Delete: unsent messages withdrawn, the rest cascades; sent ones stay in the log with no flow, as flows' do. */
export async function remove(tx: Tx, ids: number[]): Promise<void> {
  await withdrawQueued(tx, ids);
  await deleteFlows(tx, ids);
}
