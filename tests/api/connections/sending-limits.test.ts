// Numbers that don't get banned (issue 17, docs/connections.md "Sending and pacing"), with the test clock: the
// warm-up's daily cap (20 on the first day, doubling), quiet hours in the owner's time zone, the automatic pause on
// a ban answer and on a run of failures, and the owner's Resume, against the WAHA double.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WahaFake } from '../../fakes/waha-fake.ts';
import type { TestServer } from '../harness.ts';
import { advance, book, DAY, flow, HOUR, messagesOf, nowSec, owner, type Owner } from '../delivery/support.ts';
import { phones, sendingServer, type Sending } from './sending-support.ts';

let setup: Sending;
let server: TestServer;
let fake: WahaFake;

beforeAll(async () => {
  setup = await sendingServer({ WAHA_PER_MINUTE: '3000', DELIVERY_BATCH_SIZE: '50' }, 100);
  ({ server, fake } = setup);
}, 120_000);
afterAll(async () => setup?.close());

const clientPhone = phones('7917');
const linkedNumber = (...args: Parameters<Sending['linkedNumber']>) => setup.linkedNumber(...args);
const sending = (o: Owner, id: number) => server.call('GET', `/Accounts/WhatsApp/${id}/Sending`, { token: o.token });
const statuses = async (o: Owner) => (await messagesOf(server, o)).map((m) => m.status);
const count = (list: string[], status: string) => list.filter((s) => s === status).length;

describe('daily cap with warm-up, quiet hours', () => {
  it('a new number sends 20 on its first day, 40 on the second; the rest waits for the next morning; nothing at night', async () => {
    // The clock: 2026-11-01 09:00 UTC = 12:00 in Moscow (the owners' zone).
    const o = await owner(server);
    const id = await linkedNumber(o, '79170000001');
    expect((await sending(o, id)).body).toEqual({ id, paused: false, pauseReason: null, pauseDetail: null, pausedUnixTime: null, warmupDay: null, dailyCap: 20, sentToday: 0, warmupDone: false });
    await flow(server, o, 'newRecord');
    for (let i = 0; i < 45; i++) await book(server, o, nowSec(server) + 2 * DAY, { phone: clientPhone() });
    await advance(server, 1);
    let all = await messagesOf(server, o);
    expect(count(all.map((m) => m.status), 'sent')).toBe(20);
    const waiting = all.filter((m) => m.status === 'queued');
    expect(waiting).toHaveLength(25);
    // Tomorrow 08:00 in Moscow = 05:00 UTC.
    expect(new Set(waiting.map((m) => [m.reason, m.plannedAt.toISOString(), m.connectionId].join()))).toEqual(new Set([`number daily cap reached,2026-11-02T05:00:00.000Z,${id}`]));
    expect((await sending(o, id)).body).toMatchObject({ warmupDay: 1, dailyCap: 20, sentToday: 20 });

    // 07:00 in Moscow the next day: the day's cap is new, but the quiet hours hold it.
    await advance(server, 19 * HOUR);
    expect(count(await statuses(o), 'sent')).toBe(20);
    // 08:00: day 2 of the warm-up, 40 a day: the 25 leave.
    await advance(server, HOUR);
    all = await messagesOf(server, o);
    expect(count(all.map((m) => m.status), 'sent')).toBe(45);
    expect((await sending(o, id)).body).toMatchObject({ warmupDay: 2, dailyCap: 40, sentToday: 25, warmupDone: false });
    expect(fake.sent.filter((s) => s.session === `c${id}`)).toHaveLength(45);

    // 23:00: a new booking's notice waits for 08:00.
    await advance(server, 15 * HOUR);
    await book(server, o, nowSec(server) + 2 * DAY, { phone: clientPhone() });
    await advance(server, 1);
    const last = (await messagesOf(server, o)).at(-1)!;
    expect([last.status, last.reason, last.plannedAt.toISOString()]).toEqual(['queued', 'quiet hours', '2026-11-03T05:00:00.000Z']);
    await advance(server, 9 * HOUR);
    expect((await messagesOf(server, o)).at(-1)!.status).toBe('sent');

    // Day 5 still ramps (320); day 6 reaches the full cap and the warm-up is over (the screen says so).
    await advance(server, 2 * DAY);
    expect((await sending(o, id)).body).toMatchObject({ warmupDay: 5, dailyCap: 320, warmupDone: false });
    await advance(server, DAY);
    expect((await sending(o, id)).body).toMatchObject({ warmupDay: 6, dailyCap: 500, warmupDone: true });
  });
});

describe('automatic pause and resume', () => {
  it('a ban answer pauses the number at once: its messages wait, Home warns, Resume sends them', async () => {
    const o = await owner(server);
    const id = await linkedNumber(o, '79170000101');
    await flow(server, o, 'newRecord');
    fake.refuseNext(1, 400, 'This account is temporarily banned');
    for (let i = 0; i < 3; i++) await book(server, o, nowSec(server) + 2 * DAY, { phone: clientPhone() });
    await advance(server, 1);
    await advance(server, 1);
    const all = await messagesOf(server, o);
    expect(all.map((m) => [m.status, m.reason])).toEqual([
      ['failed', 'number blocked: This account is temporarily banned'],
      ['queued', 'waiting: WhatsApp number paused'],
      ['queued', 'waiting: WhatsApp number paused'],
    ]);
    const state = (await sending(o, id)).body;
    expect(state).toMatchObject({ paused: true, pauseReason: 'blocked', pauseDetail: 'This account is temporarily banned', pausedUnixTime: nowSec(server) - 1 });
    expect((await server.call('GET', '/Home', { token: o.token })).body.sending).toEqual({ warning: true, waiting: 2, disconnected: 0, paused: 1 });
    // The header bell's count: the paused number (linked, so not counted as unlinked).
    expect((await server.call('GET', '/Accounts/Sending', { token: o.token })).body.whatsApp).toEqual({ notLinked: 0, paused: 1 });

    const resumed = await server.call('POST', `/Accounts/WhatsApp/${id}/Resume`, { token: o.token });
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ paused: false, pauseReason: null, pauseDetail: null, pausedUnixTime: null });
    await advance(server, 1);
    expect(await statuses(o)).toEqual(['failed', 'sent', 'sent']);
    expect((await server.call('GET', '/Home', { token: o.token })).body.sending.warning).toBe(false);
    expect((await server.call('GET', '/Accounts/Sending', { token: o.token })).body.whatsApp).toEqual({ notLinked: 0, paused: 0 });
  });

  it('five final failures in a row pause the number (failureSpike); a success in between resets the run', async () => {
    const o = await owner(server);
    const id = await linkedNumber(o, '79170000201');
    await flow(server, o, 'newRecord');
    const bookings = async (n: number) => {
      for (let i = 0; i < n; i++) await book(server, o, nowSec(server) + 2 * DAY, { phone: clientPhone() });
      await advance(server, 1);
    };
    fake.refuseNext(4, 400, 'Unknown error');
    await bookings(4);
    expect((await sending(o, id)).body.paused).toBe(false);
    await bookings(1);
    expect(await statuses(o)).toEqual(['failed', 'failed', 'failed', 'failed', 'sent']);
    fake.refuseNext(5, 400, 'Unknown error');
    await bookings(5);
    expect((await sending(o, id)).body).toMatchObject({ paused: true, pauseReason: 'failureSpike', pauseDetail: null });
    await bookings(1);
    expect((await messagesOf(server, o)).slice(5).map((m) => [m.status, m.reason])).toEqual([
      ...Array.from({ length: 5 }, () => ['failed', 'rejected: Bad Request']),
      ['queued', 'waiting: WhatsApp number paused'],
    ]);
  });

  it("Resume is the owner's only: another owner's number is 404, a number not paused answers its state", async () => {
    const a = await owner(server);
    const b = await owner(server);
    const id = await linkedNumber(a, '79170000301');
    expect((await server.call('POST', `/Accounts/WhatsApp/${id}/Resume`, { token: b.token })).status).toBe(404);
    expect((await server.call('GET', `/Accounts/WhatsApp/${id}/Sending`, { token: b.token })).status).toBe(404);
    const own = await server.call('POST', `/Accounts/WhatsApp/${id}/Resume`, { token: a.token });
    expect([own.status, own.body.paused]).toEqual([200, false]);
  });
});
