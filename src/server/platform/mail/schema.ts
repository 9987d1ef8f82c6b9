import { index, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from '../db/columns.ts';

/** Mail that would be sent when no SMTP_URL is configured; read by tests and `npm run admin -- outbox`. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('outbox_to_idx').on(t.to)],
);
