import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyTable, isHeaderRow, MAX_TABLE_ROWS, withBlacklist } from '../../../src/shared/distributions/table.ts';
import { fullClientFilters, checkClientFilters, isAnyClient } from '../../../src/shared/distributions/filters.ts';
import { normalizePhone } from '../../../src/shared/validation/phone.ts';
import { declaredUnzippedSize, decodeText, parseTextTable, readTable, TableUnreadable } from '../../../src/server/modules/distributions/table-parse.ts';
import { finishEstimate } from '../../../src/server/modules/distributions/preview.ts';
import { csvField } from '../../../src/server/modules/distributions/recipients.ts';

const digits = (v: string) => normalizePhone(v)?.slice(1);
const XLSX = readFileSync(resolve(import.meta.dirname, '../../fixtures/distributions/phones.xlsx'));

describe('the phone table rows (§5)', () => {
  it('reads phone and name, reports invalid and repeated numbers by row, ignores empty rows', () => {
    const rows = parseTextTable('Phone;Name\n+7 916 123-45-67;Anna\n\n79161234568;"Boris; Jr"\nnot a phone;X\n8 916 123 45 67\n+7 (916) 123-45-67;Again\n');
    const t = classifyTable(rows, digits);
    expect(t.rows).toBe(5);
    expect(t.accepted).toEqual([
      { phone: '79161234567', name: 'Anna', row: 2, value: '+7 916 123-45-67' },
      { phone: '79161234568', name: 'Boris; Jr', row: 4, value: '79161234568' },
    ]);
    expect(t.issues).toEqual([
      { row: 5, value: 'not a phone', code: 'phoneInvalid' },
      { row: 6, value: '8 916 123 45 67', code: 'phoneInvalid' },
      { row: 7, value: '+7 (916) 123-45-67', code: 'duplicate' },
    ]);
  });

  it('guesses the separator: comma, semicolon, tab, or none for one column', () => {
    expect(parseTextTable('79161234567,Anna\n79161234568,Bo')).toEqual([['79161234567', 'Anna'], ['79161234568', 'Bo']]);
    expect(parseTextTable('79161234567\tAnna\n79161234568\tBo')).toEqual([['79161234567', 'Anna'], ['79161234568', 'Bo']]);
    expect(parseTextTable('\uFEFF+7 916 123-45-67\n79161234568')).toEqual([['+7 916 123-45-67'], ['79161234568']]);
  });

  it('recognises a header only when it looks like labels', () => {
    expect(isHeaderRow(['Телефон', 'Имя'], digits)).toBe(true);
    expect(isHeaderRow(['phone number 1'], digits)).toBe(true);
    expect(isHeaderRow(['79161234567', 'Anna'], digits)).toBe(false);
    expect(isHeaderRow(['+7 916 oops 123'], digits)).toBe(false);
    // A bad first row that is not a label is data: it is reported.
    expect(classifyTable([['12'], ['79161234567']], digits).issues).toEqual([{ row: 1, value: '12', code: 'phoneInvalid' }]);
  });

  it('moves blacklisted numbers to the issues in table order', () => {
    const t = withBlacklist(classifyTable([['x'], ['79161234567'], ['bad'], ['79161234568']], digits), new Set(['79161234568']));
    expect(t.accepted.map((r) => r.row)).toEqual([2]);
    expect(t.issues.map((i) => [i.row, i.code])).toEqual([[3, 'phoneInvalid'], [4, 'blacklisted']]);
  });

  it('reads an XLSX workbook: numbers keep every digit', async () => {
    const rows = await readTable(new Uint8Array(XLSX), { fileName: 'clients.xlsx' });
    const t = classifyTable(rows, digits);
    expect(t.accepted.map((r) => [r.phone, r.name])).toEqual([['79161234567', 'Anna'], ['79161234568', 'Boris'], ['79161234569', 'Vera']]);
    expect(t.issues.map((i) => [i.row, i.code])).toEqual([[5, 'phoneInvalid'], [6, 'duplicate']]);
  });

  it('refuses a workbook that would unpack past 200 MB, before unpacking it', async () => {
    expect(declaredUnzippedSize(new Uint8Array(XLSX))).toBeGreaterThan(1000);
    const bomb = new Uint8Array(XLSX);
    const view = new DataView(bomb.buffer);
    // Every central-directory entry claims 4 GB.
    for (let at = 0; at + 46 < bomb.length; at++) if (view.getUint32(at, true) === 0x02014b50) view.setUint32(at + 24, 0xfffffff0, true);
    await expect(readTable(bomb, {})).rejects.toThrow(/too large once unpacked/);
  });

  it('decodes Windows-1251 and UTF-16 text files', () => {
    const cp1251 = new Uint8Array([0xc0, 0xed, 0xed, 0xe0]); // "Анна"
    expect(decodeText(cp1251)).toBe('Анна');
    expect(decodeText(new Uint8Array([0xff, 0xfe, 0x41, 0x00]))).toBe('A');
    expect(decodeText(new TextEncoder().encode('Вера'))).toBe('Вера');
  });

  it('refuses what is no table: old XLS, a broken workbook, binary junk, too many rows', async () => {
    await expect(readTable(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 1, 2]), {})).rejects.toThrow(/XLS/);
    await expect(readTable(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), {})).rejects.toBeInstanceOf(TableUnreadable);
    await expect(readTable(new Uint8Array([1, 0, 2, 0]), {})).rejects.toThrow(/not a CSV/);
    await expect(readTable(new Uint8Array(), {})).rejects.toThrow(/empty/);
    const long = Array.from({ length: MAX_TABLE_ROWS + 2 }, (_, i) => `7916${String(i).padStart(7, '0')}`).join('\n');
    expect(() => parseTextTable(long)).toThrow(/more than/);
  });
});

describe('client filters', () => {
  it('fills absent parts with "any" and checks the ranges', () => {
    const f = fullClientFilters({ masters: [' Anna ', 'Anna', ''], spend: { from: 10, to: 5 } });
    expect(f.masters).toEqual(['Anna']);
    expect(f.visitCount).toEqual({ from: -1, to: -1 });
    expect(checkClientFilters(f).map((e) => e.field)).toEqual(['filters.spend']);
    expect(isAnyClient(fullClientFilters({}))).toBe(true);
  });
});

describe('the finish estimate', () => {
  const base = { zone: 'Etc/GMT-3', startDateMs: null, daysOfWeek: [1, 2, 3, 4, 5, 6, 7], hours: { from: 9, to: 21 }, capOnDay: () => 300 };
  // Sunday 2026-11-01 12:00 at GMT+3.
  const now = Date.UTC(2026, 10, 1, 9);
  const at = (day: number, hour: number) => Math.floor(Date.UTC(2026, 10, day, hour - 3) / 1000);

  it('counts the caps of the allowed days, today while its window is open', () => {
    expect(finishEstimate({ ...base, nowMs: now, remaining: 300 })).toBe(at(1, 21));
    expect(finishEstimate({ ...base, nowMs: now, remaining: 301 })).toBe(at(2, 21));
    // Weekdays only: Monday to Friday take 300 each.
    expect(finishEstimate({ ...base, nowMs: now, remaining: 1000, daysOfWeek: [1, 2, 3, 4, 5] })).toBe(at(5, 21));
    // After today's window: from tomorrow.
    expect(finishEstimate({ ...base, nowMs: Date.UTC(2026, 10, 1, 19), remaining: 10 })).toBe(at(2, 21));
    expect(finishEstimate({ ...base, nowMs: now, remaining: 0 })).toBeNull();
  });

  it('waits for the start date and follows a warming number', () => {
    expect(finishEstimate({ ...base, nowMs: now, remaining: 10, startDateMs: Date.UTC(2026, 10, 10) })).toBe(at(10, 21));
    // 20, 40, 80 on days 1-3 of a new number: 140 by the third day.
    expect(finishEstimate({ ...base, nowMs: now, remaining: 140, capOnDay: (d) => Math.min(300, 20 * 2 ** d) })).toBe(at(3, 21));
  });
});

describe('CSV fields', () => {
  it('quotes separators and neutralises formulas', () => {
    expect(csvField('Anna, B')).toBe('"Anna, B"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField(null)).toBe('');
    expect(csvField(7)).toBe('7');
  });
});
