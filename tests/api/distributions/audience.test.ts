import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingMasters, bookingRecords, bookingServices } from '../../../src/server/modules/booking/schema.ts';
import { bookingClients } from '../../../src/server/modules/clients/schema.ts';
import { conversationMessages, conversations } from '../../../src/server/modules/conversations/schema.ts';
import { buildAudience } from '../../../src/server/modules/distributions/audience.ts';
import { distributionRecipients, distributions } from '../../../src/server/modules/distributions/schema.ts';
import type { TestServer } from '../harness.ts';
import { distribution, distributionServer, owner, paste, setDistribution, type Owner } from './support.ts';

let server: TestServer;
let o: Owner;
beforeAll(async () => {
  server = await distributionServer();
  o = await owner(server);
});
afterAll(() => server.close());

const DAY = 86_400_000;
const phone = (n: number) => `7916555${String(n).padStart(4, '0')}`;

/** Builds as a combat start would (helper A's engine step calls the same function in its transaction). */
async function build(id: number) {
  const [row] = await server.api.db.select().from(distributions).where(eq(distributions.flowId, id));
  return server.api.db.transaction((tx) => buildAudience(tx, row!, new Date(server.clock.now())));
}
const recipientsOf = async (id: number) =>
  (await server.api.db.select().from(distributionRecipients).where(eq(distributionRecipients.distributionId, id)).orderBy(asc(distributionRecipients.phone))).map((r) => ({
    phone: r.phone,
    state: r.state,
    reason: r.reason,
  }));
const states = async (id: number) => Object.fromEntries((await recipientsOf(id)).map((r) => [r.phone, r.reason ?? r.state]));

async function client(who: Owner, n: number, c: Partial<typeof bookingClients.$inferInsert> = {}) {
  const [row] = await server.api.db.insert(bookingClients).values({ userId: who.id, phone: phone(n), name: `Client ${n}`, createdAt: new Date(server.clock.now()), ...c }).returning();
  return row!;
}

async function wrote(who: Owner, n: number) {
  const at = new Date(server.clock.now());
  const [c] = await server.api.db.insert(conversations).values({ userId: who.id, channel: 'waha', inbox: 'c1', peer: phone(n), phone: phone(n), lastMessageAt: at, createdAt: at }).returning();
  await server.api.db.insert(conversationMessages).values({ conversationId: c!.id, inbox: 'c1', direction: 'in', text: 'hi', providerMessageId: `p${n}`, receivedAt: at });
}

describe('buildAudience from the client base', () => {
  let masterId: number;
  let serviceId: number;
  beforeAll(async () => {
    const now = server.clock.now();
    // 1: 1 visit, 500 spent, 10 days ago, master Anna, service Haircut. 2: 5 visits, 5000, 40 days ago, master Boris,
    // service Color. 3: never visited. 4: 3 visits, 100 days ago, Anna but the visit was cancelled.
    const c1 = await client(o, 1, { visitCount: 1, spend: 500, lastVisitAt: new Date(now - 10 * DAY) });
    const c2 = await client(o, 2, { visitCount: 5, spend: 5000, lastVisitAt: new Date(now - 40 * DAY) });
    await client(o, 3);
    const c4 = await client(o, 4, { visitCount: 3, spend: 900, lastVisitAt: new Date(now - 100 * DAY) });
    const [anna] = await server.api.db.insert(bookingMasters).values({ userId: o.id, name: 'Anna' }).returning();
    const [boris] = await server.api.db.insert(bookingMasters).values({ userId: o.id, name: 'Boris' }).returning();
    const [haircut] = await server.api.db.insert(bookingServices).values({ userId: o.id, title: 'Haircut' }).returning();
    const [color] = await server.api.db.insert(bookingServices).values({ userId: o.id, title: 'Color' }).returning();
    masterId = anna!.id;
    serviceId = color!.id;
    const at = new Date(now - 10 * DAY);
    const record = (clientId: number, m: number, s: number, status: 'arrived' | 'cancelled' = 'arrived'): typeof bookingRecords.$inferInsert => ({
      userId: o.id,
      clientId,
      masterId: m,
      serviceIds: [s],
      startAt: at,
      status,
      createdAt: at,
      updatedAt: at,
    });
    await server.api.db.insert(bookingRecords).values([record(c1.id, anna!.id, haircut!.id), record(c2.id, boris!.id, color!.id), record(c4.id, anna!.id, haircut!.id, 'cancelled')]);
    // Another owner's client with the same number is not ours.
    await client(await owner(server), 5, { visitCount: 9 });
  });

  const any = { from: -1, to: -1 };
  const filters = (f: Record<string, unknown>) => ({ visitCount: any, spend: any, lastVisitDays: any, masters: [], services: [], ...f });

  it('takes every client without filters, with the client tied and the name kept', async () => {
    const id = await distribution(server, o, { source: 'clients', filters: filters({}) });
    expect(await build(id)).toEqual({ recipients: 4 });
    const rows = await server.api.db.select().from(distributionRecipients).where(eq(distributionRecipients.distributionId, id)).orderBy(asc(distributionRecipients.phone));
    expect(rows.map((r) => [r.phone, r.name, r.row, r.state, r.clientId !== null])).toEqual([
      [phone(1), 'Client 1', null, 'pending', true],
      [phone(2), 'Client 2', null, 'pending', true],
      [phone(3), 'Client 3', null, 'pending', true],
      [phone(4), 'Client 4', null, 'pending', true],
    ]);
  });

  it('applies visits, spend, days since the last visit, masters and services (ids or names)', async () => {
    const phonesFor = async (f: Record<string, unknown>) => {
      const id = await distribution(server, o, { source: 'clients', filters: filters(f) });
      await build(id);
      return (await recipientsOf(id)).map((r) => r.phone);
    };
    expect(await phonesFor({ visitCount: { from: 2, to: 10 } })).toEqual([phone(2), phone(4)]);
    expect(await phonesFor({ spend: { from: 0, to: 1000 } })).toEqual([phone(1), phone(3), phone(4)]);
    expect(await phonesFor({ lastVisitDays: { from: 30, to: 60 } })).toEqual([phone(2)]);
    expect(await phonesFor({ masters: ['Anna'] })).toEqual([phone(1)]);
    expect(await phonesFor({ masters: [String(masterId), 'Boris'] })).toEqual([phone(1), phone(2)]);
    expect(await phonesFor({ services: [String(serviceId)] })).toEqual([phone(2)]);
    expect(await phonesFor({ services: ['Haircut'], masters: ['Boris'] })).toEqual([]);
    expect(await phonesFor({ services: ['Haircut', 'Color'], spend: { from: 1000, to: 10000 } })).toEqual([phone(2)]);
  });

  it('leaves out the blacklisted, the unsubscribed on WhatsApp and, when asked, who never wrote', async () => {
    const id = await distribution(server, o, { source: 'clients', filters: filters({}), ignoreNoDialogue: true });
    await server.call('POST', '/Phones/Ignore', { token: o.token, body: { phone: `+${phone(1)}` } });
    const sub = await server.call('POST', '/Phones/Subscribers', { token: o.token, body: { phone: `+${phone(2)}`, channel: 'waha' } });
    await server.call('POST', `/Phones/Subscribers/${sub.body.id}/Unsubscribe`, { token: o.token });
    // Unsubscribed from Telegram only: WhatsApp still reaches the client.
    const tg = await server.call('POST', '/Phones/Subscribers', { token: o.token, body: { phone: `+${phone(3)}`, channel: 'telegram' } });
    await server.call('POST', `/Phones/Subscribers/${tg.body.id}/Unsubscribe`, { token: o.token });
    await wrote(o, 3);
    expect(await build(id)).toEqual({ recipients: 4 });
    expect(await states(id)).toEqual({ [phone(1)]: 'blacklisted', [phone(2)]: 'unsubscribed', [phone(3)]: 'pending', [phone(4)]: 'no dialogue' });

    // A later build looks again: off the blacklist and "no dialogue" switched off, both come back.
    const listed = await server.call('GET', `/Phones/Ignore?search=${phone(1)}`, { token: o.token });
    await server.call('DELETE', `/Phones/Ignore/${listed.body.items[0].id}`, { token: o.token });
    await setDistribution(server, id, { ignoreNoDialogue: false });
    const [row] = await server.api.db.select().from(distributions).where(eq(distributions.flowId, id));
    await server.api.db.transaction((tx) => buildAudience(tx, row!, new Date(server.clock.now())));
    expect(await states(id)).toEqual({ [phone(1)]: 'pending', [phone(2)]: 'unsubscribed', [phone(3)]: 'pending', [phone(4)]: 'pending' });
    await server.call('DELETE', `/Phones/Subscribers/${sub.body.id}`, { token: o.token });
  });

  it('adds the subscribed clients when asked, and a second build only new numbers, never touching messaged ones', async () => {
    const id = await distribution(server, o, { source: 'clients', filters: filters({ visitCount: { from: 1, to: 2 } }), useSubscribed: true });
    const s = await server.call('POST', '/Phones/Subscribers', { token: o.token, body: { phone: '+79165559001', name: 'Sub', channel: 'sandbox' } });
    expect(s.status).toBe(201);
    expect(await build(id)).toEqual({ recipients: 2 });
    expect(await states(id)).toEqual({ [phone(1)]: 'pending', '79165559001': 'pending' });
    // Client 1 was messaged; then client 3 gets a first visit and a new subscriber joins.
    await server.api.db.update(distributionRecipients).set({ state: 'planned', messageId: 999_999 }).where(eq(distributionRecipients.phone, phone(1)));
    await server.api.db.update(bookingClients).set({ visitCount: 1 }).where(eq(bookingClients.phone, phone(3)));
    await server.call('POST', '/Phones/Subscribers', { token: o.token, body: { phone: '+79165559002', channel: 'sandbox' } });
    expect(await build(id)).toEqual({ recipients: 4 });
    expect(await states(id)).toEqual({ [phone(1)]: 'planned', [phone(3)]: 'pending', '79165559001': 'pending', '79165559002': 'pending' });
    await server.api.db.update(bookingClients).set({ visitCount: 0 }).where(eq(bookingClients.phone, phone(3)));
  });

  it('keeps a table distribution to its table, applying the same rules', async () => {
    const id = await distribution(server, o, { ignoreNoDialogue: true });
    await paste(server, o, id, `${phone(3)}\n${phone(7)}\n${phone(8)}\n`);
    await wrote(o, 8);
    expect(await build(id)).toEqual({ recipients: 3 });
    expect(await states(id)).toEqual({ [phone(3)]: 'pending', [phone(7)]: 'no dialogue', [phone(8)]: 'pending' });
    // Switched to the client base: the table rows not messaged give way to the clients.
    await setDistribution(server, id, { source: 'clients', filters: filters({ visitCount: { from: 5, to: 6 } }), ignoreNoDialogue: false });
    expect(await build(id)).toEqual({ recipients: 1 });
    expect(await states(id)).toEqual({ [phone(2)]: 'pending' });
  });

  it('builds 20 000 clients set-based', async () => {
    const big = await owner(server);
    const at = new Date(server.clock.now());
    for (let i = 0; i < 20_000; i += 5000) {
      await server.api.db.insert(bookingClients).values(Array.from({ length: 5000 }, (_, k) => ({ userId: big.id, phone: `7917${String(1_000_000 + i + k)}`, name: `C${i + k}`, visitCount: (i + k) % 3, createdAt: at })));
    }
    const id = await distribution(server, big, { source: 'clients', filters: filters({ visitCount: { from: 1, to: 3 } }), ignoreNoDialogue: false });
    expect(await build(id)).toEqual({ recipients: 13_333 });
  }, 180_000);
});
