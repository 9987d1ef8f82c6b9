import { doublePrecision, index, uniqueIndex, integer, pgTable, serial, text, date } from 'drizzle-orm/pg-core';
import { ts } from '../../platform/db/columns.ts';
import { users } from '../account/schema.ts';

export const bookingClients = pgTable(
  'booking_clients',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** E.164 digits without the plus, the same form channels and the blacklist use. */
    phone: text('phone').notNull(),
    name: text('name').notNull().default(''),
    /** 'YYYY-MM-DD'; the year may be unknown (stored as 0004). */
    birthday: date('birthday', { mode: 'string' }),
    visitCount: integer('visit_count').notNull().default(0),
    spend: doublePrecision('spend').notNull().default(0),
    lastVisitAt: ts('last_visit_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('booking_clients_user_phone_idx').on(t.userId, t.phone), index('booking_clients_last_visit_idx').on(t.userId, t.lastVisitAt)],
);
