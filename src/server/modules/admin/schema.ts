import { sql } from 'drizzle-orm';
import { bigint, boolean, doublePrecision, index, integer, jsonb, pgTable, serial, text, uuid, date } from 'drizzle-orm/pg-core';
import { ts } from '../../platform/db/columns.ts';
import { users } from '../account/schema.ts';

export const managers = pgTable('managers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  isFired: boolean('is_fired').notNull().default(false),
});

export const payDestinations = pgTable('pay_destinations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
});

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    publicId: uuid('public_id').notNull().unique(), // used in the public pay link instead of the serial id
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    dateBegin: bigint('date_begin', { mode: 'number' }),
    dateEnd: bigint('date_end', { mode: 'number' }),
    paymentDay: bigint('payment_day', { mode: 'number' }),
    lastDateNotify: bigint('last_date_notify', { mode: 'number' }),
    createdAt: ts('created_at').notNull(),
    isFree: boolean('is_free').notNull().default(false),
    success: boolean('success').notNull().default(true),
    amount: doublePrecision('amount').notNull().default(2500),
    instanceIds: jsonb('instance_ids').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    internalYclientsCompaniesIds: jsonb('internal_yclients_companies_ids').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    iikoOrganizationsIds: jsonb('iiko_organizations_ids').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    medFlexLpuIds: jsonb('med_flex_lpu_ids').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    paymentId: text('payment_id'),
    promocode: text('promocode'),
    orderId: text('order_id'),
    tariff: integer('tariff').notNull().default(1),
    comment: text('comment'),
    currency: text('currency').notNull().default('RUB'),
    reason: text('reason'),
    managerId: integer('manager_id').references(() => managers.id),
    payDestinationId: integer('pay_destination_id').references(() => payDestinations.id),
    yoomoneySubscriptionId: text('yoomoney_subscription_id'),
    isAutoPay: boolean('is_auto_pay').notNull().default(false),
  },
  (t) => [index('payments_user_idx').on(t.userId, t.createdAt)],
);

export const dialogueGrants = pgTable(
  'dialogue_grants',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    count: integer('count').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    grantedBy: integer('granted_by').references(() => users.id),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('dialogue_grants_user_idx').on(t.userId)],
);

/** §3 Promocode, created by super-admins (§6). `code` is what the customer types. */
export const promocodes = pgTable('promocodes', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(), // stored upper-cased
  discountPercent: integer('discount_percent').notNull(),
  paymentCount: integer('payment_count').notNull(), // total uses allowed
  paymentsCountByUser: integer('payments_count_by_user').notNull(),
  expireDate: date('expire_date', { mode: 'string' }),
  availableTariffTypes: jsonb('available_tariff_types').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
  minimalUserPayments: integer('minimal_user_payments').notNull().default(0),
  maxUserPayments: integer('max_user_payments'),
  forNetworkCompanies: boolean('for_network_companies').notNull().default(false),
  rewardSumOwner: doublePrecision('reward_sum_owner').notNull().default(0),
  rewardPercentOwner: doublePrecision('reward_percent_owner').notNull().default(0),
  ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull(),
});

/** Service notifications written by admins and shown to every user in the header bell. */
export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    level: text('level', { enum: ['info', 'warning'] }).notNull().default('info'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('news_created_at_idx').on(t.createdAt)],
);

/** §3 Admin contact: people at a customer's business the staff talk to. */
export const userContacts = pgTable(
  'user_contacts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    phone: text('phone'),
    email: text('email'),
    comment: text('comment'),
    role: text('role'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('user_contacts_user_idx').on(t.userId)],
);
