import { is } from 'drizzle-orm';
import { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Db } from './open.ts';

/** A database handle or an open transaction: planners run inside the caller's transaction (outbox pattern). */
export type Tx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** Statuses that count as "went out" for caps, first-send and conversion (a `sending` one may have gone out). */
export const OUT_STATUSES = ['sending', 'sent', 'delivered', 'read', 'replied'] as const;
/** Statuses a planned message can still leave. */
export const PENDING_STATUSES = ['queued'] as const;

/**
 * PGlite: one connection, so one writer, and a transaction runs alone (every other query waits for it). A
 * statement there sees no concurrent change between reading a row and writing a reference to it.
 */
export const singleWriter = (db: Db): boolean => is(db, PgliteDatabase);
