import { sql } from 'drizzle-orm';
import { doublePrecision, index, uniqueIndex, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from '../../platform/db/columns.ts';
import { subjectColumns } from '../clients/columns.ts';

import { DELIVERY_TYPES, ORDER_STATUSES } from '../../../shared/flows/filters.ts';

/** §3 restaurant order statuses (iiko delivery statuses) and delivery types: one list, the flow filters' too. */
export { DELIVERY_TYPES, ORDER_STATUSES };

/**
 * A restaurant or shop order (iiko webhooks, the shop API, the demo system). Order flows plan from its events the way
 * booking flows plan from records; an order still `Unconfirmed` after the flow's delay is an abandoned cart.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** The number the client sees ({orderNum}). */
    number: text('number').notNull(),
    sum: doublePrecision('sum').notNull().default(0),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('Unconfirmed'),
    deliveryType: text('delivery_type', { enum: DELIVERY_TYPES }),
    items: jsonb('items').$type<{ title: string; amount: number; price: number }[]>().notNull().default(sql`'[]'::jsonb`),
    address: text('address').notNull().default(''),
    /** When the client should get it ({deliveryTime}). */
    deliverAt: ts('deliver_at'),
    courierName: text('courier_name').notNull().default(''),
    /** Where the client pays for it ({paymentLink}); empty when the source gave none. */
    paymentUrl: text('payment_url').notNull().default(''),
    // Owner, client, source + external id, times, and `version`, bumped on every status change: notices planned
    // for an older status are superseded.
    ...subjectColumns(),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_client_idx').on(t.clientId, t.createdAt),
    uniqueIndex('orders_user_source_external_idx').on(t.userId, t.source, t.externalId),
  ],
);
