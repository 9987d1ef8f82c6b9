import { integer, text } from 'drizzle-orm/pg-core';
import { ts } from '../../platform/db/columns.ts';
import { users } from '../account/schema.ts';
import { bookingClients } from './schema.ts';

/**
 * The columns every source's subject row shares (a booking record, an order): its owner, its client, a version
 * bumped on each event, where it came from (`demo`, `yclients`, `iiko`…) with the id it has there, and its times.
 * A function: each table needs its own column builders.
 */
export const subjectColumns = () => ({
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  clientId: integer('client_id').notNull().references(() => bookingClients.id, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(1),
  source: text('source').notNull().default('demo'),
  externalId: text('external_id'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});
