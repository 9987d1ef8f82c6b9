// amoCRM (issue 19, docs/amo.md) against the double: the consent's state, connecting (§8 "missing amo connection
// parameters", an expired code), the single-use refresh token (two refreshes at once spend it once; revoked →
// tokenRejected), visits pushed as contact + lead once, the status webhook moving a visit and firing its flow, the
// webhook's URL secret checked before the body, another owner's nothing, tokens sealed at rest.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRecords } from '../../../src/server/modules/booking/schema.ts';
import { connections, connectionSecrets } from '../../../src/server/modules/connections/schema.ts';
import { accessToken } from '../../../src/server/modules/connections/amo/tokens.ts';
import { claimDueOutbox, outboxRetry, outboxSent } from '../../../src/server/modules/connections/amo/store.ts';
import { startAmoFake, type AmoFake } from '../../fakes/amo-fake.ts';
import { startServer, TestClock, type TestServer } from '../harness.ts';
import { book, DAY, flow, messagesOf, nowSec, owner, type Owner } from '../delivery/support.ts';

const ORIGIN = 'https://cabinet.example';
let server: TestServer;
let fake: AmoFake;
let seq = 0;

beforeAll(async () => {
  const clock = new TestClock();
  fake = await startAmoFake({ redirectUri: `${ORIGIN}/accounts/amo/connect` });
  Object.defineProperty(fake.clock, 'ms', { get: () => clock.ms });
  server = await startServer({
    clock,
    env: {
      PUBLIC_ORIGIN: ORIGIN,
      DELIVERY_INTERVAL_MS: '0',
      ACCESS_TOKEN_TTL_SECONDS: '3650d',
      AMO_CLIENT_ID: fake.clientId,
      AMO_CLIENT_SECRET: fake.clientSecret,
      AMO_API_ORIGIN: `${fake.url}/{subdomain}`,
    },
  });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

function account() {
  const subdomain = `salon${++seq}`;
  fake.accounts.set(subdomain, {
    pipelines: [{ id: 10, name: 'Visits', _embedded: { statuses: [{ id: 101, name: 'New' }, { id: 102, name: 'Confirmed' }, { id: 103, name: 'Came' }, { id: 143, name: 'Lost' }] } }],
    leads: new Map(),
    contacts: new Map(),
    webhooks: [],
  });
  return subdomain;
}
const stateOf = async (o: Owner) => new URL((await server.call('POST', '/Accounts/Amo/Authorize', { token: o.token })).body.url).searchParams.get('state')!;
const connect = (o: Owner, body: Record<string, unknown>) => server.call('POST', '/Accounts/Amo/Connect', { token: o.token, body });
async function connected(o: Owner) {
  const subdomain = account();
  const res = await connect(o, { code: fake.issueCode(subdomain), referer: `${subdomain}.amocrm.ru`, state: await stateOf(o) });
  expect(res.status).toBe(200);
  return { subdomain, id: res.body.connection.id as number, webhookUrl: res.body.connection.webhookUrl as string };
}
const postForm = (path: string, form: string, headers: Record<string, string> = {}) =>
  fetch(server.base + path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: form });

describe('connecting amoCRM', () => {
  it('authorize gives the consent URL with a state; connect reads the pipelines and registers the webhook; tokens are sealed, never returned', async () => {
    const o = await owner(server);
    expect((await server.call('GET', '/Accounts/Amo', { token: o.token })).body).toEqual({ configured: true, connection: null });
    const url = new URL((await server.call('POST', '/Accounts/Amo/Authorize', { token: o.token })).body.url);
    expect(url.searchParams.get('client_id')).toBe(fake.clientId);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{32}$/);
    const subdomain = account();
    const res = await connect(o, { code: fake.issueCode(subdomain), referer: `${subdomain}.amocrm.ru`, state: url.searchParams.get('state') });
    expect(res).toMatchObject({ status: 200, body: { connection: { subdomain, state: 'Connected', pipelines: [{ id: 10, statuses: [{ id: 101 }, { id: 102 }, { id: 103 }, { id: 143 }] }], statusMap: [], pending: 0 } } });
    expect(fake.accounts.get(subdomain)!.webhooks).toEqual([res.body.connection.webhookUrl]);
    const [row] = await server.api.db.select().from(connectionSecrets).where(eq(connectionSecrets.connectionId, res.body.connection.id));
    const tokens = [...fake.calls].length; // (touch: the double has answered)
    expect(tokens).toBeGreaterThan(0);
    const creds = await accessToken(server.api.db, server.api.config, res.body.connection.id);
    if (!('creds' in creds)) throw new Error('no tokens');
    for (const secret of [creds.creds.accessToken, creds.creds.refreshToken]) {
      expect(row!.sealed).not.toContain(secret);
      expect(JSON.stringify((await server.call('GET', '/Accounts/Amo', { token: o.token })).body)).not.toContain(secret);
    }
    // The state was single-use.
    expect(await connect(o, { code: fake.issueCode(subdomain), referer: `${subdomain}.amocrm.ru`, state: url.searchParams.get('state') })).toMatchObject({ status: 400, body: { errors: [{ field: 'state', code: 'amoParametersMissing' }] } });
  });

  it('§8 missing amo connection parameters: each missing or invalid parameter is a 400 naming it; nothing connected', async () => {
    const o = await owner(server);
    const subdomain = account();
    const state = await stateOf(o);
    const good = { code: fake.issueCode(subdomain), referer: `${subdomain}.amocrm.ru`, state };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, code: undefined }, 'code'],
      [{ ...good, code: '  ' }, 'code'],
      [{ ...good, referer: undefined }, 'referer'],
      [{ ...good, referer: 'evil.example.com' }, 'referer'],
      [{ ...good, referer: `${subdomain}.amocrm.ru.evil.com` }, 'referer'],
      [{ ...good, referer: `https://${subdomain}.amocrm.ru/x` }, 'referer'],
      [{ ...good, state: undefined }, 'state'],
      [{ ...good, state: 'forged-state' }, 'state'],
    ];
    for (const [body, field] of cases) {
      expect(await connect(o, body), JSON.stringify(body)).toMatchObject({ status: 400, body: { errors: [{ field, code: 'amoParametersMissing' }] } });
    }
    // Another owner's state is not this owner's.
    const other = await owner(server);
    expect(await connect(other, good)).toMatchObject({ status: 400, body: { errors: [{ field: 'state' }] } });
    expect((await server.call('GET', '/Accounts/Amo', { token: o.token })).body.connection).toBeNull();
    expect(await connect(o, good)).toMatchObject({ status: 200 });
  });

  it('two consents finishing at once (two tabs) leave one connection', async () => {
    const o = await owner(server);
    const subdomain = account();
    const [s1, s2] = [await stateOf(o), await stateOf(o)];
    const both = await Promise.all([s1, s2].map((state) => connect(o, { code: fake.issueCode(subdomain), referer: `${subdomain}.amocrm.ru`, state })));
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const rows = await server.api.db.select().from(connections).where(and(eq(connections.userId, o.id), eq(connections.kind, 'amo')));
    expect(rows).toHaveLength(1);
  });

  it('a code older than 20 minutes is refused at the code', async () => {
    const o = await owner(server);
    const subdomain = account();
    const code = fake.issueCode(subdomain);
    const state = await stateOf(o);
    server.clock.advance(21 * 60);
    const stateAfter = await stateOf(o);
    expect(await connect(o, { code, referer: `${subdomain}.amocrm.ru`, state: stateAfter })).toMatchObject({ status: 400, body: { errors: [{ field: 'code', code: 'amoCodeRejected' }] } });
    // The first state expired with it (20 minutes).
    expect(await connect(o, { code: fake.issueCode(subdomain), referer: `${subdomain}.amocrm.ru`, state })).toMatchObject({ status: 400, body: { errors: [{ field: 'state' }] } });
  });
});

describe('tokens', () => {
  it('an expired access token is refreshed once even when two callers need it at once; the new pair is kept', async () => {
    const o = await owner(server);
    const { id } = await connected(o);
    server.clock.advance(2 * DAY);
    const before = fake.refreshes;
    const [a, b] = await Promise.all([accessToken(server.api.db, server.api.config, id), accessToken(server.api.db, server.api.config, id)]);
    expect(fake.refreshes - before).toBe(1);
    if (!('creds' in a) || !('creds' in b)) throw new Error(`not refreshed: ${JSON.stringify([a, b])}`);
    expect(a.creds.accessToken).toBe(b.creds.accessToken);
    // The next expiry spends the new refresh token (the old one would be "revoked").
    server.clock.advance(2 * DAY);
    const c = await accessToken(server.api.db, server.api.config, id);
    expect('creds' in c && c.creds.accessToken !== a.creds.accessToken).toBe(true);
    expect((await server.call('GET', '/Accounts/Amo', { token: o.token })).body.connection.state).toBe('Connected');
  });

  it('the keep-alive refreshes a pair nobody used for 30 days, so the 3-month refresh token never lapses', async () => {
    const o = await owner(server);
    const { id } = await connected(o);
    const secretOf = async () => (await server.api.db.select().from(connectionSecrets).where(eq(connectionSecrets.connectionId, id)))[0]!;
    const before = await secretOf();
    server.clock.advance(31 * DAY);
    await server.api.delivery.tick();
    const after = await secretOf();
    expect(after.sealed).not.toBe(before.sealed);
    expect(after.updatedAt.getTime()).toBe(server.clock.now());
    expect((await server.call('GET', '/Accounts/Amo', { token: o.token })).body.connection).toMatchObject({ state: 'Connected', tokenExpiresUnixTime: nowSec(server) + 86400 });
  });

  it('a revoked refresh token turns the connection to tokenRejected (connect again)', async () => {
    const o = await owner(server);
    const { subdomain, id } = await connected(o);
    fake.revoke(subdomain);
    server.clock.advance(2 * DAY);
    expect(await accessToken(server.api.db, server.api.config, id)).toEqual({ rejected: true });
    expect((await server.call('GET', '/Accounts/Amo', { token: o.token })).body.connection).toMatchObject({ state: 'tokenRejected', lastError: 'amoTokenRejected' });
    // Visits wait meanwhile; connecting again brings it back and they go.
    await book(server, o, nowSec(server) + 2 * DAY);
    await server.api.delivery.tick();
    expect(fake.accounts.get(subdomain)!.leads.size).toBe(0);
    const again = await connect(o, { code: fake.issueCode(subdomain), referer: `${subdomain}.amocrm.ru`, state: await stateOf(o) });
    expect(again.body.connection).toMatchObject({ id, state: 'Connected', lastError: null, pending: 1 });
    await server.api.delivery.tick();
    expect(fake.accounts.get(subdomain)!.leads.size).toBe(1);
  });
});

describe('visits in amoCRM', () => {
  it('a visit becomes a contact and a lead, once; the next visit of the client names the same contact', async () => {
    const o = await owner(server);
    const { subdomain } = await connected(o);
    const acc = fake.accounts.get(subdomain)!;
    await book(server, o, nowSec(server) + 2 * DAY, { name: 'Anna' });
    expect((await server.call('GET', '/Accounts/Amo', { token: o.token })).body.connection.pending).toBe(1);
    await server.api.delivery.tick();
    expect([...acc.contacts.values()]).toEqual([expect.objectContaining({ name: 'Anna', phone: '+79161234567' })]);
    expect([...acc.leads.values()]).toEqual([expect.objectContaining({ name: expect.stringMatching(/^Visit \d{2}\.\d{2}\.\d{4}$/), price: 0 })]);
    const complexCalls = () => fake.calls.filter((c) => c.path === `/${subdomain}/api/v4/leads/complex`).length;
    await server.api.delivery.tick();
    expect(complexCalls()).toBe(1);
    const service = await server.call('POST', '/Booking/Services', { token: o.token, body: { title: 'Haircut', price: 1500 } });
    const second = await book(server, o, nowSec(server) + 3 * DAY, { name: 'Anna', serviceIds: [service.body.id] });
    await server.api.delivery.tick();
    expect(acc.leads.size).toBe(2);
    const lead = [...acc.leads.values()].at(-1)!;
    expect(lead).toMatchObject({ name: expect.stringMatching(/^Haircut \d{2}\.\d{2}\.\d{4}$/), price: 1500 });
    // A move updates the same lead.
    expect((await server.call('POST', `/Booking/Records/${second.id}/Move`, { token: o.token, body: { startUnixTime: nowSec(server) + 5 * DAY } })).status).toBe(200);
    await server.api.delivery.tick();
    expect(acc.leads.size).toBe(2);
    expect(lead.name).not.toBe([...acc.leads.values()][0]!.name);
    expect(complexCalls()).toBe(2);
    expect(acc.contacts.size).toBe(1);
    expect(new Set([...acc.leads.values()].map((l) => l.contactId)).size).toBe(1);
    expect((await server.call('GET', '/Accounts/Amo', { token: o.token })).body.connection).toMatchObject({ pending: 0, lastPushUnixTime: nowSec(server) });
  });

  it('a lead status change moves the visit through the map and fires its flow; the same webhook twice changes nothing', async () => {
    const o = await owner(server);
    const { subdomain, webhookUrl } = await connected(o);
    const map = await server.call('PUT', '/Accounts/Amo/StatusMap', { token: o.token, body: { statusMap: [{ pipelineId: 10, statusId: 143, visitStatus: 'cancelled' }, { pipelineId: 10, statusId: 102, visitStatus: 'confirmed' }] } });
    expect(map).toMatchObject({ status: 200, body: { connection: { statusMap: [{ statusId: 143, visitStatus: 'cancelled' }, { statusId: 102 }] } } });
    await flow(server, o, 'cancelledRecord');
    const visit = await book(server, o, nowSec(server) + 2 * DAY);
    await server.api.delivery.tick();
    const [lead] = [...fake.accounts.get(subdomain)!.leads.values()];
    const path = new URL(webhookUrl).pathname.replace('/api/v1', '');
    const form = new URLSearchParams({ 'leads[status][0][id]': String(lead!.id), 'leads[status][0][status_id]': '143', 'leads[status][0][pipeline_id]': '10', 'leads[status][0][old_status_id]': '101', 'account[subdomain]': subdomain }).toString();
    const first = await postForm(path, form);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ result: 'applied' });
    const [record] = await server.api.db.select().from(bookingRecords).where(eq(bookingRecords.id, visit.id));
    expect(record!.status).toBe('cancelled');
    const notices = async () => (await messagesOf(server, o)).filter((m) => m.kind === 'cancelledRecord');
    expect(await notices()).toHaveLength(1);
    expect(await (await postForm(path, form)).json()).toEqual({ result: 'ignored' });
    expect(await notices()).toHaveLength(1);
    // An unmapped status, a lead we did not create: ignored.
    const other = new URLSearchParams({ 'leads[status][0][id]': '999999', 'leads[status][0][status_id]': '143', 'leads[status][0][pipeline_id]': '10' }).toString();
    expect(await (await postForm(path, other)).json()).toEqual({ result: 'ignored' });
  });

  it('a CRM outage or a 429 never blocks a booking: the push waits (backing off) and goes once amoCRM answers', async () => {
    const o = await owner(server);
    const { subdomain } = await connected(o);
    const acc = fake.accounts.get(subdomain)!;
    fake.failNext(subdomain, 1, 503);
    await book(server, o, nowSec(server) + 2 * DAY);
    await server.api.delivery.tick();
    expect(acc.leads.size).toBe(0);
    expect((await server.call('GET', '/Accounts/Amo', { token: o.token })).body.connection).toMatchObject({ pending: 1, lastError: 'providerUnavailable', state: 'Connected' });
    await server.api.delivery.tick(); // not due yet: the back-off holds it
    expect(acc.leads.size).toBe(0);
    server.clock.advance(2);
    fake.failNext(subdomain, 1, 429);
    await server.api.delivery.tick();
    expect(acc.leads.size).toBe(0);
    server.clock.advance(4);
    await server.api.delivery.tick();
    expect(acc.leads.size).toBe(1);
    expect((await server.call('GET', '/Accounts/Amo', { token: o.token })).body.connection).toMatchObject({ pending: 0, lastError: null });
  });

  it('an account not answering waits whole: its other visits are not tried in the same tick (no tick held by timeouts)', async () => {
    const o = await owner(server);
    const { subdomain } = await connected(o);
    const acc = fake.accounts.get(subdomain)!;
    await book(server, o, nowSec(server) + 2 * DAY, { name: 'Ann' });
    await book(server, o, nowSec(server) + 3 * DAY, { name: 'Ann' });
    fake.failNext(subdomain, 1, 503);
    const calls = () => fake.calls.filter((c) => c.path === `/${subdomain}/api/v4/leads/complex`).length;
    await server.api.delivery.tick();
    expect(calls()).toBe(1);
    expect(acc.leads.size).toBe(0);
    server.clock.advance(2);
    await server.api.delivery.tick();
    expect(acc.leads.size).toBe(2);
  });

  it('a change while a worker pushes the visit waits for that push: a second worker never creates a second lead', async () => {
    const o = await owner(server);
    const { subdomain, id } = await connected(o);
    const acc = fake.accounts.get(subdomain)!;
    const visit = await book(server, o, nowSec(server) + 2 * DAY);
    // Worker 1 claims the visit (and is still pushing it)…
    const now = server.clock.now();
    const claimed = await claimDueOutbox(server.api.db, new Date(now), new Date(now + 15 * 60_000), 50);
    for (const r of claimed.filter((c) => c.connectionId !== id)) await outboxRetry(server.api.db, r.recordId, r.attempts, new Date(now));
    const mine = claimed.find((c) => c.recordId === visit.id)!;
    expect(mine).toBeDefined();
    // …when the owner moves it: worker 2's tick must not push it at the same time.
    expect((await server.call('POST', `/Booking/Records/${visit.id}/Move`, { token: o.token, body: { startUnixTime: nowSec(server) + 4 * DAY } })).status).toBe(200);
    const complex = () => fake.calls.filter((c) => c.path === `/${subdomain}/api/v4/leads/complex`).length;
    await server.api.delivery.tick();
    expect(complex()).toBe(0);
    // Worker 1 finishes (as if its lead were saved): the change is released and pushed next.
    await outboxSent(server.api.db, mine, new Date(now));
    await server.api.delivery.tick();
    expect(complex()).toBe(1);
    expect(acc.leads.size).toBe(1);
  });

  it('a status the account lacks is a 400 naming the entry; nothing saved', async () => {
    const o = await owner(server);
    await connected(o);
    expect(await server.call('PUT', '/Accounts/Amo/StatusMap', { token: o.token, body: { statusMap: [{ pipelineId: 10, statusId: 102, visitStatus: 'confirmed' }, { pipelineId: 10, statusId: 999, visitStatus: 'arrived' }] } })).toMatchObject({ status: 400, body: { errors: [{ field: 'statusMap.1', code: 'amoStatusUnknown' }] } });
    expect(await server.call('PUT', '/Accounts/Amo/StatusMap', { token: o.token, body: { statusMap: [{ pipelineId: 10, statusId: 102, visitStatus: 'late' }] } })).toMatchObject({ status: 400 });
    expect((await server.call('GET', '/Accounts/Amo', { token: o.token })).body.connection.statusMap).toEqual([]);
  });
});

describe('the webhook and other owners', () => {
  it('a wrong or unknown URL secret is 404 whatever the body (malformed, 2 MB)', async () => {
    const o = await owner(server);
    const { id, webhookUrl } = await connected(o);
    const secret = new URL(webhookUrl).pathname.split('.').at(-1)!;
    const wrong = [`/Webhooks/amo/${id}.${'A'.repeat(secret.length)}`, `/Webhooks/amo/${id + 1000}.${secret}`, '/Webhooks/amo/nonsense'];
    for (const path of wrong) {
      expect((await postForm(path, '%%%not a form')).status, path).toBe(404);
      expect((await postForm(path, 'a='.padEnd(2 * 1024 * 1024, 'x'))).status, path).toBe(404);
      expect((await fetch(server.base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' })).status, path).toBe(404);
    }
  });

  it('the right secret: a malformed form is read as nothing (ignored), over 64 KB is 413, JSON is refused', async () => {
    const o = await owner(server);
    const { webhookUrl } = await connected(o);
    const path = new URL(webhookUrl).pathname.replace('/api/v1', '');
    const malformed = await postForm(path, '%%%not a form&leads[status][0][id]=abc');
    expect(malformed.status).toBe(200);
    expect(await malformed.json()).toEqual({ result: 'ignored' });
    expect((await postForm(path, 'a='.padEnd(2 * 1024 * 1024, 'x'))).status).toBe(413);
    expect((await fetch(server.base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(415);
  });

  it("another owner sees no connection and cannot change or remove one; removing forgets it", async () => {
    const o = await owner(server);
    await connected(o);
    const other = await owner(server);
    expect((await server.call('GET', '/Accounts/Amo', { token: other.token })).body.connection).toBeNull();
    expect((await server.call('DELETE', '/Accounts/Amo', { token: other.token })).status).toBe(404);
    expect((await server.call('PUT', '/Accounts/Amo/StatusMap', { token: other.token, body: { statusMap: [] } })).status).toBe(404);
    expect((await server.call('DELETE', '/Accounts/Amo', { token: o.token })).status).toBe(204);
    expect((await server.call('GET', '/Accounts/Amo', { token: o.token })).body.connection).toBeNull();
  });
});

describe('without the operator\'s integration', () => {
  it('the overview says so and authorize/connect answer 409 amoNotConfigured', async () => {
    const bare = await startServer({ env: { ACCESS_TOKEN_TTL_SECONDS: '3650d' } });
    try {
      const o = await bare.createUser(`amo-bare-${Date.now()}@example.com`, 'secret12');
      expect((await bare.call('GET', '/Accounts/Amo', { token: o.token })).body).toEqual({ configured: false, connection: null });
      expect(await bare.call('POST', '/Accounts/Amo/Authorize', { token: o.token })).toMatchObject({ status: 409, body: { code: 'amoNotConfigured' } });
      expect(await bare.call('POST', '/Accounts/Amo/Connect', { token: o.token, body: { code: 'x', referer: 'a.amocrm.ru', state: 's' } })).toMatchObject({ status: 409, body: { code: 'amoNotConfigured' } });
    } finally {
      await bare.close();
    }
  }, 60_000);
});
