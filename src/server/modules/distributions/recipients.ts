import { Readable } from 'node:stream';
import type { components } from '../../../api/schema.d.ts';
import type { Db } from '../../platform/db/open.ts';
import { seconds } from '../../platform/db/rows.ts';
import { recipientChunk, recipientPage, type RecipientQuery, type RecipientRow } from './queries-recipients.ts';
import { ownDistribution } from './store-recipients.ts';

// GET /Distributions/{id}/Recipients and …/Recipients/Export (docs/distributions.md "Recipients and the phone table").

type Recipient = components['schemas']['Recipient'];
type RecipientList = components['schemas']['RecipientList'];

export const toRecipient = (r: RecipientRow): Recipient => ({
  id: r.id,
  phone: r.phone,
  name: r.name,
  row: r.row,
  status: r.status,
  reason: r.reason,
  unsubscribed: Boolean(r.unsubscribed),
  sentAt: seconds(r.sent_at),
  deliveredAt: seconds(r.delivered_at),
  readAt: seconds(r.read_at),
  repliedAt: seconds(r.replied_at),
});

export async function listRecipients(db: Db, userId: number, id: number, q: RecipientQuery & { page: number; pageSize: number }): Promise<RecipientList> {
  await ownDistribution(db, userId, id);
  const { rows, total } = await recipientPage(db, userId, id, q);
  return { recipients: rows.map(toRecipient), page: q.page, pages: Math.max(1, Math.ceil(total / q.pageSize)), total };
}

/** Rows per statement of the export: memory stays flat however long the list. */
const EXPORT_CHUNK = 5000;
export const EXPORT_HEADER = ['phone', 'name', 'row', 'status', 'reason', 'sent', 'delivered', 'read', 'replied'];

/** A CSV field: quoted when it holds a separator, quote or line break; a leading formula sign is neutralised for spreadsheets. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const csvLine = (r: RecipientRow) =>
  [r.phone, r.name, r.row, r.status, r.reason, iso(r.sent_at), iso(r.delivered_at), iso(r.read_at), iso(r.replied_at)].map(csvField).join(',') + '\r\n';

/**
 * The export as a stream of CSV text (UTF-8 with a BOM, so spreadsheets read Cyrillic right; RFC 4180 line ends),
 * read in id order, EXPORT_CHUNK rows a statement. The owner is checked before the first byte.
 */
export async function exportRecipients(db: Db, userId: number, id: number, q: RecipientQuery): Promise<Readable> {
  await ownDistribution(db, userId, id);
  async function* lines() {
    yield `\uFEFF${EXPORT_HEADER.join(',')}\r\n`;
    let after = 0;
    for (;;) {
      const rows = await recipientChunk(db, userId, id, q, after, EXPORT_CHUNK);
      if (rows.length) yield rows.map(csvLine).join('');
      if (rows.length < EXPORT_CHUNK) return;
      after = rows[rows.length - 1]!.id;
    }
  }
  return Readable.from(lines());
}
