import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from '../platform/db/columns.ts';
import { users } from '../modules/account/schema.ts';
import { flows } from '../modules/flows/schema.ts';
import { bookingClients } from '../modules/clients/schema.ts';
import { bookingRecords } from '../modules/booking/schema.ts';
import { orders } from '../modules/orders/schema.ts';
import { connections } from '../modules/connections/schema.ts';
import { distributionRecipients } from '../modules/distributions/schema.ts';

/**
 * The delivery outbox: one row per planned message, written in the same transaction as the event that caused it.
 * The dispatcher claims due rows with FOR UPDATE SKIP LOCKED; `idempotencyKey` makes planning and sending repeatable.
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    flowId: integer('flow_id').references(() => flows.id, { onDelete: 'set null' }),
    kind: text('kind').$type<import('../../shared/flows/kinds.ts').FlowKind>().notNull(),
    recordId: integer('record_id').references(() => bookingRecords.id, { onDelete: 'set null' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    clientId: integer('client_id').references(() => bookingClients.id, { onDelete: 'set null' }),
    /** The client's number as planned; `sentTo` is where it actually went (test numbers in test mode). */
    recipient: text('recipient').notNull(),
    sentTo: text('sent_to'),
    channel: text('channel').$type<import('./channels/channel.ts').ChannelName>().notNull(),
    text: text('text').notNull().default(''),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'delivered', 'read', 'replied', 'failed', 'cancelled'] }).notNull().default('queued'),
    reason: text('reason'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    attempts: integer('attempts').notNull().default(0),
    plannedAt: ts('planned_at').notNull(),
    /** While `sending`: after this moment another dispatcher may take the message over (its sender died). */
    leaseUntil: ts('lease_until'),
    providerMessageId: text('provider_message_id'),
    createdAt: ts('created_at').notNull(),
    sentAt: ts('sent_at'),
    deliveredAt: ts('delivered_at'),
    readAt: ts('read_at'),
    repliedAt: ts('replied_at'),
    failedAt: ts('failed_at'),
    /**
     * The owner's connection it leaves (or left) through; set at claim, or while it waits for that connection.
     * Null: the sandbox, the server's Telegram bot or the operator's own session (docs/connections.md "Sending and pacing").
     */
    connectionId: integer('connection_id').references(() => connections.id, { onDelete: 'set null' }),
    /** A distribution's message: its recipient row (name, client), the distributions source's subject (issue 20). */
    distributionRecipientId: integer('distribution_recipient_id').references(() => distributionRecipients.id, { onDelete: 'set null' }),
  },
  (t) => [
    // The claim's two bounded scans (store-claim.ts claimDue): queued rows in due order (id breaks the ties of a
    // distribution planned for one minute), and `sending` rows by lease.
    index('messages_queued_idx').on(t.plannedAt, t.id).where(sql`status = 'queued'`),
    index('messages_sending_idx').on(t.leaseUntil).where(sql`status = 'sending'`),
    index('messages_user_idx').on(t.userId, t.id),
    index('messages_flow_idx').on(t.flowId, t.status),
    index('messages_record_idx').on(t.recordId),
    index('messages_order_idx').on(t.orderId),
    index('messages_distribution_recipient_idx').on(t.distributionRecipientId),
    index('messages_provider_idx').on(t.providerMessageId),
    // A client's reply finds our latest message to their number (modules/conversations, docs/conversations.md).
    index('messages_sent_to_idx').on(t.sentTo, t.sentAt).where(sql`sent_to IS NOT NULL`),
    // A number's daily cap counts its sends of the day; the tick releases what waits for a connection.
    index('messages_connection_idx').on(t.connectionId, t.sentAt),
    index('messages_waiting_idx').on(t.userId, t.connectionId).where(sql`status = 'queued' AND reason LIKE 'waiting:%'`),
  ],
);

/** What the sandbox channel "sent": one row per idempotency key; `sends` counts repeats the key absorbed. */
export const sandboxMessages = pgTable('sandbox_messages', {
  id: serial('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  providerMessageId: text('provider_message_id').notNull(),
  to: text('to').notNull(),
  text: text('text').notNull(),
  sends: integer('sends').notNull().default(1),
  createdAt: ts('created_at').notNull(),
});
