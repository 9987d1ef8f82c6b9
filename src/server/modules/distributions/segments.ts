import type { components } from '../../../api/schema.d.ts';
import { checkClientFilters, fullClientFilters } from '../../../shared/distributions/filters.ts';
import type { Db } from '../../platform/db/open.ts';
import { badRequest, HttpError } from '../../platform/http/problem.ts';
import { invalidField } from '../../platform/http/field-error.ts';
import { deleteSegment, insertSegment, segmentsOf, type SegmentRow } from './store-segments.ts';

// Saved audiences (docs/distributions.md "Segments"): client-base filters under a name, reused by later distributions.

type AudienceSegment = components['schemas']['AudienceSegment'];
type AudienceSegmentInput = components['schemas']['AudienceSegmentInput'];

/** Saved audiences per owner (a list to pick from, not a data store). */
export const SEGMENTS_LIMIT = 100;

export const toSegment = (r: SegmentRow): AudienceSegment => ({
  id: r.id,
  title: r.title,
  filters: fullClientFilters(r.filters),
  created: Math.floor(r.createdAt.getTime() / 1000),
});

export async function listSegments(db: Db, userId: number): Promise<AudienceSegment[]> {
  return (await segmentsOf(db, userId)).map(toSegment);
}

export async function createSegment(db: Db, userId: number, input: AudienceSegmentInput, at: Date): Promise<AudienceSegment> {
  const title = input.title.trim();
  if (!title) throw invalidField('title', 'blank');
  const filters = fullClientFilters(input.filters);
  const errors = checkClientFilters(filters);
  if (errors.length) throw badRequest(errors);
  const row = await insertSegment(db, userId, title, filters, at, SEGMENTS_LIMIT);
  if (!row) throw new HttpError(409, 'segmentsLimit', { params: { limit: SEGMENTS_LIMIT } });
  return toSegment(row);
}

export async function removeSegment(db: Db, userId: number, id: number): Promise<void> {
  if (!(await deleteSegment(db, userId, id))) throw new HttpError(404, 'segmentNotFound');
}
