import { sql } from 'drizzle-orm';
import { bigint, boolean, doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp, uuid, date } from 'drizzle-orm/pg-core';

// Times are timestamptz; the API speaks unix seconds (§3 *UnixTime fields) and converts at the edge.
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    guid: uuid('guid').notNull().unique(),
    email: text('email').notNull().unique(), // stored lower-cased
    passwordHash: text('password_hash'), // null for accounts created by external login until a reset
    role: text('role', { enum: ['user', 'admin', 'superadmin'] }).notNull().default('user'),
    phone: text('phone'),
    fullName: text('full_name'),
    countryId: integer('country_id'),
    language: text('language', { enum: ['ru', 'en', 'uk', 'pt_br'] }).notNull().default('ru'),
    brandId: text('brand_id').notNull().default('main-ru'),
    utmTag: text('utm_tag'),
    emailConfirmed: boolean('email_confirmed').notNull().default(false),
    chatApiInstanceLimit: integer('chat_api_instance_limit').notNull().default(1),
    isTestUser: boolean('is_test_user').notNull().default(false),
    crms: jsonb('crms').$type<('Altegio' | 'Yclients' | 'Iiko')[]>().notNull().default(sql`'[]'::jsonb`),
    notSendWeeklyYclientsReports: boolean('not_send_weekly_yclients_reports').notNull().default(false),
    notSendWeeklyIikoReports: boolean('not_send_weekly_iiko_reports').notNull().default(false),
    availableNotificationsCount: integer('available_notifications_count').notNull().default(0),
    balance: doublePrecision('balance').notNull().default(0),
    availableAiReviewsCount: integer('available_ai_reviews_count').notNull().default(0),
    availableMessagesCount: integer('available_messages_count').notNull().default(0),
    isYclientsSmsOneTariffEnabled: boolean('is_yclients_sms_one_tariff_enabled').notNull().default(false),
    isDuplication: boolean('is_duplication').notNull().default(false),
    firstLineManagerId: integer('first_line_manager_id'),
    secondLineManagerId: integer('second_line_manager_id'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('users_created_at_idx').on(t.createdAt)],
);

/** Refresh tokens, stored as SHA-256 hashes. A family is one login; rotation keeps the family id. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    familyExpiresAt: ts('family_expires_at').notNull(), // absolute expiry, fixed at login
    idleExpiresAt: ts('idle_expires_at').notNull(), // this token's own deadline
    createdAt: ts('created_at').notNull(),
    spentAt: ts('spent_at'), // rotated away; presenting it again is reuse
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

/** Single-use codes mailed to the user (password reset, email confirmation), stored hashed. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['reset-password', 'confirm-email'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('one_time_codes_user_idx').on(t.userId, t.purpose)],
);

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

/**
 * Connected accounts of every kind (§3 "User accounts bundle"). Their own settings are out of this issue's
 * scope, so one table with a kind and a JSON payload keeps the bundle honest without nine tables.
 */
export const linkedAccounts = pgTable(
  'linked_accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: ['chatApi', 'yclientsCompany', 'telegram', 'iiko', 'sigma', 'chatwoot', 'amo', 'iikoOrganization', 'medFlexLpu'],
    }).notNull(),
    name: text('name').notNull(), // phone for chatApi, company name, title …
    externalId: text('external_id'), // e.g. iiko organization GUID
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('linked_accounts_user_idx').on(t.userId, t.kind)],
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

export const setUpRequests = pgTable('set_up_requests', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: ts('created_at').notNull(),
});
