import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/node';
import { MAX_TABLE_ROWS } from '../../../shared/distributions/table.ts';

// Reads a phone table into rows of cells: pasted text or a CSV/plain-text file (separator `,` `;` or tab, quoted
// fields; UTF-8, UTF-16 with its BOM, or Windows-1251 as Russian Excel saves CSV), or an XLSX workbook's first sheet.
// Which rows count is the shared rule's business (shared/distributions/table.ts).

/** The table could not be read at all; `detail` is English, shown after "Could not read the recipient list:". */
export class TableUnreadable extends Error {
  override name = 'TableUnreadable';
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/** Rows of a text table; the separator is guessed from the text (a one-column list has none). */
export function parseTextTable(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  if (body.includes('\u0000')) throw new TableUnreadable('not a CSV or XLSX file');
  // The whole text (capped at MAX_TABLE_BYTES) with its empty rows, so row numbers are the ones the owner sees.
  const result = Papa.parse<string[]>(body, { delimiter: separatorOf(body), skipEmptyLines: false });
  const rows = result.data.filter((r): r is string[] => Array.isArray(r));
  tooLong(rows);
  return rows;
}

const SEPARATORS = ['\t', ';', ','];
const GUESS_LINES = 50;

/**
 * The separator most of the first rows use outside quotes (tab, then `;`, then `,` on a tie); a one-column list has
 * none, and a comma reads it. Papaparse's own guess wants every row to have the same number of cells, which a table
 * with a row lacking its name fails.
 */
export function separatorOf(text: string): string {
  const lines = text.split(/\r\n|\n|\r/, GUESS_LINES * 2).map((l) => l.replace(/"[^"]*"/g, '')).filter((l) => l.trim() !== '').slice(0, GUESS_LINES);
  let best = ',';
  let most = 0;
  for (const sep of SEPARATORS) {
    const n = lines.filter((l) => l.includes(sep)).length;
    if (n > most) [best, most] = [sep, n];
  }
  return best;
}

function tooLong(rows: readonly (readonly string[])[]): void {
  let filled = 0;
  for (const r of rows) if (r.some((c) => c.trim() !== '') && ++filled > MAX_TABLE_ROWS + 1) break;
  // One extra row may be the header.
  if (filled > MAX_TABLE_ROWS + 1) throw new TableUnreadable(`more than ${MAX_TABLE_ROWS} rows`);
}

/** The bytes of a text file as text: a BOM says UTF-16 or UTF-8; text that is no valid UTF-8 is Windows-1251. */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1251').decode(bytes);
  }
}

/** A spreadsheet cell as text: phones stored as numbers keep every digit (no exponent, no `.0`). */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value).toString() : String(value);
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/** A workbook unpacks to at most this much: a 10 MB upload of compressed zeros must not take the server's memory. */
export const MAX_UNZIPPED_BYTES = 200 * 1024 * 1024;

/**
 * The unpacked size a ZIP archive declares (its central directory), or undefined when it has none readable. ZIP64
 * sizes (0xFFFFFFFF) count as too large. Declared sizes can lie; this stops the honest and the lazy bombs.
 */
export function declaredUnzippedSize(bytes: Uint8Array): number | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record is in the last 22 + 65 535 bytes (its comment).
  for (let end = bytes.length - 22; end >= Math.max(0, bytes.length - 22 - 65_535); end--) {
    if (view.getUint32(end, true) !== 0x06054b50) continue;
    const entries = view.getUint16(end + 10, true);
    let at = view.getUint32(end + 16, true);
    let total = 0;
    for (let i = 0; i < entries; i++) {
      if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) return undefined;
      const size = view.getUint32(at + 24, true);
      total += size === 0xffffffff ? Infinity : size;
      at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    }
    return total;
  }
  return undefined;
}

/** The first sheet of an XLSX workbook as rows of text. */
export async function parseWorkbook(bytes: Uint8Array): Promise<string[][]> {
  const unzipped = declaredUnzippedSize(bytes);
  if (unzipped === undefined) throw new TableUnreadable('the XLSX file is damaged or not a spreadsheet');
  if (unzipped > MAX_UNZIPPED_BYTES) throw new TableUnreadable('the XLSX file is too large once unpacked: save it as CSV');
  let sheet: unknown[][];
  try {
    sheet = (await readSheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))) as unknown[][];
  } catch {
    throw new TableUnreadable('the XLSX file is damaged or not a spreadsheet');
  }
  const rows = sheet.map((r) => r.map(cellText));
  tooLong(rows);
  return rows;
}

/**
 * Any accepted body as rows: a string (pasted text, or a text/plain upload) or bytes, which are a workbook when they
 * are a ZIP archive (XLSX), whatever the declared type, and text otherwise.
 */
export async function readTable(body: string | Uint8Array, hint: { contentType?: string; fileName?: string }): Promise<string[][]> {
  if (typeof body === 'string') return parseTextTable(body);
  if (!body.length) throw new TableUnreadable('the file is empty');
  if (startsWith(body, ZIP_MAGIC)) return parseWorkbook(body);
  if (startsWith(body, OLE_MAGIC) || /\.xls$/i.test(hint.fileName ?? '')) throw new TableUnreadable('XLS (Excel 97–2003) is not supported: save it as XLSX or CSV');
  if (hint.contentType === XLSX_TYPE || /\.xlsx$/i.test(hint.fileName ?? '')) throw new TableUnreadable('the XLSX file is damaged or not a spreadsheet');
  return parseTextTable(decodeText(body));
}
