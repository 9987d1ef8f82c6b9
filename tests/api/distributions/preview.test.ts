import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/server/modules/account/schema.ts';
import { bookingClients } from '../../../src/server/modules/clients/schema.ts';
import { connections } from '../../../src/server/modules/connections/schema.ts';
import { connectionSending } from '../../../src/server/modules/connections/sending/schema.ts';
import { buildAudience } from '../../../src/server/modules/distributions/audience.ts';
import { distributionRecipients, distributions } from '../../../src/server/modules/distributions/schema.ts';
import type { TestServer } from '../harness.ts';
import { distribution, distributionServer, owner, paste, setDistribution, setFlow, type Owner } from './support.ts';

let server: TestServer;
let o: Owner;
beforeAll(async () => {
  server = await distributionServer();
  o = await owner(server);
});
afterAll(() => server.close());

const DAY = 86_400_000;
const preview = (id: number, who = o) => server.call('GET', `/Distributions/${id}/Preview`, { token: who.token });
/** Unix seconds of a wall-clock time in Moscow (GMT+3, the default business zone). */
const moscow = (day: number, hour: number) => Math.floor(Date.UTC(2026, 10, day, hour - 3) / 1000);
const phones = ['79166660001', '79166660002', '79166660003', '79166660004', '79166660005'];

describe('GET /Distributions/{id}/Preview', () => {
  let id: number;
  beforeAll(async () => {
    id = await distribution(server, o);
    await paste(server, o, id, phones.join('\n'));
    await server.call('POST', '/Phones/Ignore', { token: o.token, body: { phone: `+${phones[1]}` } });
    const sub = await server.call('POST', '/Phones/Subscribers', { token: o.token, body: { phone: `+${phones[2]}`, channel: 'waha' } });
    await server.call('POST', `/Phones/Subscribers/${sub.body.id}/Unsubscribe`, { token: o.token });
    await server.api.db.update(distributionRecipients).set({ state: 'planned', messageId: 999_999 }).where(eq(distributionRecipients.phone, phones[3]!));
  });

  it('counts the audience after the blacklist, unsubscribes and earlier sends, and writes nothing', async () => {
    const before = await server.api.db.select().from(distributionRecipients).where(eq(distributionRecipients.distributionId, id));
    const res = await preview(id);
    expect(res.status).toBe(200);
    // Sunday 1 November, 12:00 in Moscow: 2 left, 300 a day, today's window (the whole day) still open.
    expect(res.body).toEqual({ audience: 5, blacklisted: 1, unsubscribed: 1, noDialogue: 0, alreadyMessaged: 1, remaining: 2, dailyCap: 300, messagesLeft: null, finishEstimate: moscow(2, 0) });
    expect(await server.api.db.select().from(distributionRecipients).where(eq(distributionRecipients.distributionId, id))).toEqual(before);
    await setDistribution(server, id, { ignoreNoDialogue: true });
    expect((await preview(id)).body).toMatchObject({ noDialogue: 2, remaining: 0, finishEstimate: null });
    await setDistribution(server, id, { ignoreNoDialogue: false });
  });

  it('spreads the rest over the allowed days, the cap, the hours and the start date', async () => {
    await setDistribution(server, id, { dailyCap: 1, daysOfWeek: [1] });
    await setFlow(server, id, { settings: { ...(await flowSettings(id)), sendingHours: { from: 9, to: 18 } } });
    // Monday 2 November takes one, Monday 9 November the other, by 18:00.
    expect((await preview(id)).body).toMatchObject({ remaining: 2, dailyCap: 1, finishEstimate: moscow(9, 18) });
    await setDistribution(server, id, { startDate: new Date(Date.UTC(2026, 10, 20)) });
    expect((await preview(id)).body.finishEstimate).toBe(moscow(30, 18));
    await setDistribution(server, id, { dailyCap: 300, daysOfWeek: [1, 2, 3, 4, 5, 6, 7], startDate: null });
  });

  it('in combat, counts the bought messages: not enough of them, no finish', async () => {
    await setFlow(server, id, { mode: 'combat' });
    expect((await preview(id)).body).toMatchObject({ messagesLeft: 0, finishEstimate: null });
    await server.api.db.update(users).set({ distributionMessages: 500 }).where(eq(users.id, o.id));
    expect((await preview(id)).body).toMatchObject({ messagesLeft: 500, finishEstimate: moscow(1, 18) });
    await setFlow(server, id, { mode: 'test' });
  });

  it('lowers the cap to a young number warm-up', async () => {
    const at = new Date(server.clock.now());
    const [number] = await server.api.db.insert(connections).values({ userId: o.id, kind: 'whatsapp', name: '+79160000000', state: 'Connected', session: `c-preview-${o.id}`, stateChangedAt: at, createdAt: at }).returning();
    await server.api.db.insert(connectionSending).values({ connectionId: number!.id, warmupStartedAt: new Date(server.clock.now() - DAY) });
    await setFlow(server, id, { connectionId: number!.id });
    // Day 2 of the warm-up: 40 today, 80 tomorrow.
    expect((await preview(id)).body.dailyCap).toBe(40);
    await server.api.db.update(connectionSending).set({ warmupStartedAt: null }).where(eq(connectionSending.connectionId, number!.id));
    // Never sent yet: the first day's 20.
    expect((await preview(id)).body.dailyCap).toBe(20);
    await setFlow(server, id, { connectionId: null });
    // No connection on the flow: the owner's first usable number routes it.
    expect((await preview(id)).body.dailyCap).toBe(20);
    await server.api.db.delete(connections).where(eq(connections.id, number!.id));
    expect((await preview(id)).body.dailyCap).toBe(300);
  });

  it('gives for the client base what a build then makes', async () => {
    const at = new Date(server.clock.now());
    await server.api.db.insert(bookingClients).values([
      { userId: o.id, phone: phones[0]!, name: 'In the table too', visitCount: 2, createdAt: at },
      { userId: o.id, phone: '79166660010', name: 'New', visitCount: 2, createdAt: at },
      { userId: o.id, phone: '79166660011', name: 'Few visits', visitCount: 0, createdAt: at },
    ]);
    const any = { from: -1, to: -1 };
    const cid = await distribution(server, o, { source: 'clients', filters: { visitCount: { from: 1, to: 5 }, spend: any, lastVisitDays: any, masters: [], services: [] } });
    const p = (await preview(cid)).body;
    expect(p).toMatchObject({ audience: 2, remaining: 2, alreadyMessaged: 0 });
    const [row] = await server.api.db.select().from(distributions).where(eq(distributions.flowId, cid));
    expect(await server.api.db.transaction((tx) => buildAudience(tx, row!, at))).toEqual({ recipients: p.audience });
    expect((await preview(cid)).body).toEqual(p);
  });

  it('is 404 for another owner or a missing id', async () => {
    expect((await preview(id, await owner(server))).status).toBe(404);
    expect((await preview(2147483647)).body.code).toBe('distributionInvalidId');
  });
});

async function flowSettings(id: number) {
  const { flows } = await import('../../../src/server/modules/flows/schema.ts');
  const [row] = await server.api.db.select().from(flows).where(eq(flows.id, id));
  return row!.settings;
}
