// The admin view of a customer's flows and ignore list, and the transfer/copy of flows to another user id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowMessages } from '../../../src/shared/flows/index.ts';
import { ignoredPhones } from '../../../src/server/modules/phones/schema.ts';
import { startServer, type TestServer } from '../harness.ts';

let server: TestServer;
let admin: { id: number; token: string };
let superadmin: { id: number; token: string };
let seq = 0;
const newUser = () => server.createUser(`aflows${++seq}@example.com`, 'secret1');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

beforeAll(async () => {
  server = await startServer();
  admin = await server.createUser('aflows-admin@example.com', 'secret1', 'admin');
  superadmin = await server.createUser('aflows-super@example.com', 'secret1', 'superadmin');
});
afterAll(() => server?.close());

async function newFlow(token: string, title: string, over: Record<string, unknown> = {}) {
  const res = await server.call('POST', '/Flows', { token, body: { title, content: 'Hello {clientName}', type: 'recordReminder', ...over } });
  expect(res.status).toBe(201);
  return res.body as { id: number; [k: string]: unknown };
}
const transfer = (from: number, body: unknown, token = admin.token) => server.call('POST', `/Admin/Users/${from}/Flows/Transfer`, { token, body });
const flowsOf = async (userId: number) => (await server.call('GET', `/Admin/Users/${userId}/Flows?pageSize=100`, { token: admin.token })).body;

describe('roles and unknown users on every call', () => {
  it.each([
    ['GET', (id: number) => `/Admin/Users/${id}/Flows`, undefined],
    ['GET', (id: number) => `/Admin/Users/${id}/IgnoredPhones`, undefined],
    ['POST', (id: number) => `/Admin/Users/${id}/Flows/Transfer`, (target: number) => ({ flowIds: [], targetUserId: target, mode: 'copy' })],
  ] as const)('%s %s: anonymous 401, customer 403 (own id too), admin and super-admin 200, unknown user 404', async (method, path, body) => {
    const owner = await newUser();
    const other = await newUser();
    const b = body?.(other.id);
    expect((await server.call(method, path(owner.id), { body: b })).status).toBe(401);
    for (const id of [owner.id, other.id]) {
      const asCustomer = await server.call(method, path(id), { body: b, token: owner.token });
      expect(asCustomer.status).toBe(403);
      expect(asCustomer.body.message).toBe('Access denied');
    }
    expect((await server.call(method, path(owner.id), { body: b, token: admin.token })).status).toBe(200);
    expect((await server.call(method, path(owner.id), { body: b, token: superadmin.token })).status).toBe(200);
    expect((await server.call(method, path(999_999), { body: b, token: admin.token })).status).toBe(404);
  });
});

describe('GET /Admin/Users/{id}/Flows', () => {
  it("lists only that user's flows, last edited first, paged, with the owner's status (Unavailable without a tariff)", async () => {
    const owner = await newUser();
    const stranger = await newUser();
    for (const title of ['First', 'Second', 'Third']) {
      await newFlow(owner.token, title);
      server.clock.advance(1);
    }
    await newFlow(stranger.token, 'Not yours');
    const page1 = await server.call('GET', `/Admin/Users/${owner.id}/Flows?page=1&pageSize=2`, { token: admin.token });
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({ page: 1, pages: 2, total: 3 });
    expect(page1.body.flows.map((f: any) => f.title)).toEqual(['Third', 'Second']);
    expect(page1.body.flows[0]).toMatchObject({ type: 'recordReminder', mode: 'test', status: 'Unavailable' });
    const page2 = await server.call('GET', `/Admin/Users/${owner.id}/Flows?page=2&pageSize=2`, { token: admin.token });
    expect(page2.body.flows.map((f: any) => f.title)).toEqual(['First']);
    expect((await server.call('GET', `/Admin/Users/${owner.id}/Flows?pageSize=101`, { token: admin.token })).status).toBe(400);
  });
});

describe('POST /Admin/Users/{id}/Flows/Transfer', () => {
  it('copies selected flows: new ids, paused, same fields and settings; the source keeps its flows', async () => {
    const owner = await newUser();
    const target = await newUser();
    const a = await newFlow(owner.token, 'Copy me', { mode: 'combat', delayMinutes: 15, testPhones: '79990001122' });
    const b = await newFlow(owner.token, 'Leave me');
    const res = await transfer(owner.id, { flowIds: [a.id], targetUserId: target.id, mode: 'copy' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ succeeded: 1, failed: 0 });
    const [one] = res.body.results;
    expect(one).toMatchObject({ id: a.id, ok: true, code: 'flowCopied', message: 'Flow copied' });
    expect(one.newId).not.toBe(a.id);
    const copy = (await server.call('GET', `/Flows/${one.newId}`, { token: target.token })).body;
    const { id: _a, created: _c, edited: _e, status: _s, lastStart: _l, ...same } = a;
    expect(copy).toMatchObject({ ...same, status: 'Unavailable', lastStart: null });
    expect((await flowsOf(owner.id)).flows.map((f: any) => f.id).sort()).toEqual([a.id, b.id].sort());
    expect((await server.call('GET', `/Flows/${a.id}`, { token: target.token })).status).toBe(404);
  });

  it('transfers every flow when flowIds is empty: same ids, the new owner sees them, the old one no longer does', async () => {
    const owner = await newUser();
    const target = await newUser();
    const ids = [(await newFlow(owner.token, 'One')).id, (await newFlow(owner.token, 'Two')).id];
    const res = await transfer(owner.id, { flowIds: [], targetUserId: target.id, mode: 'transfer' }, superadmin.token);
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual(ids.map((id) => ({ id, ok: true, code: 'flowTransferred', message: 'Flow transferred', newId: id })));
    expect((await flowsOf(owner.id)).total).toBe(0);
    expect((await flowsOf(target.id)).flows.map((f: any) => f.id).sort()).toEqual([...ids].sort());
    expect((await server.call('GET', `/Flows/${ids[0]}`, { token: owner.token })).status).toBe(404);
    expect((await server.call('GET', `/Flows/${ids[0]}`, { token: target.token })).status).toBe(200);
  });

  it("fails per flow for ids that are not the source user's and moves nothing of others", async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const target = await newUser();
    const mine = await newFlow(owner.token, 'Mine');
    const theirs = await newFlow(stranger.token, 'Theirs');
    const res = await transfer(owner.id, { flowIds: [mine.id, theirs.id, 987654], targetUserId: target.id, mode: 'transfer' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ succeeded: 1, failed: 2 });
    expect(res.body.results[1]).toEqual({ id: theirs.id, ok: false, code: 'flowInvalidId', message: flowMessages.flowInvalidId, newId: null });
    expect(res.body.results[2]).toMatchObject({ id: 987654, ok: false });
    expect((await server.call('GET', `/Flows/${theirs.id}`, { token: stranger.token })).status).toBe(200);
  });

  it('400 naming targetUserId for an unknown or the same user; 400 for a bad mode; nothing changes', async () => {
    const owner = await newUser();
    const flow = await newFlow(owner.token, 'Stay');
    for (const targetUserId of [999_999, owner.id]) {
      const res = await transfer(owner.id, { flowIds: [flow.id], targetUserId, mode: 'transfer' });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].field).toBe('targetUserId');
      expect(res.body.message).toContain('targetUserId');
      expect(res.body.errors[0]).toMatchObject({ field: 'targetUserId', code: expect.stringMatching(/^(flowsAlreadyOwned|noSuchUser)$/) });
    }
    expect((await transfer(owner.id, { flowIds: [flow.id], targetUserId: admin.id, mode: 'move' })).status).toBe(400);
    expect((await transfer(owner.id, { flowIds: [flow.id], mode: 'copy' })).status).toBe(400);
    expect((await flowsOf(owner.id)).flows.map((f: any) => f.id)).toEqual([flow.id]);
  });

  it("copies the flow's image into the new owner's files so the new owner can read it", async () => {
    const owner = await newUser();
    const target = await newUser();
    const flow = await newFlow(owner.token, 'With image');
    const up = await fetch(`${server.base}/Flows/${flow.id}/Image?fileName=logo.png`, { method: 'POST', headers: { 'content-type': 'image/png', authorization: `Bearer ${owner.token}` }, body: new Uint8Array(PNG) });
    expect(up.status).toBe(200);
    const res = await transfer(owner.id, { flowIds: [flow.id], targetUserId: target.id, mode: 'copy' });
    const newId = res.body.results[0].newId;
    const copy = (await server.call('GET', `/Flows/${newId}`, { token: target.token })).body;
    expect(copy.image).toMatchObject({ fileName: 'logo.png', sizeBytes: PNG.length });
    expect(copy.image.url).toMatch(new RegExp(`/Flows/${newId}/Image\\?key=[a-f0-9]{32}$`));
    const image = await fetch(`${server.base}/Flows/${newId}/Image`, { headers: { authorization: `Bearer ${target.token}` } });
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
  });
});

describe('GET /Admin/Users/{id}/IgnoredPhones', () => {
  it("lists that user's ignored numbers newest first, paged; another user's list is separate", async () => {
    const owner = await newUser();
    const other = await newUser();
    const at = (s: number) => new Date(server.clock.now() + s * 1000);
    await server.api.db.insert(ignoredPhones).values([
      { userId: owner.id, phone: '79990000001', comment: 'asked to stop', source: 'manual', createdAt: at(1) },
      { userId: owner.id, phone: '79990000002', source: 'link', createdAt: at(2) },
      { userId: owner.id, phone: '79990000003', source: 'admin', createdAt: at(3) },
      { userId: other.id, phone: '79990000009', createdAt: at(4) },
    ]);
    const res = await server.call('GET', `/Admin/Users/${owner.id}/IgnoredPhones?pageSize=2`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, pages: 2, total: 3 });
    expect(res.body.phones.map((p: any) => p.phone)).toEqual(['79990000003', '79990000002']);
    expect(res.body.phones[1]).toMatchObject({ source: 'link', comment: '', createdUnixTime: Math.floor(at(2).getTime() / 1000) });
    const last = await server.call('GET', `/Admin/Users/${owner.id}/IgnoredPhones?page=2&pageSize=2`, { token: admin.token });
    expect(last.body.phones).toEqual([expect.objectContaining({ phone: '79990000001', comment: 'asked to stop', source: 'manual' })]);
    const diag = await server.call('GET', `/Admin/Users/${owner.id}/Diagnostics`, { token: admin.token });
    expect(diag.body).toMatchObject({ ignoredPhones: 3, flows: 0 });
  });
});
