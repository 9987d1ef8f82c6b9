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

describe('GET /Distributions/{id}/Recipients and /Export', () => {
  const phones = ['79161230001', '79161230002', '79161230003', '79161230004', '79161230005', '79161230006', '79161230007', '79161230008'];
  let id: number;
  const t0 = Date.UTC(2026, 10, 1, 9, 0, 0);

  beforeAll(async () => {
    id = await distribution(server, o);
    await paste(server, o, id, `phone,name\n${phones.map((p, i) => `${p},Client ${i + 1}`).join('\n')}\n`);
    const rows = await recipientsOf(id);
    const at = new Date(t0);
    const later = (s: number) => new Date(t0 + s * 1000);
    // 1 pending; 2 skipped by the audience; 3 queued (waits for hours); 4 sending; 5 read; 6 replied and then STOP;
    // 7 failed; 8 cancelled at send time.
    const planned: [number, Partial<typeof messages.$inferInsert>][] = [
      [2, { status: 'queued', reason: 'outside sending hours' }],
      [3, { status: 'sending', sentAt: at }],
      [4, { status: 'read', sentAt: at, deliveredAt: later(10), readAt: later(20), reason: 'outside sending hours' }],
      [5, { status: 'replied', sentAt: at, deliveredAt: later(10), readAt: later(20), repliedAt: later(30) }],
      [6, { status: 'failed', reason: 'not on WhatsApp' }],
      [7, { status: 'cancelled', reason: 'unsubscribed' }],
    ];
    for (const [i, m] of planned) {
      const r = rows[i]!;
      const [row] = await server.api.db
        .insert(messages)
        .values({ userId: o.id, flowId: id, kind: 'distribution', recipient: r.phone, channel: 'sandbox', idempotencyKey: `dist:${id}:${r.phone}`, plannedAt: at, createdAt: at, distributionRecipientId: r.id, ...m })
        .returning();
      await server.api.db.update(distributionRecipients).set({ state: 'planned', messageId: row!.id }).where(eq(distributionRecipients.id, r.id));
    }
    await server.api.db.update(distributionRecipients).set({ state: 'skipped', reason: 'blacklisted' }).where(eq(distributionRecipients.id, rows[1]!.id));
    // Recipient 6 wrote STOP after the message: unsubscribed on its channel later than the send.
    server.clock.ms = t0 + 60_000;
    const sub = await server.call('POST', '/Phones/Subscribers', { token: o.token, body: { phone: `+${phones[5]}`, channel: 'sandbox' } });
    await server.call('POST', `/Phones/Subscribers/${sub.body.id}/Unsubscribe`, { token: o.token });
    // Recipient 5 unsubscribed before its message went out: not this distribution's STOP.
    const early = await server.call('POST', '/Phones/Subscribers', { token: o.token, body: { phone: `+${phones[4]}`, channel: 'waha' } });
    await server.call('POST', `/Phones/Subscribers/${early.body.id}/Unsubscribe`, { token: o.token });
  });

  const list = (query = '', who = o) => server.call('GET', `/Distributions/${id}/Recipients${query}`, { token: who.token });

  it('shows each recipient with the status of its message, reason and times', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, pages: 1, total: 8 });
    const s = (t: number) => Math.floor(t / 1000);
    expect(res.body.recipients.map((r: any) => [r.phone, r.name, r.row, r.status, r.reason, r.unsubscribed])).toEqual([
      [phones[0], 'Client 1', 2, 'pending', null, false],
      [phones[1], 'Client 2', 3, 'skipped', 'blacklisted', false],
      [phones[2], 'Client 3', 4, 'queued', 'outside sending hours', false],
      [phones[3], 'Client 4', 5, 'queued', null, false],
      [phones[4], 'Client 5', 6, 'read', null, false],
      [phones[5], 'Client 6', 7, 'replied', null, true],
      [phones[6], 'Client 7', 8, 'failed', 'not on WhatsApp', false],
      [phones[7], 'Client 8', 9, 'skipped', 'unsubscribed', false],
    ]);
    expect(res.body.recipients[5]).toMatchObject({ sentAt: s(t0), deliveredAt: s(t0) + 10, readAt: s(t0) + 20, repliedAt: s(t0) + 30 });
    expect(res.body.recipients[0]).toMatchObject({ sentAt: null, deliveredAt: null, readAt: null, repliedAt: null });
  });

  it('filters by the shown status, searches phone digits and names, pages', async () => {
    expect((await list('?status=skipped')).body.recipients.map((r: any) => r.reason)).toEqual(['blacklisted', 'unsubscribed']);
    expect((await list('?status=queued')).body.total).toBe(2);
    expect((await list('?status=delivered')).body).toMatchObject({ total: 0, pages: 1, recipients: [] });
    expect((await list('?search=%2B7 (916) 123-0003')).body.recipients.map((r: any) => r.phone)).toEqual([phones[2]]);
    expect((await list('?search=client 7')).body.recipients.map((r: any) => r.phone)).toEqual([phones[6]]);
    const page = await list('?page=2&pageSize=3');
    expect(page.body).toMatchObject({ page: 2, pages: 3, total: 8 });
    expect(page.body.recipients.map((r: any) => r.phone)).toEqual(phones.slice(3, 6));
    expect((await list('?page=9&pageSize=3')).body).toMatchObject({ total: 8, recipients: [] });
    expect((await list('?status=sideways')).status).toBe(400);
  });

  it('exports every recipient as CSV with a BOM, the same filters applying', async () => {
    const res = await fetch(`${server.base}/Distributions/${id}/Recipients/Export`, { headers: { authorization: `Bearer ${o.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="distribution-${id}-recipients.csv"`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).trimEnd().split('\r\n');
    expect(lines[0]).toBe('phone,name,row,status,reason,sent,delivered,read,replied');
    expect(lines).toHaveLength(9);
    expect(lines[6]).toBe(`${phones[5]},Client 6,7,replied,,2026-11-01T09:00:00.000Z,2026-11-01T09:00:10.000Z,2026-11-01T09:00:20.000Z,2026-11-01T09:00:30.000Z`);
    const failed = await fetch(`${server.base}/Distributions/${id}/Recipients/Export?status=failed`, { headers: { authorization: `Bearer ${o.token}` } });
    expect((await failed.text()).trimEnd().split('\r\n').slice(1)).toEqual([`${phones[6]},Client 7,8,failed,not on WhatsApp,,,,`]);
  });

  it('is 404 for another owner and 401 without a token', async () => {
    const other = await owner(server);
    expect((await list('', other)).status).toBe(404);
    const res = await fetch(`${server.base}/Distributions/${id}/Recipients/Export`, { headers: { authorization: `Bearer ${other.token}` } });
    expect(res.status).toBe(404);
    expect((await server.call('GET', `/Distributions/${id}/Recipients`)).status).toBe(401);
  });

  it('exports 12 000 recipients in chunks', async () => {
    const big = await distribution(server, o);
    await paste(server, o, big, Array.from({ length: 12_000 }, (_, i) => `7916${String(2_000_000 + i)}`).join('\n'));
    const res = await fetch(`${server.base}/Distributions/${big}/Recipients/Export`, { headers: { authorization: `Bearer ${o.token}` } });
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines).toHaveLength(12_001);
    expect(new Set(lines).size).toBe(12_001);
  });
});
