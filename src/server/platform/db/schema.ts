import { sql } from 'drizzle-orm';
import { bigint, boolean, doublePrecision, index, uniqueIndex, integer, jsonb, pgTable, serial, text, timestamp, uuid, date } from 'drizzle-orm/pg-core';

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
    /** IANA zone of the business: sending hours, report days and visit dates are read in it (docs/delivery.md). */
    timeZone: text('time_zone').notNull().default('Europe/Moscow'),
    /** Messages allowed per calendar month (§9 one-ruble plan: 800); null = no monthly limit. */
    monthlyMessageLimit: integer('monthly_message_limit'),
    createdAt: ts('created_at').notNull(),
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
      // marketplaceApplication: the booking-system marketplace install the account registered from.
      enum: ['chatApi', 'yclientsCompany', 'telegram', 'iiko', 'sigma', 'chatwoot', 'amo', 'iikoOrganization', 'medFlexLpu', 'marketplaceApplication'],
    }).notNull(),
    name: text('name').notNull(), // phone for chatApi, company name, title …
    externalId: text('external_id'), // e.g. iiko organization GUID
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('linked_accounts_user_idx').on(t.userId, t.kind), index('linked_accounts_kind_idx').on(t.kind, t.id)],
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

/**
 * §3 Flow/task, owned by a user. Searched, filtered and sorted columns are real columns; the editor's nested
 * settings (§3 buttons, filters, hours, switches) are JSON validated by src/shared/flows. `status` is the stored
 * state; "Unavailable" is derived from the owner's tariffs when read (src/shared/flows/tariffs.ts).
 */
export const flows = pgTable(
  'flows',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    type: text('type').$type<import('../../../shared/flows/kinds.ts').FlowKind>().notNull(),
    mode: text('mode', { enum: ['test', 'combat'] }).notNull().default('test'),
    status: text('status').$type<import('../../../shared/flows/kinds.ts').StoredFlowStatus>().notNull().default('Pause'),
    settings: jsonb('settings').$type<import('../../../shared/flows/types.ts').FlowSettings>().notNull(),
    testPhones: text('test_phones').notNull().default(''),
    endDate: ts('end_date'),
    lastStart: ts('last_start'),
    nextStart: ts('next_start'),
    createdAt: ts('created_at').notNull(),
    editedAt: ts('edited_at').notNull(),
  },
  (t) => [index('flows_user_edited_idx').on(t.userId, t.editedAt, t.id), index('flows_user_created_idx').on(t.userId, t.createdAt, t.id)],
);

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

// ---- Booking model (source-neutral; docs/delivery.md). Booking-system webhooks and the demo system write here.

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

export const bookingMasters = pgTable(
  'booking_masters',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** `source:id` of a master reported by a booking-system webhook, so repeats find the same row. */
    externalId: text('external_id'),
  },
  (t) => [uniqueIndex('booking_masters_user_external_idx').on(t.userId, t.externalId)],
);

export const bookingServices = pgTable('booking_services', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  price: doublePrecision('price').notNull().default(0),
  durationMinutes: integer('duration_minutes').notNull().default(60),
  /** `source:id` of a service reported by a booking-system webhook. */
  externalId: text('external_id'),
}, (t) => [uniqueIndex('booking_services_user_external_idx').on(t.userId, t.externalId)]);

/** One visit of a client (§3 visit statuses: waiting = booked, arrived, did not come = noShow, confirmed; plus cancelled). */
export const bookingRecords = pgTable(
  'booking_records',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    clientId: integer('client_id').notNull().references(() => bookingClients.id, { onDelete: 'cascade' }),
    masterId: integer('master_id').references(() => bookingMasters.id, { onDelete: 'set null' }),
    serviceIds: jsonb('service_ids').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    startAt: ts('start_at').notNull(),
    status: text('status', { enum: ['booked', 'confirmed', 'arrived', 'noShow', 'cancelled'] }).notNull().default('booked'),
    /** Bumped on every move: reminders planned for an older version are cancelled and planned again. */
    version: integer('version').notNull().default(1),
    source: text('source').notNull().default('demo'),
    externalId: text('external_id'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('booking_records_user_start_idx').on(t.userId, t.startAt),
    index('booking_records_client_idx').on(t.clientId, t.createdAt),
    // A webhook's record id is unique per source and user: a repeated or later webhook finds the same record.
    uniqueIndex('booking_records_user_source_external_idx').on(t.userId, t.source, t.externalId),
  ],
);

/** §3 restaurant order statuses (iiko delivery statuses) and delivery types. */
export const ORDER_STATUSES = ['Unconfirmed', 'WaitCooking', 'ReadyForCooking', 'CookingStarted', 'CookingCompleted', 'Waiting', 'OnWay', 'Delivered', 'Closed', 'Cancelled'] as const;
export const DELIVERY_TYPES = ['DeliveryByClient', 'DeliveryByCourier'] as const;

/**
 * A restaurant or shop order (iiko webhooks, the shop API, the demo system). Order flows plan from its events the way
 * booking flows plan from records; an order still `Unconfirmed` after the flow's delay is an abandoned cart.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    clientId: integer('client_id').notNull().references(() => bookingClients.id, { onDelete: 'cascade' }),
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
    /** Bumped on every status change: notices planned for an older status are superseded. */
    version: integer('version').notNull().default(1),
    source: text('source').notNull().default('demo'),
    externalId: text('external_id'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_client_idx').on(t.clientId, t.createdAt),
    uniqueIndex('orders_user_source_external_idx').on(t.userId, t.source, t.externalId),
  ],
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
    kind: text('kind').$type<import('../../../shared/flows/kinds.ts').FlowKind>().notNull(),
    recordId: integer('record_id').references(() => bookingRecords.id, { onDelete: 'set null' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    clientId: integer('client_id').references(() => bookingClients.id, { onDelete: 'set null' }),
    /** The client's number as planned; `sentTo` is where it actually went (test numbers in test mode). */
    recipient: text('recipient').notNull(),
    sentTo: text('sent_to'),
    channel: text('channel').$type<import('../../delivery/channels/channel.ts').ChannelName>().notNull(),
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
  },
  (t) => [
    index('messages_due_idx').on(t.plannedAt).where(sql`status in ('queued', 'sending')`),
    index('messages_user_idx').on(t.userId, t.id),
    index('messages_flow_idx').on(t.flowId, t.status),
    index('messages_record_idx').on(t.recordId),
    index('messages_order_idx').on(t.orderId),
    index('messages_provider_idx').on(t.providerMessageId),
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
