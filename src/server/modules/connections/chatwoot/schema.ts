import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from '../../../platform/db/columns.ts';
import { conversations } from '../../conversations/schema.ts';
import { connections } from '../schema.ts';

// Chatwoot mirroring (issue 19, docs/chatwoot.md). The conversations' own messages are the outbox: each connection
// keeps a cursor over conversation_messages, so a message that arrived while Chatwoot was down is posted later.

/** One row per Chatwoot connection: how far the mirror got, and what went wrong last. */
export const chatwootMirror = pgTable('chatwoot_mirror', {
  connectionId: integer('connection_id')
    .primaryKey()
    .references(() => connections.id, { onDelete: 'cascade' }),
  /** The last conversation_messages id handled (posted or skipped); messages after it wait for the next tick. */
  cursor: integer('cursor').notNull(),
  lastMirroredAt: ts('last_mirrored_at'),
  /** While a tick mirrors this connection; another engine thread leaves it alone until then (a dead one's lease lapses). */
  leaseUntil: ts('lease_until'),
  lastError: text('last_error').$type<import('./mirror.ts').MirrorError>(),
});

/** Our conversation ↔ its Chatwoot contact (source_id of the contact_inbox) and Chatwoot conversation. */
export const chatwootThreads = pgTable(
  'chatwoot_threads',
  {
    id: serial('id').primaryKey(),
    connectionId: integer('connection_id')
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id').notNull(),
    sourceId: text('source_id').notNull(),
    /** Null until the Chatwoot conversation is made (a failure between the two calls keeps the contact). */
    chatwootConversationId: integer('chatwoot_conversation_id'),
  },
  (t) => [uniqueIndex('chatwoot_threads_conversation_idx').on(t.connectionId, t.conversationId), index('chatwoot_threads_remote_idx').on(t.connectionId, t.chatwootConversationId)],
);

/** The Chatwoot message ids we posted (idempotency of the mirror, and the webhook's echo check). */
export const chatwootPosted = pgTable(
  'chatwoot_posted',
  {
    connectionId: integer('connection_id')
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    messageId: integer('message_id').notNull(),
    chatwootMessageId: integer('chatwoot_message_id').notNull(),
  },
  (t) => [uniqueIndex('chatwoot_posted_message_idx').on(t.connectionId, t.messageId), uniqueIndex('chatwoot_posted_remote_idx').on(t.connectionId, t.chatwootMessageId)],
);

/** Staff answers from Chatwoot waiting to go to the client (once per Chatwoot message id). */
export const chatwootReplies = pgTable(
  'chatwoot_replies',
  {
    id: serial('id').primaryKey(),
    connectionId: integer('connection_id')
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    chatwootMessageId: integer('chatwoot_message_id').notNull(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    /** `sending`: claimed by a tick; one left so by a crash is never sent again (it may have gone: at most once). */
    status: text('status', { enum: ['queued', 'sending', 'sent', 'failed'] }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    reason: text('reason'),
    providerMessageId: text('provider_message_id'),
    createdAt: ts('created_at').notNull(),
    sentAt: ts('sent_at'),
  },
  (t) => [uniqueIndex('chatwoot_replies_remote_idx').on(t.connectionId, t.chatwootMessageId), index('chatwoot_replies_queued_idx').on(t.status, t.id)],
);
