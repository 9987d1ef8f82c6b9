import { uniqueIndex, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from '../../platform/db/columns.ts';
import { users } from '../account/schema.ts';

/** §2 blacklist (/phones/ignore): numbers a business never messages; filled by the owner or the public ignore link. */
export const ignoredPhones = pgTable(
  'ignored_phones',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** E.164 without the plus: the same digits the channels send to. */
    phone: text('phone').notNull(),
    comment: text('comment').notNull().default(''),
    source: text('source', { enum: ['manual', 'link', 'admin'] }).notNull().default('manual'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('ignored_phones_user_phone_idx').on(t.userId, t.phone)],
);

/**
 * §2 /phones/subscribers: clients who subscribed to the business in a messenger (Telegram needs it: a bot can only
 * write to a chat the client opened) or unsubscribed from it. One row per business, channel and client.
 */
export const subscribers = pgTable(
  'subscribers',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<import('../../delivery/channels/channel.ts').ChannelName>().notNull(),
    /** E.164 digits without the plus; null until a Telegram client shares the contact. */
    phone: text('phone'),
    /** The messenger's own address (Telegram chat id); null where the phone is the address. */
    chatId: text('chat_id'),
    name: text('name').notNull().default(''),
    status: text('status', { enum: ['active', 'unsubscribed'] }).notNull().default('active'),
    source: text('source', { enum: ['bot', 'manual', 'import'] }).notNull().default('manual'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('subscribers_user_channel_phone_idx').on(t.userId, t.channel, t.phone),
    uniqueIndex('subscribers_user_channel_chat_idx').on(t.userId, t.channel, t.chatId),
  ],
);
