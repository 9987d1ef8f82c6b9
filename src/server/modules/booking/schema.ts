import { sql } from 'drizzle-orm';
import { doublePrecision, index, uniqueIndex, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from '../../platform/db/columns.ts';
import { users } from '../account/schema.ts';
import { subjectColumns } from '../clients/columns.ts';

export const bookingMasters = pgTable(
  'booking_masters',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** `source:id` of a master reported by a booking-system webhook, so repeats find the same row. */
    externalId: text('external_id'),
  },
  (t) => [uniqueIndex('booking_masters_user_external_idx').on(t.userId, t.externalId)],
);

export const bookingServices = pgTable('booking_services', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  price: doublePrecision('price').notNull().default(0),
  durationMinutes: integer('duration_minutes').notNull().default(60),
  /** `source:id` of a service reported by a booking-system webhook. */
  externalId: text('external_id'),
}, (t) => [uniqueIndex('booking_services_user_external_idx').on(t.userId, t.externalId)]);

/** One visit of a client (§3 visit statuses: waiting = booked, arrived, did not come = noShow, confirmed; plus cancelled). */
export const bookingRecords = pgTable(
  'booking_records',
  {
    id: serial('id').primaryKey(),
    masterId: integer('master_id').references(() => bookingMasters.id, { onDelete: 'set null' }),
    serviceIds: jsonb('service_ids').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    startAt: ts('start_at').notNull(),
    status: text('status', { enum: ['booked', 'confirmed', 'arrived', 'noShow', 'cancelled'] }).notNull().default('booked'),
    // Owner, client, source + external id, times, and `version`, bumped on every move: reminders planned for an
    // older version are cancelled and planned again.
    ...subjectColumns(),
  },
  (t) => [
    index('booking_records_user_start_idx').on(t.userId, t.startAt),
    index('booking_records_client_idx').on(t.clientId, t.createdAt),
    // A webhook's record id is unique per source and user: a repeated or later webhook finds the same record.
    uniqueIndex('booking_records_user_source_external_idx').on(t.userId, t.source, t.externalId),
  ],
);
