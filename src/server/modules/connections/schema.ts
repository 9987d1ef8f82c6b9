import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from '../../platform/db/columns.ts';
import { users } from '../account/schema.ts';

/** The spec's instance states (§3 "Instance", §8); `error` also holds a failed or timed-out start (docs/connections.md). */
export const CONNECTION_STATES = ['init', 'GotQrCode', 'NotAuthorized', 'Connected', 'Authorized', 'loading', 'error'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

/**
 * The owner's messaging connections (issue 17; docs/connections.md). WhatsApp numbers linked through the operator's
 * WAHA gateway today; WABA, Telegram, Twilio and Sigma join as kinds. Typed columns for what is queried.
 */
export const connections = pgTable(
  'connections',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    // Business systems (issue 19; docs/business-systems.md): booking systems (yclients, altegio), iiko, amoCRM, Chatwoot.
    kind: text('kind', { enum: ['whatsapp', 'waba', 'telegram', 'twilio', 'sigma', 'yclients', 'altegio', 'iiko', 'amo', 'chatwoot'] }).notNull(),
    /** The number as the owner typed it (may be empty until the number is linked). */
    name: text('name').notNull(),
    /** The linked number, digits, once the gateway reports it. */
    phone: text('phone'),
    /** The state last known; null = never reported (instances moved over from linked_accounts without one). */
    state: text('state', { enum: CONNECTION_STATES }),
    /** The gateway's session name (`c<id>`); null for connections moved over before the gateway knew them. */
    session: text('session'),
    stateChangedAt: ts('state_changed_at').notNull(),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('connections_user_idx').on(t.userId, t.kind), index('connections_kind_idx').on(t.kind, t.id), uniqueIndex('connections_session_idx').on(t.session)],
);

/** QR sharing links (§4: valid 30 minutes): only the SHA-256 of the token is stored. */
export const connectionQrLinks = pgTable(
  'connection_qr_links',
  {
    id: serial('id').primaryKey(),
    connectionId: integer('connection_id').notNull().references(() => connections.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('connection_qr_links_connection_idx').on(t.connectionId)],
);

/** Pairing codes asked of the gateway (§4/§9: at most 3 a day per connection); the code itself is not kept. */
export const connectionCodeRequests = pgTable(
  'connection_code_requests',
  {
    id: serial('id').primaryKey(),
    connectionId: integer('connection_id').notNull().references(() => connections.id, { onDelete: 'cascade' }),
    requestedAt: ts('requested_at').notNull(),
  },
  (t) => [index('connection_code_requests_idx').on(t.connectionId, t.requestedAt)],
);

/**
 * Provider credentials of a Telegram, Twilio or Sigma connection, sealed (platform/crypto: AES-256-GCM, `key_id` names
 * the key for rotation), one row per connection; kept apart from `connections` so the lists, the admin screens and
 * Home never load them. The Telegram bot's ownership code lives here too: its SHA-256, expiry and wrong attempts.
 */
export const connectionSecrets = pgTable(
  'connection_secrets',
  {
    connectionId: integer('connection_id')
      .primaryKey()
      .references(() => connections.id, { onDelete: 'cascade' }),
    sealed: text('sealed').notNull(),
    keyId: text('key_id').notNull(),
    updatedAt: ts('updated_at').notNull(),
    /** Telegram: SHA-256 of `<connection id>:<code>` of the code last sent to the owner's chat. */
    codeHash: text('code_hash'),
    codeExpiresAt: ts('code_expires_at'),
    codeAttempts: integer('code_attempts').notNull().default(0),
    /** Telegram: the chat that sent /start (the owner's, once the code is typed). */
    ownerChatId: text('owner_chat_id'),
  },
  (t) => [index('connection_secrets_key_idx').on(t.keyId)],
);

/** §3: a WABA template is standard (text only) or media (a header with an image, video or document). */
export const WABA_TEMPLATE_TYPES = ['standard', 'media'] as const;

/**
 * The message templates of a WABA connection (360dialog, docs/connections.md "WhatsApp Business (360dialog)"), as
 * last pulled from 360dialog: one row per name and language, as Meta keys them. `status` is Meta's, lower-case.
 */
export const wabaTemplates = pgTable(
  'waba_templates',
  {
    id: serial('id').primaryKey(),
    connectionId: integer('connection_id')
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    category: text('category').notNull(),
    language: text('language').notNull(),
    type: text('type', { enum: WABA_TEMPLATE_TYPES }).notNull(),
    /** approved, pending, submitted, rejected, paused, disabled, in_appeal (or what Meta adds later). */
    status: text('status').notNull(),
    rejectedReason: text('rejected_reason'),
    /** The body text, with its {{n}} variables (what a flow maps its values to). */
    body: text('body').notNull().default(''),
    syncedAt: ts('synced_at').notNull(),
  },
  (t) => [uniqueIndex('waba_templates_name_idx').on(t.connectionId, t.name, t.language)],
);
