// WhatsApp numbers (issue 17, docs/connections.md) against the WAHA double with the test clock: the QR lifecycle and
// its 2-minute wait, the 30-minute sharing link, the 30-second pairing code and 3 a day, the account limit, logout
// and delete (the gateway confirms), session.status webhooks, another owner's ids, and the admin instances screen.
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/server/modules/account/schema.ts';
import { connectionQrLinks, connections } from '../../../src/server/modules/connections/schema.ts';
import { startWahaFake, type WahaFake } from '../../fakes/waha-fake.ts';
import { startServer, type TestServer } from '../harness.ts';

const API_KEY = 'waha-api-key';
const HMAC_KEY = 'waha-webhook-key-0123456789';
let server: TestServer;
let fake: WahaFake;
let seq = 0;

beforeAll(async () => {
  fake = await startWahaFake({ apiKey: API_KEY });
  server = await startServer({ env: { WAHA_URL: fake.url, WAHA_API_KEY: API_KEY, WAHA_WEBHOOK_HMAC_KEY: HMAC_KEY, ACCESS_TOKEN_TTL_SECONDS: '3650d' } });
  fake.webhook = { url: `${server.base}/Webhooks/waha`, hmacKey: HMAC_KEY };
}, 120_000);
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const nowS = () => Math.floor(server.clock.now() / 1000);
async function owner(limit = 1) {
  const u = await server.createUser(`wa${++seq}-${Date.now()}@example.com`, 'secret12');
  if (limit !== 1) await server.api.db.update(users).set({ chatApiInstanceLimit: limit }).where(eq(users.id, u.id));
  return u;
}
const add = (token: string, name = '+7 916 000-00-01') => server.call('POST', '/Accounts/WhatsApp', { token, body: { name } });
const qr = (token: string, id: number) => server.call('GET', `/Accounts/WhatsApp/${id}/Qr`, { token });
const code = (token: string, id: number, phone = '+79161234567') => server.call('POST', `/Accounts/WhatsApp/${id}/PairingCode`, { token, body: { phone } });

/** A number whose session waits for a scan. */
async function waiting(token: string) {
  fake.holdStarting = false;
  const res = await add(token);
  expect(res.status).toBe(201);
  return res.body.id as number;
}

describe('the QR lifecycle', () => {
  it('loading while the gateway starts, GotQrCode with the rotating QR, Connected after the scan (webhooks)', async () => {
    const o = await owner();
    fake.holdStarting = true;
    const res = await add(o.token);
    expect(res.status).toBe(201);
    const id = res.body.id as number;
    const session = `c${id}`;
    expect(res.body).toMatchObject({ name: '+7 916 000-00-01', state: 'loading', phone: null, lastError: null, createdUnixTime: nowS() });
    // The session was created with our webhook and its HMAC key.
    expect(fake.sessions.get(session)).toBe('STARTING');
    expect(fake.info.get(session)!.webhooks[0]).toMatchObject({ url: expect.stringMatching(/\/api\/v1\/Webhooks\/waha$/), events: expect.arrayContaining(['session.status']), hmac: { key: HMAC_KEY } });

    server.clock.advance(60);
    expect((await qr(o.token, id)).body).toEqual({ state: 'loading', qr: null, stateChangedUnixTime: nowS() - 60 });

    expect(await fake.setStatus(session, 'SCAN_QR_CODE')).toBe(200);
    let shown = await qr(o.token, id);
    expect(shown.body).toEqual({ state: 'GotQrCode', qr: fake.info.get(session)!.qr, stateChangedUnixTime: nowS() });
    const first = shown.body.qr;
    fake.rotateQr(session);
    shown = await qr(o.token, id);
    expect(shown.body.qr).not.toBe(first);
    expect(shown.body.qr).toBe(fake.info.get(session)!.qr);

    expect(await fake.scan(session, '79161110000')).toBe(200);
    const got = await server.call('GET', `/Accounts/WhatsApp/${id}`, { token: o.token });
    expect(got.body).toMatchObject({ id, state: 'Connected', phone: '79161110000' });
    expect((await qr(o.token, id)).body).toMatchObject({ state: 'Connected', qr: null });
    const list = await server.call('GET', '/Accounts/WhatsApp', { token: o.token });
    expect(list.body).toEqual({ numbers: [got.body], limit: 1 });

    // The admin instances screen shows the new row and its state.
    const admin = await server.createUser(`admin${seq}-${Date.now()}@example.com`, 'secret12', 'admin');
    const instances = await server.call('GET', '/Admin/Instances?state=Connected', { token: admin.token });
    expect(instances.body.instances).toContainEqual(expect.objectContaining({ id, userId: o.id, state: 'Connected', phone: '+7 916 000-00-01' }));
    const diag = await server.call('GET', `/Admin/Users/${o.id}/Diagnostics`, { token: admin.token });
    expect(diag.body.checks.find((c: { code: string }) => c.code === 'whatsAppConnected')).toMatchObject({ ok: true, count: 1, total: 1 });
    expect(diag.body.accounts).toEqual({ chatApi: 1 });
    // Home's step is ticked.
    expect((await server.call('GET', '/Home', { token: o.token })).body.checklist.whatsApp).toBe(true);
  });

  it('a gateway still starting after 2 minutes is an error (qrTimeout); asking again restarts the wait', async () => {
    const o = await owner();
    fake.holdStarting = true;
    const id = (await add(o.token)).body.id as number;
    server.clock.advance(121);
    expect((await qr(o.token, id)).body).toMatchObject({ state: 'error', qr: null });
    expect((await server.call('GET', `/Accounts/WhatsApp/${id}`, { token: o.token })).body).toMatchObject({ state: 'error', lastError: 'qrTimeout' });
    expect((await qr(o.token, id)).body).toEqual({ state: 'loading', qr: null, stateChangedUnixTime: nowS() });
    await fake.setStatus(`c${id}`, 'SCAN_QR_CODE');
    expect((await qr(o.token, id)).body.state).toBe('GotQrCode');
  });

  it('FAILED and STOPPED from the webhook; the QR starts a stopped session again', async () => {
    const o = await owner();
    const id = await waiting(o.token);
    expect(await fake.setStatus(`c${id}`, 'FAILED')).toBe(200);
    expect((await server.call('GET', `/Accounts/WhatsApp/${id}`, { token: o.token })).body).toMatchObject({ state: 'error', lastError: 'sessionFailed' });
    expect(await fake.setStatus(`c${id}`, 'STOPPED')).toBe(200);
    expect((await server.call('GET', `/Accounts/WhatsApp/${id}`, { token: o.token })).body).toMatchObject({ state: 'NotAuthorized', lastError: null });
    expect((await qr(o.token, id)).body.state).toBe('GotQrCode');
    expect(fake.sessions.get(`c${id}`)).toBe('SCAN_QR_CODE');
  });

  it('webhooks: a wrong signature is refused; another session is ignored', async () => {
    const body = JSON.stringify({ event: 'session.status', session: 'c999999', payload: { status: 'WORKING' } });
    const sign = (key: string) => createHmac('sha512', key).update(body).digest('hex');
    const post = (hmac: string) => fetch(`${server.base}/Webhooks/waha`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-webhook-hmac': hmac, 'x-webhook-hmac-algorithm': 'sha512' }, body });
    expect((await post(sign('wrong-key'))).status).toBe(401);
    const ok = await post(sign(HMAC_KEY));
    expect([ok.status, await ok.json()]).toEqual([200, { result: 'ignored' }]);
  });
});

describe('limits', () => {
  it('adding past chatApiInstanceLimit is refused with the §8 text; nothing is added', async () => {
    const o = await owner();
    await waiting(o.token);
    const res = await add(o.token, 'Second');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'accountLimitReached', message: 'Maximum number of accounts reached (1)' });
    expect((await server.call('GET', '/Accounts/WhatsApp', { token: o.token })).body.numbers).toHaveLength(1);
    const two = await owner(2);
    expect((await add(two.token, 'A')).status).toBe(201);
    expect((await add(two.token, 'B')).status).toBe(201);
    expect((await add(two.token, 'C')).status).toBe(409);
    expect((await add(two.token, '   ')).status).toBe(400);
  });

  it('pairing codes: valid 30 seconds, 3 a day per number, then 429 naming the limit', async () => {
    const o = await owner();
    const id = await waiting(o.token);
    const bad = await code(o.token, id, '12');
    expect([bad.status, bad.body.message]).toEqual([400, expect.stringContaining('phone')]);
    for (const left of [2, 1, 0]) {
      const res = await code(o.token, id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: fake.info.get(`c${id}`)!.codes.at(-1)!.code, expiresUnixTime: nowS() + 30, attemptsLeft: left });
      expect(fake.info.get(`c${id}`)!.codes.at(-1)!.phoneNumber).toBe('79161234567');
      server.clock.advance(3600);
    }
    const refused = await code(o.token, id);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'pairingCodeLimit', message: 'At most 3 codes a day for one number; try again in 21 h' });
    expect(Number(refused.headers.get('retry-after'))).toBe(21 * 3600);
    expect(fake.info.get(`c${id}`)!.codes).toHaveLength(3);
    server.clock.advance(21 * 3600 + 1); // the first code is a day old
    expect((await code(o.token, id)).body.attemptsLeft).toBe(0);
  });

  it('requests at once: the limit holds (3 codes of 5; 1 number of 3 adds)', async () => {
    const o = await owner();
    const id = await waiting(o.token);
    const codes = await Promise.all(Array.from({ length: 5 }, () => code(o.token, id)));
    expect(codes.map((r) => r.status).sort()).toEqual([200, 200, 200, 429, 429]);
    const p = await owner();
    const adds = await Promise.all(['a', 'b', 'c'].map((name) => add(p.token, name)));
    expect(adds.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  it('a code for a linked number is refused (409 notWaitingForLink) and does not count', async () => {
    const o = await owner();
    const id = await waiting(o.token);
    await fake.scan(`c${id}`);
    expect((await code(o.token, id)).body.code).toBe('notWaitingForLink');
    expect(fake.info.get(`c${id}`)!.codes).toEqual([]);
    await fake.setStatus(`c${id}`, 'STOPPED');
    await qr(o.token, id); // started again: waits for a scan
    expect((await code(o.token, id)).body.attemptsLeft).toBe(2);
  });
});

describe('the QR sharing link', () => {
  it('opens without signing in for 30 minutes, then says the link expired; only the hash is stored', async () => {
    const o = await owner();
    const id = await waiting(o.token);
    const made = await server.call('POST', `/Accounts/WhatsApp/${id}/QrLink`, { token: o.token });
    expect(made.status).toBe(201);
    expect(made.body.expiresUnixTime).toBe(nowS() + 1800);
    const stored = await server.api.db.select().from(connectionQrLinks).where(eq(connectionQrLinks.connectionId, id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(made.body.token);

    const open = await server.call('GET', `/Public/WhatsAppQr/${made.body.token}`);
    expect(open.body).toEqual({ state: 'GotQrCode', qr: fake.info.get(`c${id}`)!.qr, stateChangedUnixTime: expect.any(Number), expiresUnixTime: made.body.expiresUnixTime });
    server.clock.advance(29 * 60);
    expect((await server.call('GET', `/Public/WhatsAppQr/${made.body.token}`)).status).toBe(200);
    server.clock.advance(60);
    const expired = await server.call('GET', `/Public/WhatsAppQr/${made.body.token}`);
    expect([expired.status, expired.body.code, expired.body.message]).toEqual([410, 'qrLinkExpired', 'The link has expired']);
    expect((await server.call('GET', '/Public/WhatsAppQr/not-a-token')).status).toBe(404);
  });
});

describe('logout and delete', () => {
  it('logout unlinks; delete asks the gateway first and keeps the number when it is down', async () => {
    const o = await owner();
    const id = await waiting(o.token);
    await fake.scan(`c${id}`);
    const out = await server.call('POST', `/Accounts/WhatsApp/${id}/Logout`, { token: o.token });
    expect(out.body).toMatchObject({ state: 'NotAuthorized', phone: null });
    expect(fake.sessions.get(`c${id}`)).toBe('STOPPED');

    fake.failNext(1, 503);
    const down = await server.call('DELETE', `/Accounts/WhatsApp/${id}`, { token: o.token });
    expect([down.status, down.body.code]).toEqual([502, 'gatewayUnavailable']);
    expect((await server.call('GET', `/Accounts/WhatsApp/${id}`, { token: o.token })).status).toBe(200);

    expect((await server.call('DELETE', `/Accounts/WhatsApp/${id}`, { token: o.token })).status).toBe(204);
    expect(fake.sessions.has(`c${id}`)).toBe(false);
    expect((await server.call('GET', `/Accounts/WhatsApp/${id}`, { token: o.token })).status).toBe(404);
    // The slot is free again.
    expect((await add(o.token)).status).toBe(201);
  });

  it('a gateway that is down: adding says so (502) and adds nothing; the list shows the stored state', async () => {
    const o = await owner();
    const id = await waiting(o.token);
    fake.failNext(2, 500);
    const list = await server.call('GET', '/Accounts/WhatsApp', { token: o.token });
    expect(list.body.numbers[0]).toMatchObject({ id, state: 'GotQrCode' });
    const other = await owner();
    fake.failNext(1, 500);
    const res = await add(other.token);
    expect([res.status, res.body.code]).toEqual([502, 'gatewayUnavailable']);
    expect((await server.call('GET', '/Accounts/WhatsApp', { token: other.token })).body.numbers).toEqual([]);
  });
});

describe('account deletion', () => {
  it("removes the owner's numbers (the anonymised user row stays, so no cascade would)", async () => {
    const email = `gone${++seq}-${Date.now()}@example.com`;
    const o = await server.createUser(email, 'secret12');
    const id = await waiting(o.token);
    expect((await server.call('POST', '/Account/Delete', { token: o.token, body: { password: 'secret12', confirmation: email } })).status).toBe(204);
    expect(await server.api.db.select().from(connections).where(eq(connections.id, id))).toEqual([]);
  });
});

describe("another owner's numbers", () => {
  it('answer 404 on every route, as missing ones do, and change nothing', async () => {
    const a = await owner();
    const b = await owner();
    const id = await waiting(a.token);
    const calls: [string, string, unknown?][] = [
      ['GET', `/Accounts/WhatsApp/${id}`],
      ['GET', `/Accounts/WhatsApp/${id}/Qr`],
      ['POST', `/Accounts/WhatsApp/${id}/PairingCode`, { phone: '+79161234567' }],
      ['POST', `/Accounts/WhatsApp/${id}/Logout`],
      ['POST', `/Accounts/WhatsApp/${id}/QrLink`],
      ['DELETE', `/Accounts/WhatsApp/${id}`],
    ];
    for (const [method, path, body] of calls) {
      const res = await server.call(method, path, { token: b.token, ...(body ? { body } : {}) });
      expect([path, res.status, res.body.code]).toEqual([path, 404, 'connectionNotFound']);
      const missing = await server.call(method, path.replace(String(id), '999999'), { token: b.token, ...(body ? { body } : {}) });
      expect(missing.status).toBe(404);
    }
    expect((await server.call('GET', '/Accounts/WhatsApp', { token: b.token })).body.numbers).toEqual([]);
    expect(fake.sessions.get(`c${id}`)).toBe('SCAN_QR_CODE');
    expect((await server.call('GET', `/Accounts/WhatsApp/${id}`)).status).toBe(401);
  });
});
