import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { ts } from '../../../platform/db/columns.ts';
import { users } from '../../account/schema.ts';
import { bookingClients } from '../../clients/schema.ts';
import { bookingRecords } from '../../booking/schema.ts';
import { connections } from '../schema.ts';

// amoCRM (issue 19, docs/amo.md). The tokens are the connection's sealed credentials (connection_secrets); these
// tables hold what is not secret.

export type AmoPipeline = { id: number; name: string; statuses: { id: number; name: string }[] };
export type AmoVisitStatus = 'confirmed' | 'arrived' | 'noShow' | 'cancelled';
export type AmoMapping = { pipelineId: number; statusId: number; visitStatus: AmoVisitStatus };

/** A consent in flight: the SHA-256 of the `state` we gave amoCRM, single-use, short-lived. */
export const amoOauthStates = pgTable('amo_oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: ts('expires_at').notNull(),
});

/** The account's pipelines (read on connect), the owner's status map, the last push. */
export const amoSettings = pgTable('amo_settings', {
  connectionId: integer('connection_id').primaryKey().references(() => connections.id, { onDelete: 'cascade' }),
  subdomain: text('subdomain').notNull(),
  pipelines: jsonb('pipelines').$type<AmoPipeline[]>().notNull().default(sql`'[]'::jsonb`),
  statusMap: jsonb('status_map').$type<AmoMapping[]>().notNull().default(sql`'[]'::jsonb`),
  lastPushAt: ts('last_push_at'),
});

/** Visits to push: one row per visit; `seq` grows on each change so a push that raced a change is sent again. */
export const amoOutbox = pgTable(
  'amo_outbox',
  {
    recordId: integer('record_id').primaryKey().references(() => bookingRecords.id, { onDelete: 'cascade' }),
    connectionId: integer('connection_id').notNull().references(() => connections.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull().default(1),
    attempts: integer('attempts').notNull().default(0),
    nextAt: ts('next_at').notNull(),
    /** Claimed by a worker until then: a change meanwhile makes it due again, but not for a second worker at once. */
    leaseUntil: ts('lease_until'),
  },
  (t) => [index('amo_outbox_due_idx').on(t.nextAt)],
);

/** A visit's lead in amoCRM (the webhook finds the visit by it) and the status we last know it has. */
export const amoLeads = pgTable(
  'amo_leads',
  {
    recordId: integer('record_id').primaryKey().references(() => bookingRecords.id, { onDelete: 'cascade' }),
    connectionId: integer('connection_id').notNull().references(() => connections.id, { onDelete: 'cascade' }),
    leadId: integer('lead_id').notNull(),
    statusId: integer('status_id'),
  },
  (t) => [uniqueIndex('amo_leads_lead_idx').on(t.connectionId, t.leadId)],
);

/** A client's contact in amoCRM, so the next visit's lead names the same contact. */
export const amoContacts = pgTable(
  'amo_contacts',
  {
    connectionId: integer('connection_id').notNull().references(() => connections.id, { onDelete: 'cascade' }),
    clientId: integer('client_id').notNull().references(() => bookingClients.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.clientId] })],
);
