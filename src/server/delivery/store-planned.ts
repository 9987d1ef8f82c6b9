import { and, eq, inArray } from 'drizzle-orm';
import type { FlowKind } from '../../shared/flows/index.ts';
import type { ChannelName } from './channels/channel.ts';
import type { Db } from '../platform/db/open.ts';
import { clientById } from '../modules/clients/store.ts';
import { messages } from './schema.ts';
import type { Tx } from '../platform/db/transactions.ts';
import type { Flow, SubjectColumn } from './source.ts';

// The engine's writes of planned messages (plan.ts re-exports them for the sources' planners).

export interface PlannedMessage {
  flow: Flow;
  key: string;
  at: number;
}

/** The subject a planned message is about: its owner, its client and the source's own column (record, order…). */
export type MessageSubject = { userId: number; clientId: number } & Partial<Record<Exclude<SubjectColumn, 'clientId'>, number>>;

/** Writes planned messages for one subject to the outbox; a key already there (a repeat) inserts nothing. */
export async function insertPlanned(tx: Tx, planned: PlannedMessage[], about: MessageSubject, now: number, channel: ChannelName): Promise<number> {
  if (!planned.length) return 0;
  const client = await clientById(tx, about.clientId);
  const inserted = await tx
    .insert(messages)
    .values(
      planned.map((p) => ({
        ...about,
        flowId: p.flow.id,
        kind: p.flow.type,
        recipient: client!.phone,
        channel,
        idempotencyKey: p.key,
        plannedAt: new Date(p.at),
        createdAt: new Date(now),
      })),
    )
    .onConflictDoNothing({ target: messages.idempotencyKey })
    .returning({ id: messages.id });
  return inserted.length;
}

/** Cancels the still queued messages of one subject (of some kinds only, when given) with a fixed reason. */
export async function withdrawQueued(tx: Tx, column: Exclude<SubjectColumn, 'clientId'>, id: number, reason: string, now: number, kinds?: FlowKind[]): Promise<void> {
  await tx
    .update(messages)
    .set({ status: 'cancelled', reason, failedAt: new Date(now) })
    .where(and(eq(messages[column], id), eq(messages.status, 'queued'), kinds ? inArray(messages.kind, kinds) : undefined));
}

export interface PeriodicItem {
  key: string;
  recipient: string;
  clientId?: number;
  text?: string;
}

/** Writes a periodic flow's messages (due after the flow's delay) in chunks; repeated keys insert nothing. */
export async function insertPeriodic(db: Db, flow: Flow, now: number, channel: ChannelName, items: PeriodicItem[]): Promise<number> {
  let n = 0;
  for (let i = 0; i < items.length; i += 1000) {
    const chunk = items.slice(i, i + 1000);
    const done = await db
      .insert(messages)
      .values(
        chunk.map((it) => ({
          userId: flow.userId,
          flowId: flow.id,
          kind: flow.type,
          clientId: it.clientId ?? null,
          recipient: it.recipient,
          channel,
          text: it.text ?? '',
          idempotencyKey: it.key,
          plannedAt: new Date(now + flow.settings.delayMinutes * 60_000),
          createdAt: new Date(now),
        })),
      )
      .onConflictDoNothing({ target: messages.idempotencyKey })
      .returning({ id: messages.id });
    n += done.length;
  }
  return n;
}

/** Of these flows, those with a message still to send (queued or sending). */
export async function flowsWithPending(db: Db, flowIds: number[]): Promise<Set<number>> {
  if (!flowIds.length) return new Set();
  const rows = await db
    .selectDistinct({ flowId: messages.flowId })
    .from(messages)
    .where(and(inArray(messages.flowId, flowIds), inArray(messages.status, ['queued', 'sending'])));
  return new Set(rows.map((r) => r.flowId!));
}
