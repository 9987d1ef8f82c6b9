// Home (issue 16): the checklist from real state, the §9 trial that starts at sign-up, the week at a glance, and the
// demo account rebuilt relative to today at each start (touching only its own rows).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import { TRIAL_DAYS } from '../../../src/shared/tariffs.ts';
import { flows } from '../../../src/server/modules/flows/schema.ts';
import { bookingRecords } from '../../../src/server/modules/booking/schema.ts';
import { users } from '../../../src/server/modules/account/schema.ts';
import { regenerateDemo } from '../../../src/server/modules/demo/regenerate.ts';
import { DEMO, startServer, type TestServer } from '../harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

const DAY = 86_400;
const nowSeconds = () => Math.floor(server.clock.now() / 1000);
const owner = { email: 'home-owner@example.com', password: 'secret1', confirmPassword: 'secret1', phone: '+79161234567' };

async function signUp() {
  const res = await server.call('POST', '/account/register', { body: owner });
  expect(res.status).toBe(201);
  return { id: res.body.id as number, ...(await server.login(owner.email, owner.password)) };
}

describe('a new owner', () => {
  it('gets the 3-day trial at sign-up, so the quick start\'s flows start; Home ticks the steps from real state', async () => {
    const user = await signUp();
    const home = await server.call('GET', '/Home', { token: user.token });
    expect(home.status).toBe(200);
    expect(home.body).toEqual({
      checklist: { whatsApp: false, bookingSystem: false, quickstart: false, testFlow: false, combatFlow: false, paid: false },
      trialEndsAt: nowSeconds() + TRIAL_DAYS * DAY,
      week: { sent: 0, delivered: 0, read: 0, replied: 0, messaged: 0, converted: 0, runningFlows: 0 },
      sending: { warning: false, waiting: 0, disconnected: 0, paused: 0 },
    });
    // Every kind the quick start creates is in the trial (repeat visits and reports need the extended plan).
    for (const type of ['recordReminder', 'newRecord', 'repeatVisit', 'reviewRequest', 'dailyReport', 'weeklyReport']) {
      const created = await server.call('POST', '/Flows', { token: user.token, body: { title: type, content: 'Hello', type, mode: 'test' } });
      expect(created.status).toBe(201);
      expect(created.body.status).toBe('Pause');
      const resumed = await server.call('POST', `/Flows/${created.body.id}/Resume`, { token: user.token });
      expect(resumed.status, type).toBe(200);
    }
    const after = (await server.call('GET', '/Home', { token: user.token })).body;
    expect(after.checklist).toEqual({ whatsApp: false, bookingSystem: false, quickstart: true, testFlow: true, combatFlow: false, paid: false });
    expect(after.week.runningFlows).toBe(6);
    // The trial is a free period, not a payment: "pay" stays open.
    const pays = await server.call('GET', `/PayInfos/${user.id}`, { token: user.token });
    expect(pays.body.nearestPaymentEndDate).toEqual({ dateEndUnixTime: nowSeconds() + TRIAL_DAYS * DAY, status: 'Active' });
  });

  it('after the trial the flows are outside the tariff again', async () => {
    server.clock.advance(TRIAL_DAYS * DAY + 60);
    try {
      const { token } = await server.login(owner.email, owner.password);
      const list = await server.call('GET', '/Flows?pageSize=100', { token });
      expect(list.body.flows.every((f: { status: string }) => f.status === 'Unavailable')).toBe(true);
    } finally {
      server.clock.advance(-(TRIAL_DAYS * DAY + 60));
    }
  });

  it('answers 401 without a token', async () => {
    expect((await server.call('GET', '/Home')).status).toBe(401);
  });
});

describe('the demo account', () => {
  it('shows a living salon: connections ticked, a week of messages, conversion and running flows', async () => {
    const { token } = await server.login(DEMO.email, DEMO.password);
    const home = (await server.call('GET', '/Home', { token })).body;
    expect(home.checklist).toMatchObject({ whatsApp: true, bookingSystem: true, quickstart: true, testFlow: true, combatFlow: true, paid: true });
    expect(home.trialEndsAt).toBeNull();
    const w = home.week;
    expect(w.sent).toBeGreaterThan(20);
    expect(w.sent).toBeGreaterThanOrEqual(w.delivered);
    expect(w.delivered).toBeGreaterThanOrEqual(w.read);
    expect(w.read).toBeGreaterThanOrEqual(w.replied);
    expect(w.replied).toBeGreaterThan(0);
    expect(w.messaged).toBeGreaterThan(0);
    expect(w.converted).toBeGreaterThan(0);
    expect(w.runningFlows).toBeGreaterThanOrEqual(4);

    const list = (await server.call('GET', '/Flows?pageSize=100', { token })).body;
    // Periodic kinds move between InQueue and Done as the engine takes their turns: all of them are running.
    expect(list.flows.filter((f: { status: string }) => ['InQueue', 'Waiting', 'Working', 'Done'].includes(f.status)).length).toBeGreaterThanOrEqual(4);
    const log = (await server.call('GET', '/Messages?pageSize=20', { token })).body;
    expect(log.total ?? log.messages?.length ?? 0).toBeGreaterThan(100);
    for (const path of ['/Phones/Ignore', '/Phones/Subscribers']) {
      const res = await server.call('GET', path, { token });
      expect(res.status, path).toBe(200);
      expect(JSON.stringify(res.body)).toMatch(/"phone"/);
    }
  });

  it('is rebuilt relative to today, quickly, touching no other user', async () => {
    const [demo] = await server.api.db.select().from(users).where(eq(users.email, DEMO.email));
    const other = (await server.login(owner.email, owner.password)).token;
    const before = (await server.call('GET', '/Flows?pageSize=100', { token: other })).body.flows;
    const otherRecords = await server.api.db.select().from(bookingRecords).where(ne(bookingRecords.userId, demo!.id));

    server.clock.advance(10 * DAY);
    const started = performance.now();
    await regenerateDemo(server.api.db, demo!, server.clock.now());
    const ms = performance.now() - started;
    console.log(`demo regeneration: ${ms.toFixed(0)} ms`);
    expect(ms).toBeLessThan(2000); // ~100 ms on PGlite here; the bound only catches a per-row regression

    const upcoming = await server.api.db.select().from(bookingRecords).where(and(eq(bookingRecords.userId, demo!.id)));
    expect(upcoming.some((r) => r.startAt.getTime() > server.clock.now())).toBe(true);
    const { token } = await server.login(DEMO.email, DEMO.password);
    expect((await server.call('GET', '/Home', { token })).body.week.sent).toBeGreaterThan(20);
    const otherNow = (await server.login(owner.email, owner.password)).token;
    expect((await server.call('GET', '/Flows?pageSize=100', { token: otherNow })).body.flows.map((f: { id: number; title: string }) => [f.id, f.title])).toEqual(before.map((f: { id: number; title: string }) => [f.id, f.title]));
    expect(await server.api.db.select().from(bookingRecords).where(ne(bookingRecords.userId, demo!.id))).toEqual(otherRecords);
    expect(await server.api.db.select().from(flows).where(eq(flows.userId, demo!.id))).toHaveLength(6);
  });
});

describe('the demo in the page language', () => {
  const CYRILLIC = /[А-Яа-яЁёІіЇїЄє]/;
  async function demoIn(language?: string) {
    const res = await server.call('POST', `/Account/DemoLogin${language ? `?language=${language}` : ''}`);
    expect(res.status, language).toBe(200);
    const token = res.body.token as string;
    const me = (await server.call('GET', '/Account/CurrentUser', { token })).body;
    const titles = (await server.call('GET', '/Flows?pageSize=100', { token })).body.flows.map((f: { title: string }) => f.title).join(' | ');
    const log = JSON.stringify((await server.call('GET', '/Messages?pageSize=20', { token })).body);
    return { me, titles, log };
  }

  it('signs /demo into the demo owner of the page language, whose salon speaks it (ru without one)', async () => {
    const ru = await demoIn();
    expect(ru.me).toMatchObject({ email: DEMO.email, language: 'ru' });
    expect(ru.titles).toMatch(CYRILLIC);
    const started = performance.now();
    const en = await demoIn('en');
    console.log(`first English demo sign-in (creates and builds it): ${(performance.now() - started).toFixed(0)} ms`);
    expect(en.me).toMatchObject({ email: 'demo-en@cabinet.local', language: 'en' });
    expect(en.titles).not.toMatch(CYRILLIC);
    expect(en.log).not.toMatch(CYRILLIC);
    expect(en.log).toMatch(/"phone|recipient/);
    const pt = await demoIn('pt_br');
    expect(pt.me.language).toBe('pt_br');
    expect(pt.titles).not.toMatch(CYRILLIC);
    expect((await demoIn('uk')).me.language).toBe('uk');
    // Built once per process: a second sign-in finds the same owner.
    expect((await demoIn('en')).me.id).toBe(en.me.id);
  });

  it('refuses a language it does not know, and no demo owner can be deleted', async () => {
    expect((await server.call('POST', '/Account/DemoLogin?language=xx')).status).toBe(400);
    const { token } = await server.login('demo-en@cabinet.local', 'demo123');
    const res = await server.call('POST', '/Account/Delete', { token, body: { password: 'demo123', confirmation: 'demo-en@cabinet.local' } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('demoAccountLocked');
  });
});
