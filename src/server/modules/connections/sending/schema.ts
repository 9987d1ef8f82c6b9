import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from '../../../platform/db/columns.ts';
import { users } from '../../account/schema.ts';
import { connections } from '../schema.ts';

/** The kinds of channel an owner may list in the fallback order; only whatsapp and telegram can send today. */
export const FALLBACK_KINDS = ['whatsapp', 'telegram', 'sms'] as const;
export type FallbackKind = (typeof FALLBACK_KINDS)[number];

/** Why the engine paused a number (docs/connections.md "Sending and pacing"). */
export const PAUSE_REASONS = ['blocked', 'failureSpike', 'stopSpike'] as const;
export type PauseReason = (typeof PAUSE_REASONS)[number];

/**
 * How a connection sends (issue 17): its automatic pause, the run of failures that leads to one, and the day its
 * warm-up began. A table of its own beside `connections` (one row per connection that ever sent or was paused), so
 * the credentials columns other kinds add to `connections` and these never touch the same lines.
 */
export const connectionSending = pgTable('connection_sending', {
  connectionId: integer('connection_id')
    .primaryKey()
    .references(() => connections.id, { onDelete: 'cascade' }),
  /** Set when the engine paused the number on a block signal; null = sending. */
  pausedAt: ts('paused_at'),
  pauseReason: text('pause_reason', { enum: PAUSE_REASONS }),
  /** The provider's words that caused the pause (shown to the owner beside the reason). */
  pauseDetail: text('pause_detail'),
  /** Final failures in a row since the last success (or resume). */
  failureStreak: integer('failure_streak').notNull().default(0),
  /** The first day the number sent through the engine: the warm-up ramp counts days from it. */
  warmupStartedAt: ts('warmup_started_at'),
  /** The owner's last Resume: a STOP spike counts only the STOP replies after it (a resumed number starts afresh). */
  resumedAt: ts('resumed_at'),
});

/** The owner's fallback order of channel kinds (default `["whatsapp"]` when there is no row). */
export const sendingSettings = pgTable('sending_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  fallbackOrder: jsonb('fallback_order').$type<FallbackKind[]>().notNull(),
  updatedAt: ts('updated_at').notNull(),
});
