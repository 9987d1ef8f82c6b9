import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from '../../platform/db/columns.ts';
import { users } from '../account/schema.ts';
import { payments } from '../admin/schema.ts';

// The payments module's own tables (issue 18; docs/payments.md). The `payments` and `promocodes` rows the admin area
// shows stay in the admin module; a paid checkout or renewal becomes such a row.

/**
 * One attempt to pay: the priced cart as it was when the payer left for the provider, and what came of it. The id
 * (a UUID) is the provider's idempotency key (`checkout-<id>`) and rides in the return URL and the metadata.
 * `payment_public_id` set = the public pay link's checkout of that admin payment (no cart, no signed-in user).
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brand: text('brand').notNull(),
    provider: text('provider', { enum: ['yookassa', 'stripe'] }).notNull(),
    currency: text('currency').notNull(),
    /** Minor units. */
    total: integer('total').notNull(),
    /** The quote (PaymentQuote) and the applied promo code's owner, as priced. */
    quote: jsonb('quote').notNull(),
    promocode: text('promocode'),
    autoPay: boolean('auto_pay').notNull().default(false),
    paymentPublicId: uuid('payment_public_id'),
    /** The owner's pay link this attempt pays (paid by someone else, without sign-in). */
    payLinkId: uuid('pay_link_id'),
    status: text('status', { enum: ['pending', 'paid', 'canceled'] }).notNull().default('pending'),
    providerPaymentId: text('provider_payment_id'),
    confirmationUrl: text('confirmation_url'),
    cancellationReason: text('cancellation_reason'),
    createdAt: ts('created_at').notNull(),
    settledAt: ts('settled_at'),
    /** When the sweep may ask the provider about this pending checkout again (checkout-sweep.ts). */
    recheckAt: ts('recheck_at'),
  },
  (t) => [
    index('checkouts_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('checkouts_provider_payment_idx').on(t.provider, t.providerPaymentId),
    index('checkouts_pay_link_idx').on(t.payLinkId),
    index('checkouts_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * The owner's pay link (docs/payments.md "Pay links"): a cart priced for the owner, paid by whoever has the link
 * without signing in, until `expires_at`. Each Pay is a checkout with `pay_link_id`; the first paid one is kept.
 */
export const payLinks = pgTable(
  'pay_links',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brand: text('brand').notNull(),
    currency: text('currency').notNull(),
    /** Minor units. */
    total: integer('total').notNull(),
    /** The quote as priced, plus the applied promo code's owner (as a checkout keeps it). */
    quote: jsonb('quote').notNull(),
    promocode: text('promocode'),
    expiresAt: ts('expires_at').notNull(),
    paidCheckoutId: uuid('paid_checkout_id'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('pay_links_user_idx').on(t.userId, t.expiresAt)],
);

/** Every provider notification applied, by its dedupe key: a repeated one is answered without acting twice. */
export const paymentEvents = pgTable('payment_events', {
  provider: text('provider').notNull(),
  dedupeKey: text('dedupe_key').notNull(),
  kind: text('kind').notNull(),
  providerEvent: text('provider_event').notNull(),
  providerPaymentId: text('provider_payment_id').notNull(),
  receivedAt: ts('received_at').notNull(),
}, (t) => [uniqueIndex('payment_events_key_idx').on(t.provider, t.dedupeKey)]);

/**
 * §3 Subscription: a tariff for its units renewed every `interval_months` (auto-pay), or the trial that ends in the
 * §9 charge. Active while `period_end` is ahead. `saved_method_sealed`: YooKassa's saved payment method id, sealed
 * like connection secrets; `provider_subscription_id`: Stripe's subscription, which renews itself.
 * `next_charge_at` is the renewal job's queue: it charges each period once (`charge_key` = subscription + period).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brand: text('brand').notNull(),
    provider: text('provider', { enum: ['yookassa', 'stripe'] }).notNull(),
    tariff: integer('tariff').notNull(),
    unitIds: jsonb('unit_ids').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    intervalMonths: integer('interval_months').notNull(),
    /** What each charge takes, minor units of `currency`. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    isTrial: boolean('is_trial').notNull().default(false),
    autoPay: boolean('auto_pay').notNull().default(false),
    cancelled: boolean('cancelled').notNull().default(false),
    paidMonths: integer('paid_months').notNull().default(0),
    /** Unix seconds: the end of the paid (or trial) period. */
    periodEnd: bigint('period_end', { mode: 'number' }).notNull(),
    nextChargeAt: bigint('next_charge_at', { mode: 'number' }),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lastChargeError: text('last_charge_error'),
    /** Unix seconds of the reminder sent before this period's charge (one per period). */
    remindedFor: bigint('reminded_for', { mode: 'number' }),
    savedMethodSealed: text('saved_method_sealed'),
    savedMethodKeyId: text('saved_method_key_id'),
    savedMethodTitle: text('saved_method_title'),
    providerSubscriptionId: text('provider_subscription_id'),
    /** The payment row of the trial or of the checkout that opened it. */
    firstPaymentId: integer('first_payment_id').references(() => payments.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId),
    index('subscriptions_due_idx').on(t.nextChargeAt),
    uniqueIndex('subscriptions_provider_sub_idx').on(t.provider, t.providerSubscriptionId),
  ],
);

/**
 * §1/§8 invoice requests: a company asks for an invoice instead of paying online. The row gives the invoice its
 * number (`<year>-<id>`); the priced cart is kept as issued. Paying it is recorded by an admin (a payments row).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brand: text('brand').notNull(),
    number: text('number'),
    companyName: text('company_name').notNull(),
    taxId: text('tax_id').notNull(),
    email: text('email').notNull(),
    currency: text('currency').notNull(),
    /** Minor units. */
    total: integer('total').notNull(),
    quote: jsonb('quote').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('invoices_user_idx').on(t.userId, t.createdAt), uniqueIndex('invoices_number_idx').on(t.number)],
);
