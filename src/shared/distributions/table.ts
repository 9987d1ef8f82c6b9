/**
 * The phone table of a distribution (§5, docs/distributions.md "Recipients and the phone table"): pure rules for the
 * server's import and the editor's hints. A row is `phone[, name]`; the phone rule itself (libphonenumber) is passed
 * in, so this file stays small for the browser.
 */

/** §5: a phone table needs at least this many valid numbers. */
export const MIN_TABLE_NUMBERS = 3;
/** Rows read from one table (empty rows not counted); more is refused as unreadable rather than cut silently. */
export const MAX_TABLE_ROWS = 100_000;
/** An uploaded file or a pasted text, at most this many bytes. */
export const MAX_TABLE_BYTES = 10 * 1024 * 1024;
/** Rejected rows reported in full in the import's answer (the total is always given). */
export const MAX_REPORTED_ISSUES = 1000;
/** A name longer than this is cut (a cell of a spreadsheet can hold a whole paragraph). */
export const MAX_NAME_LENGTH = 200;

export type TableIssueCode = 'phoneInvalid' | 'duplicate' | 'blacklisted';

export interface TableIssue {
  /** 1-based row of the table as the owner sees it (the header and empty rows counted). */
  row: number;
  value: string;
  code: TableIssueCode;
}

export interface TableRecipient {
  /** E.164 digits (no plus). */
  phone: string;
  name: string | null;
  row: number;
  /** The cell as written (reported if the server rejects the number). */
  value: string;
}

export interface ClassifiedTable {
  /** Non-empty data rows read (the header not counted). */
  rows: number;
  accepted: TableRecipient[];
  issues: TableIssue[];
}

/** E.164 digits of a valid number, or undefined (the phones module's rule: shared/validation/phone.ts). */
export type PhoneNormalizer = (value: string) => string | undefined;

const cell = (value: string | undefined) => (value ?? '').trim();
const isEmptyRow = (cells: readonly string[]) => cells.every((c) => cell(c) === '');

/**
 * A header row: the first non-empty row when its first cell is no valid phone and every non-empty cell looks like a
 * label (has a letter, at most a few digits), e.g. `Phone;Name`, `Телефон`, `number 1`. A row like `+7 999 oops` is
 * data with a bad phone, and is reported, not skipped.
 */
export function isHeaderRow(cells: readonly string[], normalize: PhoneNormalizer): boolean {
  const filled = cells.map(cell).filter(Boolean);
  if (!filled.length || normalize(filled[0]!) !== undefined) return false;
  return filled.every((c) => /\p{L}/u.test(c) && (c.match(/\d/g)?.length ?? 0) <= 3);
}

/**
 * Classifies the rows in table order: empty rows are ignored (not counted), the header is skipped, then each row's
 * first cell must be a valid phone (`phoneInvalid`) not seen on an earlier row (`duplicate`). The blacklist needs
 * the owner's data: the server applies it afterwards (`withBlacklist`).
 */
export function classifyTable(table: readonly (readonly string[])[], normalize: PhoneNormalizer): ClassifiedTable {
  const accepted: TableRecipient[] = [];
  const issues: TableIssue[] = [];
  const seen = new Set<string>();
  let rows = 0;
  let headerChecked = false;
  table.forEach((cells, index) => {
    if (isEmptyRow(cells)) return;
    const row = index + 1;
    if (!headerChecked) {
      headerChecked = true;
      if (isHeaderRow(cells, normalize)) return;
    }
    rows++;
    const value = cell(cells[0]);
    const phone = value ? normalize(value) : undefined;
    if (!phone) return void issues.push({ row, value, code: 'phoneInvalid' });
    if (seen.has(phone)) return void issues.push({ row, value, code: 'duplicate' });
    seen.add(phone);
    const name = cell(cells[1]).slice(0, MAX_NAME_LENGTH);
    accepted.push({ phone, name: name || null, row, value });
  });
  return { rows, accepted, issues };
}

/** Moves the accepted rows whose phone is in `blacklisted` to the issues, keeping table order. */
export function withBlacklist(table: ClassifiedTable, blacklisted: ReadonlySet<string>): ClassifiedTable {
  if (!blacklisted.size) return table;
  const accepted: TableRecipient[] = [];
  const moved: TableIssue[] = [];
  for (const r of table.accepted) {
    if (blacklisted.has(r.phone)) moved.push({ row: r.row, value: r.value, code: 'blacklisted' });
    else accepted.push(r);
  }
  const issues = [...table.issues, ...moved].sort((a, b) => a.row - b.row);
  return { rows: table.rows, accepted, issues };
}
