import type { FastifyRequest } from 'fastify';
import type { components } from '../../../api/schema.d.ts';
import { distributionMessages } from '../../../shared/distributions/messages.ts';
import { classifyTable, MAX_REPORTED_ISSUES, MIN_TABLE_NUMBERS, withBlacklist, type ClassifiedTable } from '../../../shared/distributions/table.ts';
import { normalizePhone } from '../../../shared/validation/phone.ts';
import type { Db } from '../../platform/db/open.ts';
import { invalidField } from '../../platform/http/field-error.ts';
import { HttpError } from '../../platform/http/problem.ts';
import { flowsByIds } from '../flows/store-due.ts';
import { blacklistedAmong } from '../phones/store.ts';
import { ownDistribution, replaceTable } from './store-recipients.ts';
import { readTable, TableUnreadable } from './table-parse.ts';

// PUT /Distributions/{id}/Recipients (docs/distributions.md "Recipients and the phone table"): a pasted text or an
// uploaded CSV/XLSX replaces the recipient table; every rejected row is reported, fewer than 3 numbers change nothing.

type RecipientImport = components['schemas']['RecipientImport'];

/** Statuses in which the audience is being sent: the table cannot change under it. */
export const RUNNING = ['InQueue', 'Waiting', 'Working'];

const e164Digits = (value: string) => normalizePhone(value)?.slice(1);

/** 409 while the distribution runs (InQueue, Waiting, Working): pause it first. */
export async function assertNotRunning(db: Parameters<typeof flowsByIds>[0], id: number): Promise<void> {
  const flow = (await flowsByIds(db, [id])).get(id);
  if (flow && RUNNING.includes(flow.status)) throw new HttpError(409, 'distributionRunning');
}

interface Upload {
  body: unknown;
  contentType: string | undefined;
  fileName: string | undefined;
}

/** What the request carries: the pasted text (JSON `{text}`) or a file's text or bytes; `field` names it in errors. */
function tableOf(u: Upload): { input: string | Uint8Array; field: string; fileName: string | null } {
  if (u.contentType === 'application/json') return { input: (u.body as { text: string }).text, field: 'text', fileName: u.fileName ?? null };
  if (typeof u.body === 'string' || u.body instanceof Uint8Array) return { input: u.body, field: 'body', fileName: u.fileName ?? null };
  throw invalidField('body', 'recipientListError', { params: { detail: 'not a CSV or XLSX file' } });
}

const issueOf = (i: ClassifiedTable['issues'][number]) => ({ ...i, message: distributionMessages[i.code] });

export async function importRecipients(db: Db, userId: number, id: number, req: FastifyRequest, fileName: string | undefined): Promise<RecipientImport> {
  const contentType = req.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  // The owner and the state first: another owner's id is 404 before the body is even read.
  await ownDistribution(db, userId, id);
  await assertNotRunning(db, id);
  const upload = tableOf({ body: req.body, contentType, fileName: fileName?.trim() || undefined });
  let rows: string[][];
  try {
    rows = await readTable(upload.input, { contentType, fileName: upload.fileName ?? undefined });
  } catch (error) {
    if (error instanceof TableUnreadable) throw invalidField(upload.field, 'recipientListError', { params: { detail: error.message } });
    throw error;
  }
  const classified = classifyTable(rows, e164Digits);
  const table = withBlacklist(classified, await blacklistedAmong(db, userId, classified.accepted.map((r) => r.phone)));
  if (table.accepted.length < MIN_TABLE_NUMBERS) throw invalidField(upload.field, 'recipientsTooFew', { params: { min: MIN_TABLE_NUMBERS } });
  const summary = { fileName: upload.fileName, rows: table.rows, accepted: table.accepted.length, rejected: table.issues.length };
  await db.transaction(async (tx) => {
    // Locked, then checked again: a start between the first check and now wins.
    const d = await ownDistribution(tx, userId, id, true);
    await assertNotRunning(tx, id);
    await replaceTable(tx, d, table.accepted, summary);
  });
  return { table: summary, issues: table.issues.slice(0, MAX_REPORTED_ISSUES).map(issueOf), issuesTotal: table.issues.length };
}
