import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from '../../platform/db/columns.ts';
import { users } from '../account/schema.ts';
import { connections } from '../connections/schema.ts';

/**
 * §3 Flow/task, owned by a user. Searched, filtered and sorted columns are real columns; the editor's nested
 * settings (§3 buttons, filters, hours, switches) are JSON validated by src/shared/flows. `status` is the stored
 * state; "Unavailable" is derived from the owner's tariffs when read (src/shared/flows/tariffs.ts).
 */
export const flows = pgTable(
  'flows',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    type: text('type').$type<import('../../../shared/flows/kinds.ts').FlowKind>().notNull(),
    mode: text('mode', { enum: ['test', 'combat'] }).notNull().default('test'),
    status: text('status').$type<import('../../../shared/flows/kinds.ts').StoredFlowStatus>().notNull().default('Pause'),
    /** Why the engine stopped the flow (Error, Canceled past its end date); null otherwise (docs/delivery.md). */
    statusReason: text('status_reason').$type<import('../../../api/schema.d.ts').components['schemas']['FlowStatusReason']>(),
    settings: jsonb('settings').$type<import('../../../shared/flows/types.ts').FlowSettings>().notNull(),
    testPhones: text('test_phones').notNull().default(''),
    endDate: ts('end_date'),
    lastStart: ts('last_start'),
    nextStart: ts('next_start'),
    createdAt: ts('created_at').notNull(),
    editedAt: ts('edited_at').notNull(),
    /** The connection that sends the flow's messages; null = the owner's first Connected WhatsApp number (issue 17). */
    connectionId: integer('connection_id').references(() => connections.id, { onDelete: 'set null' }),
    /**
     * With a WhatsApp Business account as the connection: the approved template sent outside the 24-hour window
     * (name + language of the account's `waba_templates`) and what fills its {{1}}…{{n}} (docs/flows.md "WhatsApp
     * Business template"). Null otherwise; kept when the account is deleted, so the messages wait instead of leaving
     * through another number.
     */
    wabaTemplateName: text('waba_template_name'),
    wabaTemplateLanguage: text('waba_template_language'),
    wabaVariables: jsonb('waba_variables').$type<import('../../../shared/flows/waba.ts').WabaVariable[]>(),
  },
  (t) => [
    index('flows_user_edited_idx').on(t.userId, t.editedAt, t.id),
    index('flows_user_created_idx').on(t.userId, t.createdAt, t.id),
    // The engine's every-tick lookups (docs/delivery.md "Flow statuses"): running flows with an end date, turns in queue.
    index('flows_running_end_idx').on(t.endDate).where(sql`end_date is not null and status in ('InQueue', 'Waiting', 'Working', 'Done')`),
    index('flows_in_queue_idx').on(t.type).where(sql`status = 'InQueue'`),
  ],
);
