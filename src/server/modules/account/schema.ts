import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, serial, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { ts } from '../../platform/db/columns.ts';
import { connections } from '../connections/schema.ts';

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
    /** Distribution messages bought in packs (§5, at least 500 a pack): spent by distributions, apart from the monthly allowance above. */
    distributionMessages: integer('distribution_messages').notNull().default(0),
    isYclientsSmsOneTariffEnabled: boolean('is_yclients_sms_one_tariff_enabled').notNull().default(false),
    isDuplication: boolean('is_duplication').notNull().default(false),
    firstLineManagerId: integer('first_line_manager_id'),
    secondLineManagerId: integer('second_line_manager_id'),
    /** IANA zone of the business: sending hours, report days and visit dates are read in it (docs/delivery.md). */
    timeZone: text('time_zone').notNull().default('Europe/Moscow'),
    /** Messages allowed per calendar month (§9 one-ruble plan: 800); null = no monthly limit. */
    monthlyMessageLimit: integer('monthly_message_limit'),
    createdAt: ts('created_at').notNull(),
    /** Set by an admin: no sign-in, no refresh, every token dies on its next request, no sends (docs/admin.md). */
    blockedAt: ts('blocked_at'),
    /** The owner deleted the account: the row stays anonymised for the payments that name it (docs/account.md). */
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    // (created_at, id): the default sort and its keyset cursor (docs/admin.md) read straight off this index.
    index('users_created_at_id_idx').on(t.createdAt, t.id),
    // Admin search is by prefix (docs/admin.md): pattern-ops indexes serve `lower(x) LIKE 'abc%'` on any collation.
    index('users_email_prefix_idx').using('btree', sql`lower(${t.email}) text_pattern_ops`),
    index('users_full_name_prefix_idx').using('btree', sql`lower(${t.fullName}) text_pattern_ops`),
    index('users_phone_prefix_idx').using('btree', sql`${t.phone} text_pattern_ops`),
    index('users_full_name_idx').on(t.fullName, t.id),
  ],
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
      // marketplaceApplication: the booking-system marketplace install the account registered from. WhatsApp
      // numbers (once kind chatApi) live in the connections module's table since issue 17.
      enum: ['yclientsCompany', 'telegram', 'iiko', 'sigma', 'chatwoot', 'amo', 'iikoOrganization', 'medFlexLpu', 'marketplaceApplication'],
    }).notNull(),
    name: text('name').notNull(), // company name, title …
    externalId: text('external_id'), // e.g. iiko organization GUID
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    /**
     * The business-system account (a `connections` row) a company or organization is pulled through (issue 19);
     * null for one tied by its first webhook or whose account was removed.
     */
    connectionId: integer('connection_id').references((): AnyPgColumn => connections.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('linked_accounts_user_idx').on(t.userId, t.kind), index('linked_accounts_kind_idx').on(t.kind, t.id), index('linked_accounts_connection_idx').on(t.connectionId)],
);

export const setUpRequests = pgTable('set_up_requests', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: ts('created_at').notNull(),
});
