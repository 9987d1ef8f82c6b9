// Quick start: a flow's planned start (`nextStart`) through POST/PATCH /Flows, and the set-up request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { nextStartMessages } from '../../../src/shared/flows/quickstart.ts';
import { messages } from '../../../src/shared/validation/messages.ts';
import { flows } from '../../../src/server/modules/flows/schema.ts';
import { payments } from '../../../src/server/modules/admin/schema.ts';
import { setUpRequests } from '../../../src/server/modules/account/schema.ts';
import { startServer, type TestServer } from '../harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

const DAY = 86_400;
const nowSeconds = () => Math.floor(server.clock.now() / 1000);
let seq = 0;
const newUser = () => server.createUser(`quickstart${++seq}@example.com`, 'secret1');
const input = (over: Record<string, unknown> = {}) => ({ title: 'Reminder', content: 'See you', type: 'recordReminder', mode: 'test', ...over });

describe('planned start', () => {
  it('creates a paused test-mode flow that carries its planned start', async () => {
    const user = await newUser();
    await server.api.db.insert(payments).values({ publicId: crypto.randomUUID(), userId: user.id, tariff: 0, dateBegin: nowSeconds() - DAY, dateEnd: nowSeconds() + 30 * DAY, createdAt: new Date(server.clock.now()) });
    const at = nowSeconds() + DAY;
    const res = await server.call('POST', '/Flows', { token: user.token, body: input({ nextStart: at }) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'Pause', mode: 'test', nextStart: at });
    expect((await server.call('GET', `/Flows/${res.body.id}`, { token: user.token })).body.nextStart).toBe(at);
  });

  it('rejects a start that is not in the future, naming the field and writing nothing', async () => {
    const user = await newUser();
    for (const nextStart of [nowSeconds(), nowSeconds() - DAY]) {
      const res = await server.call('POST', '/Flows', { token: user.token, body: input({ nextStart }) });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(`nextStart: ${nextStartMessages.nextStartPast}`);
      expect(res.body).toMatchObject({ code: 'nextStartPast', errors: [{ field: 'nextStart', code: 'nextStartPast' }] });
      expect(res.body.errors).toEqual([expect.objectContaining({ field: 'nextStart' })]);
    }
    const bad = await server.call('POST', '/Flows', { token: user.token, body: input({ nextStart: 'tomorrow' }) });
    expect(bad.status).toBe(400);
    expect(await server.api.db.select().from(flows).where(eq(flows.userId, user.id))).toHaveLength(0);
  });

  it('patches, keeps and clears the planned start; pausing clears it too', async () => {
    const user = await newUser();
    const created = (await server.call('POST', '/Flows', { token: user.token, body: input() })).body;
    expect(created.nextStart).toBeNull();
    const at = nowSeconds() + 2 * DAY;
    const patched = await server.call('PATCH', `/Flows/${created.id}`, { token: user.token, body: { nextStart: at } });
    expect(patched.body.nextStart).toBe(at);
    const past = await server.call('PATCH', `/Flows/${created.id}`, { token: user.token, body: { title: 'Changed', nextStart: nowSeconds() - 1 } });
    expect(past.status).toBe(400);
    const kept = await server.call('GET', `/Flows/${created.id}`, { token: user.token });
    expect(kept.body).toMatchObject({ title: 'Reminder', nextStart: at });
    expect((await server.call('PATCH', `/Flows/${created.id}`, { token: user.token, body: { title: 'Other' } })).body.nextStart).toBe(at);
    expect((await server.call('PATCH', `/Flows/${created.id}`, { token: user.token, body: { nextStart: null } })).body.nextStart).toBeNull();
  });

  it("answers 404 for another user's flow and changes nothing", async () => {
    const owner = await newUser();
    const other = await newUser();
    const created = (await server.call('POST', '/Flows', { token: owner.token, body: input() })).body;
    const res = await server.call('PATCH', `/Flows/${created.id}`, { token: other.token, body: { nextStart: nowSeconds() + DAY } });
    expect(res.status).toBe(404);
    expect((await server.call('GET', `/Flows/${created.id}`, { token: owner.token })).body.nextStart).toBeNull();
  });
});

describe('set-up request', () => {
  it('records the request for the signed-in user and answers the §8 success text', async () => {
    const user = await newUser();
    const res = await server.call('POST', '/Account/RequestSetUp', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(messages.setUpRequested);
    expect(await server.api.db.select().from(setUpRequests).where(eq(setUpRequests.userId, user.id))).toHaveLength(1);
    expect((await server.call('POST', '/Account/RequestSetUp', {})).status).toBe(401);
  });
});
