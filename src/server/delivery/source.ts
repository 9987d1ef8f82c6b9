import type { SQL } from 'drizzle-orm';
import type { FlowFilters, FlowKind } from '../../shared/flows/index.ts';
import type { MessageVariable } from '../../shared/flows/variables.ts';
import type { ChannelName } from './channels/channel.ts';
import type { Db } from '../platform/db/open.ts';
import type { ServerConfig } from '../platform/config.ts';
import type { Tx } from '../platform/db/transactions.ts';
import type { flows } from '../modules/flows/schema.ts';
import type { messages } from './schema.ts';

/**
 * A source of messages (booking records, orders, clients; later distributions, chatbots, assistants): it plans
 * messages for its own events and, at send time, tells the engine what its messages are about. The engine knows
 * messages, flows, rules, caps and channels only; sources are listed once in `sources.ts` (docs/delivery.md
 * "Message sources").
 */
export interface MessageSource {
  /** Stable name (logs, docs). */
  readonly name: string;
  /**
   * The `messages` column naming this source's subject (`recordId`, `orderId`…). A claimed message belongs to the
   * first source in the list whose column is set on it.
   */
  readonly subject: SubjectColumn;
  /**
   * The send-time facts of a batch of this source's claimed messages, keyed by message id: set-based (a few
   * queries for the whole batch, never one per message). A message missing from the map has no facts.
   */
  facts(tx: Tx, batch: readonly MessageRow[], at: FactsContext): Promise<Map<number, SourceFacts>>;
  /** The planner tick's kinds this source plans (reminder sweep, birthdays, reports…), by flow kind. */
  readonly periodic?: Partial<Record<FlowKind, PeriodicPlanner>>;
  /**
   * "The client did something with this source after `since`" as an SQL condition (a booking, an order), so the
   * repeat-visit planner waits for clients who came back through any source.
   */
  laterActivity?(clientId: SQL, since: SQL): SQL;
  /**
   * A step of the source's own run every engine tick, before dispatch (distributions build audiences and plan each
   * day's allotment): idempotent and safe on several engine threads at once. Returns the messages it planned.
   */
  tick?(db: Db, now: number, config: ServerConfig): Promise<number>;
  /** After the tick's dispatch: the statuses the source keeps itself (distributions: Working, Waiting, Done). */
  settle?(db: Db, now: number): Promise<void>;
}

export type MessageRow = typeof messages.$inferSelect;
export type Flow = typeof flows.$inferSelect;

/** Columns of `messages` that name what a message is about; a source with its own subject adds its column here. */
export type SubjectColumn = 'recordId' | 'orderId' | 'clientId' | 'distributionRecipientId';

export interface FactsContext {
  now: number;
  /** The business time zone of a message's owner. */
  timeZoneOf(userId: number): string;
  /** The whole claimed batch (every source's messages). */
  batch: readonly MessageRow[];
  /**
   * Loads something once per batch for every source that asks by the same key (the clients that every source's
   * facts include: one query for the batch, not one per source).
   */
  once<T>(key: string, load: () => Promise<T>): Promise<T>;
}

/** What the rules and the renderer need from a message's source, as its subject is now. */
export interface SourceFacts {
  /** A reason to cancel a message of this flow kind because its subject no longer stands (a cancelled record). */
  withdrawn(kind: FlowKind): string | undefined;
  /** The §3 flow filters against the subject as it is now. */
  passes(filters: FlowFilters): boolean;
  /** Values of the message variables; a missing one leaves its token visible. */
  variables: Partial<Record<MessageVariable, string>>;
}

export interface PeriodicContext {
  now: number;
  timeZone: string;
  ownerPhone: string | null;
  channel: ChannelName;
  /** Every source's `laterActivity`, for planners that ask "has the client come back through any source". */
  laterActivity(clientId: SQL, since: SQL): SQL[];
}

/** Plans one due periodic flow for the business's current local day; returns the messages inserted. */
export type PeriodicPlanner = (db: Db, flow: Flow, ctx: PeriodicContext) => Promise<number>;

/** A §3 numeric filter range; -1..-1 means no restriction. */
export const inRange = (value: number, r: { from: number; to: number }) => (r.from === -1 && r.to === -1) || (value >= r.from && value < r.to);

/** Facts of two parts of one subject (a record and its client): both must pass, the first withdrawal wins. */
export function combineFacts(...parts: SourceFacts[]): SourceFacts {
  return {
    withdrawn: (kind) => parts.map((p) => p.withdrawn(kind)).find((reason) => reason !== undefined),
    passes: (filters) => parts.every((p) => p.passes(filters)),
    variables: Object.assign({}, ...parts.map((p) => p.variables)),
  };
}
