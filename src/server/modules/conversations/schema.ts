import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from '../../platform/db/columns.ts';
import { users } from '../account/schema.ts';
import { bookingClients } from '../clients/schema.ts';
import { connections } from '../connections/schema.ts';

/**
 * One conversation per owner, inbox and the person writing (issue 17, docs/conversations.md): the base chatbots,
 * assistants and quality control read. `inbox` is where the messages arrive: a WhatsApp connection's gateway
 * session (`c<id>`) or the server's Telegram bot (`telegram`); `peer` is the sender's address there.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** The owner's connection the messages came through; null for the server's own Telegram bot. */
    connectionId: integer('connection_id').references(() => connections.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<import('../../delivery/channels/channel.ts').ChannelName>().notNull(),
    inbox: text('inbox').notNull(),
    /** Phone digits (WhatsApp) or the chat id (Telegram). */
    peer: text('peer').notNull(),
    /** E.164 digits when known (WhatsApp always; Telegram once the chat shared its contact). */
    phone: text('phone'),
    /** The business's client with that phone when the first message came; messages never create clients. */
    clientId: integer('client_id').references(() => bookingClients.id, { onDelete: 'set null' }),
    name: text('name').notNull().default(''),
    lastMessageAt: ts('last_message_at').notNull(),
    unreadCount: integer('unread_count').notNull().default(0),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('conversations_inbox_peer_idx').on(t.userId, t.inbox, t.peer), index('conversations_user_last_idx').on(t.userId, t.lastMessageAt, t.id)],
);

/** The messages of a conversation; a provider's id is stored once per inbox, so a re-delivered webhook adds nothing. */
export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    inbox: text('inbox').notNull(),
    direction: text('direction', { enum: ['in', 'out'] }).notNull(),
    /** The text, or a placeholder for media (`[image]`): files are not kept. */
    text: text('text').notNull(),
    providerMessageId: text('provider_message_id').notNull(),
    receivedAt: ts('received_at').notNull(),
  },
  (t) => [uniqueIndex('conversation_messages_provider_idx').on(t.inbox, t.providerMessageId), index('conversation_messages_conversation_idx').on(t.conversationId, t.id)],
);
