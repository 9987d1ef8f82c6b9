import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from '../../platform/db/columns.ts';
import { users } from '../account/schema.ts';
import { flows } from '../flows/schema.ts';
import { bookingClients } from '../clients/schema.ts';

// The distributions module's tables (issue 20, docs/distributions.md). A distribution owns one flow of type
// `distribution` (message, buttons, image, template, connection, mode, test numbers, dispatch hours): its primary key
// is that flow's id, so the flow's id is the distribution's.

type ClientFilters = import('../../../api/schema.d.ts').components['schemas']['ClientFilters'];
type TableSummary = import('../../../api/schema.d.ts').components['schemas']['TableSummary'];

export const distributions = pgTable('distributions', {
  flowId: integer('flow_id')
    .primaryKey()
    .references(() => flows.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** `table` (the imported phone table) or `clients` (the client base through `filters`). */
  source: text('source', { enum: ['table', 'clients'] }).notNull().default('table'),
  filters: jsonb('filters').$type<ClientFilters>().notNull().default({}),
  segmentId: integer('segment_id'),
  useSubscribed: boolean('use_subscribed').notNull().default(false),
  ignoreNoDialogue: boolean('ignore_no_dialogue').notNull().default(false),
  /** ISO days (1 = Monday) on which messages are handed to the engine, in the business time zone. */
  daysOfWeek: jsonb('days_of_week').$type<number[]>().notNull().default([1, 2, 3, 4, 5, 6, 7]),
  startDate: ts('start_date'),
  dailyCap: integer('daily_cap').notNull().default(300),
  /** The imported table's summary (null until a table is imported). */
  tableSummary: jsonb('table_summary').$type<TableSummary>(),
  /** Test starts so far: the last one's messages carry `dist:<id>:test:<n>` keys. */
  testRuns: integer('test_runs').notNull().default(0),
  testStartedAt: ts('test_started_at'),
  /** When the audience of the last combat start was built (null: not built since the start, status InQueue). */
  builtAt: ts('built_at'),
  doneAt: ts('done_at'),
});

/**
 * One row per recipient: the imported table (before a start) or the audience built at a combat start. A phone is
 * unique per distribution, which with the message key `dist:<id>:<phone>` keeps one message per recipient.
 * `messageId` is the combat message once planned (no foreign key: the planner and the pause write both in one
 * transaction, and messages are never deleted otherwise).
 */
export const distributionRecipients = pgTable(
  'distribution_recipients',
  {
    id: serial('id').primaryKey(),
    distributionId: integer('distribution_id')
      .notNull()
      .references(() => distributions.flowId, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    name: text('name'),
    /** 1-based row of the imported table; null for the client base and subscribers. */
    row: integer('row'),
    clientId: integer('client_id').references(() => bookingClients.id, { onDelete: 'set null' }),
    /** pending = not yet handed to the engine; planned = its message exists (`messageId`); skipped = left out (`reason`). */
    state: text('state', { enum: ['pending', 'planned', 'skipped'] }).notNull().default('pending'),
    reason: text('reason'),
    messageId: integer('message_id'),
  },
  (t) => [
    uniqueIndex('distribution_recipients_phone_idx').on(t.distributionId, t.phone),
    index('distribution_recipients_pending_idx').on(t.distributionId, t.id).where(sql`state = 'pending'`),
    index('distribution_recipients_message_idx').on(t.messageId),
  ],
);

/** Saved audiences: client-base filters under a name, reused by later distributions. */
export const audienceSegments = pgTable(
  'audience_segments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    filters: jsonb('filters').$type<ClientFilters>().notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('audience_segments_user_idx').on(t.userId, t.id)],
);
