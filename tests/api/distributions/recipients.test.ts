import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../src/server/delivery/schema.ts';
import { distributionRecipients, distributions } from '../../../src/server/modules/distributions/schema.ts';
import type { TestServer } from '../harness.ts';
import { distribution, distributionServer, owner, paste, setFlow, upload, type Owner } from './support.ts';

const XLSX = readFileSync(resolve(import.meta.dirname, '../../fixtures/distributions/phones.xlsx'));
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let server: TestServer;
let o: Owner;
beforeAll(async () => {
  server = await distributionServer();
  o = await owner(server);
});
afterAll(() => server.close());

const recipientsOf = (id: number) =>
  server.api.db.select().from(distributionRecipients).where(eq(distributionRecipients.distributionId, id)).orderBy(asc(distributionRecipients.id));
const summaryOf = async (id: number) => (await server.api.db.select().from(distributions).where(eq(distributions.flowId, id)))[0]!;

describe('PUT /Distributions/{id}/Recipients', () => {
  it('keeps valid numbers, reports invalid, repeated and blacklisted rows, and saves the summary', async () => {
    const id = await distribution(server, o, { source: 'clients' });
    expect((await server.call('POST', '/Phones/Ignore', { token: o.token, body: { phone: '+79161234570' } })).status).toBe(201);
    const res = await paste(server, o, id, 'Phone;Name\n+7 916 123-45-67;Anna\n\n79161234568;Boris\nnot a phone\n79161234567;Again\n79161234569\n+79161234570;Blocked\n');
    expect(res.status).toBe(200);
    expect(res.body.table).toEqual({ fileName: null, rows: 6, accepted: 3, rejected: 3 });
    expect(res.body.issuesTotal).toBe(3);
    expect(res.body.issues).toEqual([
      { row: 5, value: 'not a phone', code: 'phoneInvalid', message: 'Phone number is not valid' },
      { row: 6, value: '79161234567', code: 'duplicate', message: 'Repeats an earlier row' },
      { row: 8, value: '+79161234570', code: 'blacklisted', message: 'In the blacklist' },
    ]);
    expect((await recipientsOf(id)).map((r) => [r.phone, r.name, r.row, r.state])).toEqual([
      ['79161234567', 'Anna', 2, 'pending'],
      ['79161234568', 'Boris', 4, 'pending'],
      ['79161234569', null, 7, 'pending'],
    ]);
    const d = await summaryOf(id);
    expect(d.source).toBe('table');
    expect(d.tableSummary).toEqual({ fileName: null, rows: 6, accepted: 3, rejected: 3 });
  });

  it('refuses fewer than 3 valid numbers and changes nothing', async () => {
    const id = await distribution(server, o);
    expect((await paste(server, o, id, '79161234567\n79161234568\n79161234569')).status).toBe(200);
    const res = await paste(server, o, id, '79161234571\n79161234571\nbad');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'recipientsTooFew', params: { min: 3 }, errors: [{ field: 'text', code: 'recipientsTooFew' }] });
    expect((await recipientsOf(id)).map((r) => r.phone)).toEqual(['79161234567', '79161234568', '79161234569']);
  });

  it('replaces the table, keeping the numbers already messaged with their results', async () => {
    const id = await distribution(server, o);
    await paste(server, o, id, '79161234567\n79161234568\n79161234569');
    const [first] = await recipientsOf(id);
    const at = new Date(server.clock.now());
    const [m] = await server.api.db
      .insert(messages)
      .values({ userId: o.id, flowId: id, kind: 'distribution', recipient: first!.phone, channel: 'sandbox', status: 'sent', idempotencyKey: `dist:${id}:${first!.phone}`, plannedAt: at, createdAt: at, sentAt: at, distributionRecipientId: first!.id })
      .returning();
    await server.api.db.update(distributionRecipients).set({ state: 'planned', messageId: m!.id }).where(eq(distributionRecipients.id, first!.id));
    const res = await paste(server, o, id, 'phone,name\n79161234580,New\n79161234581\n79161234567,Anna again\n');
    expect(res.status).toBe(200);
    expect((await recipientsOf(id)).map((r) => [r.phone, r.name, r.row, r.state])).toEqual([
      ['79161234567', 'Anna again', 4, 'planned'],
      ['79161234580', 'New', 2, 'pending'],
      ['79161234581', null, 3, 'pending'],
    ]);
  });

  it('takes CSV and XLSX files, by content type or file name', async () => {
    const id = await distribution(server, o);
    const csv = await upload(server, o, id, '\uFEFFphone,name\r\n79161234567,"Anna, B"\r\n79161234568,Bo\r\n79161234569,Vi\r\n', 'text/csv', 'clients.csv');
    expect(csv.status).toBe(200);
    expect(csv.body.table).toEqual({ fileName: 'clients.csv', rows: 3, accepted: 3, rejected: 0 });
    expect((await recipientsOf(id))[0]!.name).toBe('Anna, B');

    const xlsx = await upload(server, o, id, XLSX, XLSX_TYPE, 'clients.xlsx');
    expect(xlsx.status).toBe(200);
    expect(xlsx.body.table).toEqual({ fileName: 'clients.xlsx', rows: 5, accepted: 3, rejected: 2 });
    expect(xlsx.body.issues.map((i: { row: number; code: string }) => [i.row, i.code])).toEqual([[5, 'phoneInvalid'], [6, 'duplicate']]);

    // A browser that knows no type sends octet-stream: the workbook is recognised by its bytes.
    const raw = await upload(server, o, id, XLSX, 'application/octet-stream', 'clients.xlsx');
    expect(raw.status).toBe(200);
    const text = await upload(server, o, id, '79161234567\n79161234568\n79161234569\n', 'text/plain');
    expect(text.body.table).toMatchObject({ fileName: null, accepted: 3 });
    const cp1251 = await upload(server, o, id, new Uint8Array([...Buffer.from('79161234567;'), 0xc0, 0xed, 0xed, 0xe0, ...Buffer.from('\n79161234568\n79161234569\n')]), 'text/csv');
    expect(cp1251.status).toBe(200);
    expect((await recipientsOf(id)).find((r) => r.phone === '79161234567')!.name).toBe('Анна');
  });

  it('names an unreadable file, and refuses a body over 10 MB', async () => {
    const id = await distribution(server, o);
    const broken = await upload(server, o, id, new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0]), XLSX_TYPE, 'x.xlsx');
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ code: 'recipientListError', params: { detail: 'the XLSX file is damaged or not a spreadsheet' } });
    expect(broken.body.message).toBe('body: Could not read the recipient list: the XLSX file is damaged or not a spreadsheet');
    const xls = await upload(server, o, id, new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1]), 'application/octet-stream', 'old.xls');
    expect(xls.body.params.detail).toMatch(/XLS/);
    const big = await upload(server, o, id, '7'.repeat(10 * 1024 * 1024 + 10), 'text/csv');
    expect(big.status).toBe(413);
    expect(big.body.code).toBe('payloadTooLarge');
    const wrongType = await upload(server, o, id, '79161234567', 'image/png');
    expect(wrongType.status).toBe(415);
  });

  it('is 404 for another owner or a missing id, 409 while running', async () => {
    const id = await distribution(server, o);
    const other = await owner(server);
    expect((await paste(server, other, id, '79161234567\n79161234568\n79161234569')).status).toBe(404);
    expect((await paste(server, o, 2147483647, '79161234567\n79161234568\n79161234569')).body.code).toBe('distributionInvalidId');
    for (const status of ['InQueue', 'Waiting', 'Working'] as const) {
      await setFlow(server, id, { status });
      const res = await paste(server, o, id, '79161234567\n79161234568\n79161234569');
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('distributionRunning');
    }
    await setFlow(server, id, { status: 'Done' });
    expect((await paste(server, o, id, '79161234567\n79161234568\n79161234569')).status).toBe(200);
  });

  it('imports 20 000 rows set-based', async () => {
    const id = await distribution(server, o);
    const text = Array.from({ length: 20_000 }, (_, i) => `7916${String(1_000_000 + i)},Client ${i}`).join('\n');
    const res = await paste(server, o, id, text);
    expect(res.status).toBe(200);
    expect(res.body.table).toMatchObject({ rows: 20_000, accepted: 20_000, rejected: 0 });
    expect((await recipientsOf(id)).length).toBe(20_000);
  });
});
