import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from '../../platform/db/columns.ts';
import { users } from '../account/schema.ts';
import { promocodes } from '../admin/schema.ts';

// The partners module's tables (issue 18; docs/partners.md). The referral code itself is a `promocodes` row (the
// admin module's), so the payments' promo rules apply to it unchanged; these tables say whose it is and what came of it.

/** The owner's one referral code (the primary key keeps it one) and the visits through it, links or not. */
export const partnerCodes = pgTable('partner_codes', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  promocodeId: integer('promocode_id')
    .notNull()
    .unique()
    .references(() => promocodes.id, { onDelete: 'cascade' }),
  transitions: integer('transitions').notNull().default(0),
  createdAt: ts('created_at').notNull(),
});

/** §3 Referral link: a name and its visits; registrations are counted from `referrals`. */
export const referralLinks = pgTable(
  'referral_links',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    transitions: integer('transitions').notNull().default(0),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('referral_links_user_idx').on(t.userId, t.id)],
);

/** Who referred an owner: one row per referred owner, written at sign-up or when they apply a friend's code. */
export const referrals = pgTable(
  'referrals',
  {
    id: serial('id').primaryKey(),
    referredUserId: integer('referred_user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    linkId: integer('link_id').references(() => referralLinks.id, { onDelete: 'set null' }),
    code: text('code').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('referrals_owner_idx').on(t.ownerUserId), index('referrals_link_idx').on(t.linkId)],
);

/**
 * A reward credited to an owner's balance for a friend's paid checkout. `payment_key` (the payments rows' ids) is
 * unique: a checkout reported twice is credited once.
 */
export const referralRewards = pgTable(
  'referral_rewards',
  {
    id: serial('id').primaryKey(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendUserId: integer('friend_user_id').references(() => users.id, { onDelete: 'set null' }),
    paymentIds: text('payment_ids').notNull(),
    /** Minor units of `currency`. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    code: text('code'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('referral_rewards_payment_idx').on(t.paymentIds), index('referral_rewards_owner_idx').on(t.ownerUserId, t.createdAt)],
);
