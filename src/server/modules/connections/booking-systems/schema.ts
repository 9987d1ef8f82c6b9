import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from '../../../platform/db/columns.ts';
import { users } from '../../account/schema.ts';

/**
 * Companies the owner unlinked (`<system>:<company id>`): their webhooks stay ignored even when the owner has no
 * company of that system left, where the first-webhook rule would otherwise tie them again. Linking it again
 * removes the row (docs/booking-systems.md "Companies").
 */
export const bookingUnlinkedCompanies = pgTable(
  'booking_unlinked_companies',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    unlinkedAt: ts('unlinked_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.externalId] })],
);
