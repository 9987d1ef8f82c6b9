import { and, desc, eq, sql } from 'drizzle-orm';
import type { FullClientFilters } from '../../../shared/distributions/filters.ts';
import type { Db } from '../../platform/db/open.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import { audienceSegments } from './schema.ts';

// Saved audiences (docs/distributions.md "Segments"): the only code touching audience_segments.

export type SegmentRow = typeof audienceSegments.$inferSelect;

export const segmentsOf = (db: Tx, userId: number): Promise<SegmentRow[]> =>
  db.select().from(audienceSegments).where(eq(audienceSegments.userId, userId)).orderBy(desc(audienceSegments.createdAt), desc(audienceSegments.id));

/**
 * Saves a segment unless the owner already has `limit`: counted and inserted under a per-owner advisory lock, so
 * two saves at once cannot both take the last place. Undefined when the limit is reached.
 */
export async function insertSegment(db: Db, userId: number, title: string, filters: FullClientFilters, at: Date, limit: number): Promise<SegmentRow | undefined> {
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(20, ${userId})`);
    const [row] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(audienceSegments).where(eq(audienceSegments.userId, userId));
    if ((row?.n ?? 0) >= limit) return [];
    return tx.insert(audienceSegments).values({ userId, title, filters, createdAt: at }).returning();
  });
  return rows[0];
}

/** Deletes the owner's segment; false for another owner's or a missing id. */
export async function deleteSegment(db: Tx, userId: number, id: number): Promise<boolean> {
  const rows = await db.delete(audienceSegments).where(and(eq(audienceSegments.id, id), eq(audienceSegments.userId, userId))).returning({ id: audienceSegments.id });
  return rows.length > 0;
}

/** Whether the owner has this segment (another owner's id is as missing). */
export async function segmentExists(db: Tx, userId: number, id: number): Promise<boolean> {
  const [row] = await db.select({ id: audienceSegments.id }).from(audienceSegments).where(and(eq(audienceSegments.id, id), eq(audienceSegments.userId, userId)));
  return row !== undefined;
}
