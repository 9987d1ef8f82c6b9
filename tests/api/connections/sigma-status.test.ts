// Sigma SMS statuses (issue 17, docs/connections.md "Sigma SMS"): Sigma has no status callback, so the engine's tick
// asks `GET /api/sendings/{id}` about the Sigma messages still `sent` (at most one round per 30 s, from 30 s after the
// send): delivered → `delivered`, failed / undelivered / rejected → `failed` with Sigma's error as the reason, pending
// → asked again next round; a settled message is not asked again; one sign-in token reused, fetched again on a 401;
// requests a few per second at most.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSigmaFake, type SigmaFake } from '../../fakes/sigma-fake.ts';
import type { TestServer } from '../harness.ts';
import { advance, book, DAY, flow, messagesOf, nowSec, owner, type Owner } from '../delivery/support.ts';
import { phones, sendingServer, type Sending } from './sending-support.ts';

let setup: Sending;
let server: TestServer;
let sigma: SigmaFake;

beforeAll(async () => {
  sigma = await startSigmaFake();
  setup = await sendingServer({ SIGMA_API_URL: sigma.url, PUBLIC_ORIGIN: 'https://cabinet.example' }, 50);
  server = setup.server;
}, 120_000);
afterAll(async () => {
  await setup?.close();
  await sigma?.close();
});

const clientPhone = phones('7925');

async function sigmaOwner(): Promise<Owner & { login: string }> {
  const o = await owner(server);
  const login = `poll${o.id}`;
  sigma.accounts.set(login, { password: 'pass-secret-1', senders: ['Salon'] });
  expect((await server.call('POST', '/Accounts/Sigma', { token: o.token, body: { login, password: 'pass-secret-1', sender: 'Salon' } })).status).toBe(201);
  expect((await server.call('PUT', '/Accounts/Sending', { token: o.token, body: { fallbackOrder: ['sms'] } })).status).toBe(200);
  await flow(server, o, 'newRecord');
  return { ...o, login };
}
const statusGets = () => sigma.calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/sendings/'));
const logins = () => sigma.calls.filter((c) => c.path === '/api/login').length;
/** Books `count` clients of the owner's flow and runs the engine once: the sendings Sigma received from it. */
async function sendSms(o: Owner & { login: string }, count: number) {
  for (let i = 0; i < count; i++) await book(server, o, nowSec(server) + 2 * DAY, { phone: clientPhone() });
  await advance(server, 1);
  const sent = sigma.sent.filter((s) => s.login === o.login);
  expect(sent).toHaveLength(count);
  return sent;
}
const byProviderId = async (o: Owner) => new Map((await messagesOf(server, o)).map((m) => [m.providerMessageId!, m]));

describe('polling Sigma for statuses', () => {
  it('moves sent messages to delivered and failed after polls, asks again about pending ones only', async () => {
    const o = await sigmaOwner();
    const sent = await sendSms(o, 3);
    expect((await messagesOf(server, o)).map((m) => [m.status, m.channel])).toEqual(sent.map(() => ['sent', 'sigma']));
    const [delivered, failed, pending] = sent as [(typeof sent)[0], (typeof sent)[0], (typeof sent)[0]];

    sigma.settle(delivered.id, 'delivered');
    sigma.settle(failed.id, 'undelivered', 'Subscriber is unavailable');
    const [getsBefore, loginsBefore] = [statusGets().length, logins()];
    await advance(server, 60);
    let rows = await byProviderId(o);
    expect(rows.get(delivered.id)).toMatchObject({ status: 'delivered', deliveredAt: new Date(server.clock.now()) });
    expect(rows.get(failed.id)).toMatchObject({ status: 'failed', reason: 'Sigma: Subscriber is unavailable', failedAt: new Date(server.clock.now()) });
    expect(rows.get(pending.id)).toMatchObject({ status: 'sent' });
    const gets = statusGets().slice(getsBefore);
    expect(gets.map((g) => [g.path, g.status]).sort()).toEqual(sent.map((s) => [`/api/sendings/${s.id}`, 200]).sort());
    // A few a second at most, and one sign-in for the round.
    for (let i = 1; i < gets.length; i++) expect(gets[i]!.at - gets[i - 1]!.at).toBeGreaterThanOrEqual(180);
    expect(logins() - loginsBefore).toBe(1);

    // Within 30 s of the last round nothing is asked; the next round asks only about the pending one.
    sigma.settle(pending.id, 'rejected');
    await advance(server, 10);
    expect(statusGets().length).toBe(getsBefore + 3);
    await advance(server, 30);
    expect(statusGets().slice(getsBefore + 3).map((g) => g.path)).toEqual([`/api/sendings/${pending.id}`]);
    rows = await byProviderId(o);
    expect(rows.get(pending.id)).toMatchObject({ status: 'failed', reason: 'Sigma: rejected' });
    expect(logins() - loginsBefore).toBe(1); // the token was reused
  }, 30_000);

  it('a new message is not asked about in its first 30 s; an expired token is fetched again once', async () => {
    const o = await sigmaOwner();
    await book(server, o, nowSec(server) + 2 * DAY, { phone: clientPhone() });
    await advance(server, 31); // a new round may start here, before the message is sent
    await advance(server, 1);
    const [sent] = sigma.sent.filter((s) => s.login === o.login);
    expect(sent).toBeDefined();
    const getsBefore = statusGets().length;
    const asked = () => statusGets().slice(getsBefore).filter((g) => g.path.endsWith(sent!.id)).map((g) => g.status);
    await advance(server, 20); // under 30 s since the send: not yet
    expect(asked()).toEqual([]);
    await advance(server, 20); // asked: still pending, and the round's token is kept
    expect(asked()).toEqual([200]);
    expect((await byProviderId(o)).get(sent!.id)).toMatchObject({ status: 'sent' });

    sigma.settle(sent!.id, 'delivered');
    sigma.expireTokens();
    const loginsBefore = logins();
    await advance(server, 40);
    expect((await byProviderId(o)).get(sent!.id)).toMatchObject({ status: 'delivered' });
    expect(asked()).toEqual([200, 401, 200]);
    expect(logins() - loginsBefore).toBe(1);
  }, 30_000);

  it('an account that can no longer sign in: one attempt a round, its messages stay sent', async () => {
    const o = await sigmaOwner();
    const sent = await sendSms(o, 2);
    sigma.accounts.get(o.login)!.password = 'changed-in-sigma';
    sigma.expireTokens();
    const [getsBefore, loginsBefore] = [statusGets().length, logins()];
    await advance(server, 60);
    expect(logins() - loginsBefore).toBe(1);
    expect(statusGets().slice(getsBefore).filter((g) => sent.some((s) => g.path.endsWith(s.id)))).toEqual([]);
    expect((await messagesOf(server, o)).map((m) => m.status)).toEqual(['sent', 'sent']);
  }, 30_000);
});
