// Booking-system webhooks (docs/webhooks.md): YCLIENTS/Altegio record payloads drive the same events and messages as
// the demo booking calls; repeats change nothing; the URL token is the only credential.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingClients } from '../../../src/server/modules/clients/schema.ts';
import { bookingRecords } from '../../../src/server/modules/booking/schema.ts';
import { linkedAccounts } from '../../../src/server/modules/account/schema.ts';
import type { TestServer } from '../harness.ts';
import { DAY, deliveryServer, flow, messagesOf, nowSec, owner, type Owner } from '../delivery/support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await deliveryServer();
});
afterAll(async () => server?.close());

const iso = (unix: number) => new Date(unix * 1000).toISOString().replace('.000Z', '+00:00');

/** A record webhook as YCLIENTS posts it (trimmed to the documented fields the receiver reads plus a few extras). */
function recordHook(status: 'create' | 'update' | 'delete', recordId: number, start: number, extra: Record<string, unknown> = {}) {
  return {
    company_id: 4564,
    resource: 'record',
    resource_id: recordId,
    status,
    data: {
      id: recordId,
      company_id: 4564,
      datetime: iso(start),
      date: 'ignored',
      seance_length: 3600,
      services: [{ id: 331, title: 'Haircut', cost: 1500, first_cost: 1500, discount: 0, amount: 1 }],
      staff: { id: 77, name: 'Irina', specialization: 'stylist' },
      client: { id: 9001, name: 'Anna', phone: '+79161234567', email: '' },
      attendance: 0,
      deleted: false,
      visit_id: 123,
      ...extra,
    },
  };
}

async function urls(o: Owner) {
  const res = await server.call('GET', '/Booking/WebhookUrls', { token: o.token });
  expect(res.status).toBe(200);
  const path = (url: string) => new URL(url).pathname.replace('/api/v1', '');
  return { yclients: path(res.body.yclients), altegio: path(res.body.altegio) };
}

const post = (path: string, body: unknown) => server.call('POST', path, { body });
const recordsOf = (o: Owner) => server.api.db.select().from(bookingRecords).where(eq(bookingRecords.userId, o.id));

describe('YCLIENTS record webhooks', () => {
  it('create plans reminders, a repeat plans nothing, update moves them, delete cancels them', async () => {
    const o = await owner(server);
    await flow(server, o, 'recordReminder');
    await flow(server, o, 'newRecord');
    const { yclients } = await urls(o);
    const start = nowSec(server) + 3 * DAY;

    const created = await post(yclients, recordHook('create', 5001, start));
    expect(created.status).toBe(200);
    expect(created.body.result).toBe('applied');
    const [record] = await recordsOf(o);
    expect(record).toMatchObject({ source: 'yclients', externalId: '5001', status: 'booked' });
    expect(record!.startAt.getTime()).toBe(start * 1000);
    const [client] = await server.api.db.select().from(bookingClients).where(eq(bookingClients.id, record!.clientId));
    expect(client).toMatchObject({ phone: '79161234567', name: 'Anna' });
    const planned = await messagesOf(server, o);
    expect(planned.map((m) => m.kind).sort()).toEqual(['newRecord', 'recordReminder', 'recordReminder', 'recordReminder']);

    // The provider retries: the same delivery again, and an "update" that changes nothing.
    expect((await post(yclients, recordHook('create', 5001, start))).body.result).toBe('unchanged');
    expect((await post(yclients, recordHook('update', 5001, start))).body.result).toBe('unchanged');
    expect(await recordsOf(o)).toHaveLength(1);
    expect(await messagesOf(server, o)).toHaveLength(planned.length);

    const moved = await post(yclients, recordHook('update', 5001, start + DAY));
    expect(moved.body.result).toBe('applied');
    let all = await messagesOf(server, o);
    expect(all.filter((m) => m.kind === 'recordReminder' && m.status === 'cancelled').map((m) => m.reason)).toEqual(['record moved', 'record moved', 'record moved']);
    const fresh = all.filter((m) => m.kind === 'recordReminder' && m.status === 'queued');
    expect(fresh.map((m) => (start + DAY) * 1000 - m.plannedAt.getTime())).toEqual([24, 2, 1].map((h) => h * 3_600_000));
    expect((await post(yclients, recordHook('update', 5001, start + DAY))).body.result).toBe('unchanged');
    expect(await messagesOf(server, o)).toHaveLength(all.length);

    const deleted = await post(yclients, { company_id: 4564, resource: 'record', resource_id: 5001, status: 'delete', data: {} });
    expect(deleted.body.result).toBe('applied');
    all = await messagesOf(server, o);
    expect(all.filter((m) => m.kind === 'recordReminder' && m.status === 'queued')).toHaveLength(0);
    expect((await recordsOf(o))[0]!.status).toBe('cancelled');
    expect((await post(yclients, { company_id: 4564, resource: 'record', resource_id: 5001, status: 'delete', data: {} })).body.result).toBe('unchanged');
    expect(await messagesOf(server, o)).toHaveLength(all.length);
  });

  it('attendance maps to visit statuses: 2 confirmed, 1 arrived; a repeat raises nothing', async () => {
    const o = await owner(server);
    const { yclients } = await urls(o);
    const start = nowSec(server) + DAY;
    await post(yclients, recordHook('create', 6001, start, { attendance: 2 }));
    expect((await recordsOf(o))[0]!.status).toBe('confirmed');
    expect((await post(yclients, recordHook('update', 6001, start, { attendance: 2 }))).body.result).toBe('unchanged');
    expect((await post(yclients, recordHook('update', 6001, start, { attendance: 1 }))).body.result).toBe('applied');
    expect((await recordsOf(o))[0]!.status).toBe('arrived');
    const [client] = await server.api.db.select().from(bookingClients).where(eq(bookingClients.userId, o.id));
    expect(client).toMatchObject({ visitCount: 1, spend: 1500 });
    expect((await post(yclients, recordHook('update', 6001, start, { attendance: 1 }))).body.result).toBe('unchanged');
    await post(yclients, recordHook('create', 6002, start, { attendance: -1, client: { name: 'Boris', phone: '79161234568' } }));
    const noShow = await server.api.db.select().from(bookingRecords).where(and(eq(bookingRecords.userId, o.id), eq(bookingRecords.externalId, '6002')));
    expect(noShow[0]!.status).toBe('noShow');
  });

  it('a bad payload answers 400 naming the field and changes nothing; unknown resources are ignored with 200', async () => {
    const o = await owner(server);
    await flow(server, o, 'recordReminder');
    const { yclients } = await urls(o);
    const start = nowSec(server) + 3 * DAY;
    const badPhone = await post(yclients, recordHook('create', 7001, start, { client: { name: 'X', phone: '12' } }));
    expect(badPhone.status).toBe(400);
    expect(JSON.stringify(badPhone.body)).toContain('data.client.phone');
    const badDate = await post(yclients, recordHook('create', 7001, start, { datetime: 'tomorrow' }));
    expect(badDate.status).toBe(400);
    expect(JSON.stringify(badDate.body)).toContain('data.datetime');
    const badStatus = await post(yclients, { ...recordHook('create', 7001, start), status: 'remove' });
    expect(badStatus.status).toBe(400);
    expect(JSON.stringify(badStatus.body)).toContain('status');
    expect(await recordsOf(o)).toHaveLength(0);
    expect(await messagesOf(server, o)).toHaveLength(0);
    const other = await post(yclients, { company_id: 4564, resource: 'client', resource_id: 9001, status: 'update', data: { id: 9001 } });
    expect(other.status).toBe(200);
    expect(other.body.result).toBe('ignored');
    expect((await post(yclients, recordHook('create', 7002, start, { client: null }))).body.result).toBe('ignored'); // a blocked slot
    expect(await recordsOf(o)).toHaveLength(0);
  });

  it('a wrong token answers 404; one owner token cannot touch another owner records', async () => {
    const a = await owner(server);
    const b = await owner(server);
    const start = nowSec(server) + 3 * DAY;
    const urlA = (await urls(a)).yclients;
    const urlB = (await urls(b)).yclients;
    expect(urlA).not.toBe(urlB);
    await post(urlA, recordHook('create', 8001, start));
    const forged = urlA.slice(0, -3) + (urlA.endsWith('AAA') ? 'BBB' : 'AAA');
    expect((await post(forged, recordHook('delete', 8001, start))).status).toBe(404);
    expect((await post('/Webhooks/yclients/nonsense', recordHook('delete', 8001, start))).status).toBe(404);
    // The ignore-link token of the same owner is no webhook token.
    const ignore = await server.call('GET', '/Phones/IgnoreLink', { token: a.token });
    expect((await post(`/Webhooks/yclients/${ignore.body.token}`, recordHook('delete', 8001, start))).status).toBe(404);
    // B's URL naming A's record id finds nothing of B's to delete and leaves A's record alone.
    expect((await post(urlB, { company_id: 1, resource: 'record', resource_id: 8001, status: 'delete', data: {} })).body.result).toBe('unchanged');
    expect((await recordsOf(a))[0]!.status).toBe('booked');
    expect(await recordsOf(b)).toHaveLength(0);
  });
});

describe('company of a webhook URL', () => {
  it('the first webhook ties its company to the owner; another company on the same URL is ignored', async () => {
    const o = await owner(server);
    await flow(server, o, 'newRecord');
    const { yclients, altegio } = await urls(o);
    const start = nowSec(server) + 3 * DAY;
    expect((await post(yclients, recordHook('create', 9101, start))).body.result).toBe('applied');
    const foreign = recordHook('create', 9102, start);
    foreign.company_id = 999;
    expect((await post(yclients, foreign)).body.result).toBe('ignored');
    expect((await post(yclients, { ...recordHook('delete', 9101, start), company_id: 999 })).body.result).toBe('ignored');
    expect((await recordsOf(o)).map((r) => [r.externalId, r.status])).toEqual([['9101', 'booked']]);
    // Each system ties its own company: Altegio's first company is accepted on the Altegio path.
    expect((await post(altegio, foreign)).body.result).toBe('applied');
    const linked = await server.api.db.select().from(linkedAccounts).where(eq(linkedAccounts.userId, o.id));
    expect(linked.map((l) => [l.name, l.externalId]).sort()).toEqual([['Altegio 999', 'altegio:999'], ['YCLIENTS 4564', 'yclients:4564']]);
  });
});

describe('Altegio record webhooks', () => {
  it('the same format on the Altegio path creates a separate altegio record', async () => {
    const o = await owner(server);
    await flow(server, o, 'recordReminder');
    const { yclients, altegio } = await urls(o);
    const start = nowSec(server) + 3 * DAY;
    expect((await post(altegio, recordHook('create', 9001, start))).body.result).toBe('applied');
    expect((await post(yclients, recordHook('create', 9001, start))).body.result).toBe('applied'); // another system's id space
    const rows = await recordsOf(o);
    expect(rows.map((r) => r.source).sort()).toEqual(['altegio', 'yclients']);
    expect((await post(altegio, recordHook('delete', 9001, start))).body.result).toBe('applied');
    expect((await recordsOf(o)).find((r) => r.source === 'altegio')!.status).toBe('cancelled');
    expect((await recordsOf(o)).find((r) => r.source === 'yclients')!.status).toBe('booked');
  });
});
