// The lifecycle (docs/distributions.md "Lifecycle and statuses"): create, test run, combat start, pause, resume,
// cancel, delete, and their refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../../src/server/modules/account/schema.ts';
import type { TestServer } from '../harness.ts';
import { advance, deliveryServer, HOUR, sandboxLog } from '../delivery/support.ts';
import { addRecipients, buyMessages, combat, control, createDistribution, distMessages, distOwner, get, messagesLeft, phones, recipientStates } from './support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await deliveryServer();
});
afterAll(() => server.close());

describe('create and read', () => {
  it('a new distribution is paused, in test mode, with the default text of the owner language and the 300 cap', async () => {
    const o = await distOwner(server);
    const d = await createDistribution(server, o);
    expect(d).toMatchObject({ title: 'Рассылка', content: 'Здравствуйте, {clientName}! ', status: 'Pause', mode: 'test', type: 'message', source: 'table', dailyCap: 300, table: null, testRun: null, finishEstimate: null });
    expect(d.counts).toMatchObject({ recipients: 0, progress: 0 });
    expect(d.filters).toEqual({ visitCount: { from: -1, to: -1 }, spend: { from: -1, to: -1 }, lastVisitDays: { from: -1, to: -1 }, masters: [], services: [] });
    const named = await createDistribution(server, o, { title: 'Spring sale' });
    expect(named.title).toBe('Spring sale');
    const list = await server.call('GET', '/Distributions?sort=created&order=asc', { token: o.token });
    expect(list.body.distributions.map((x: any) => x.id)).toEqual([d.id, named.id]);
    const searched = await server.call('GET', '/Distributions?search=spring', { token: o.token });
    expect(searched.body.total).toBe(1);
  });

  it('a test user is refused (§6), and without tariff 13 a start is refused and the status reads Unavailable', async () => {
    const t = await distOwner(server);
    await server.api.db.update(users).set({ isTestUser: true }).where(eq(users.id, t.id));
    const refused = await server.call('POST', '/Distributions', { token: t.token, body: {} });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('testUserDistribution');

    const none = await distOwner(server, null);
    const d = await createDistribution(server, none);
    expect(d.status).toBe('Unavailable');
    const start = await control(server, none, d.id, 'Start');
    expect(start.status).toBe(403);
    expect(start.body.code).toBe('distributionNotAvailable');
    expect((await server.call('GET', '/Distributions?status=Unavailable', { token: none.token })).body.total).toBe(1);
  });

  it('a daily cap above the maximum is 400 naming the field with the maximum; a foreign segment is 400', async () => {
    const o = await distOwner(server);
    const d = await createDistribution(server, o);
    const high = await server.call('PATCH', `/Distributions/${d.id}`, { token: o.token, body: { dailyCap: 301 } });
    expect(high.status).toBe(400);
    expect(high.body.errors[0]).toMatchObject({ field: 'dailyCap', code: 'dailyCapTooHigh', params: { max: 300 } });
    const seg = await server.call('PATCH', `/Distributions/${d.id}`, { token: o.token, body: { segmentId: 999999 } });
    expect(seg.status).toBe(400);
    const ok = await server.call('PATCH', `/Distributions/${d.id}`, { token: o.token, body: { dailyCap: 50, daysOfWeek: [5, 1], source: 'clients', useSubscribed: true } });
    expect(ok.body).toMatchObject({ dailyCap: 50, daysOfWeek: [1, 5], source: 'clients', useSubscribed: true });
  });
});

describe('test run', () => {
  it('sends one message to every test number with the first recipient variables, then is Done', async () => {
    const o = await distOwner(server);
    const d = await createDistribution(server, o);
    await server.call('PATCH', `/Flows/${d.id}`, { token: o.token, body: { testPhones: '+79990000001, +79990000002', sendingHours: { from: 0, to: 24 } } });
    await addRecipients(server, d.id, phones(3));
    const started = await control(server, o, d.id, 'Start');
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ status: 'Working', testRun: { number: 1, messages: 1, done: false } });
    expect((await control(server, o, d.id, 'Start')).body.code).toBe('distributionStartFailed');
    await advance(server, 1);
    const sent = (await sandboxLog(server)).filter((m) => m.idempotencyKey.startsWith(`dist:${d.id}:`));
    expect(sent.map((m) => m.to).sort()).toEqual(['79990000001', '79990000002']);
    expect(sent[0]!.text).toContain('Name 1');
    const after = await get(server, o, d.id);
    expect(after).toMatchObject({ status: 'Done', testRun: { number: 1, messages: 2, sent: 2, failed: 0, done: true } });
    // No bought message is spent and no recipient is touched.
    expect((await recipientStates(server, d.id)).every((r) => r.state === 'pending')).toBe(true);
  });
});

describe('combat', () => {
  it('plans what the bought messages allow, waits with noMessagesLeft, then finishes when more are bought', async () => {
    const o = await distOwner(server);
    const d = await createDistribution(server, o);
    await combat(server, o, d.id);
    await addRecipients(server, d.id, phones(3, 100));
    await buyMessages(server, o, 2);
    const started = await control(server, o, d.id, 'Start');
    expect(started.body).toMatchObject({ status: 'InQueue', mode: 'combat' });
    expect(started.body.lastStart).not.toBeNull();
    await advance(server, 1);
    let now = await get(server, o, d.id);
    expect(now).toMatchObject({ status: 'Waiting', statusReason: 'noMessagesLeft' });
    expect(now.counts).toMatchObject({ recipients: 3, sent: 2, pending: 1 });
    expect(await messagesLeft(server, o)).toBe(0);
    await buyMessages(server, o, 10);
    await advance(server, 1);
    now = await get(server, o, d.id);
    expect(now).toMatchObject({ status: 'Done', finishEstimate: null });
    expect(now.counts).toMatchObject({ recipients: 3, sent: 3, pending: 0, progress: 1 });
    expect(await messagesLeft(server, o)).toBe(9);
    const keys = (await distMessages(server, d.id)).map((m) => m.idempotencyKey).sort();
    expect(keys).toEqual(phones(3, 100).map((p) => `dist:${d.id}:${p}`).sort());
    // A second start adds only new numbers: nobody gets a second message.
    await addRecipients(server, d.id, phones(1, 200));
    await control(server, o, d.id, 'Start');
    await advance(server, 1);
    expect((await distMessages(server, d.id)).length).toBe(4);
    expect((await get(server, o, d.id)).status).toBe('Done');
  });

  it('a table source with no rows is 409 audienceEmpty; running edits of the audience or mode are 409', async () => {
    const o = await distOwner(server);
    const d = await createDistribution(server, o);
    await combat(server, o, d.id);
    const empty = await control(server, o, d.id, 'Start');
    expect(empty.status).toBe(409);
    expect(empty.body.code).toBe('audienceEmpty');
    await addRecipients(server, d.id, phones(3, 300));
    expect((await control(server, o, d.id, 'Start')).status).toBe(200);
    const audience = await server.call('PATCH', `/Distributions/${d.id}`, { token: o.token, body: { ignoreNoDialogue: true } });
    expect(audience.status).toBe(409);
    expect(audience.body.code).toBe('distributionRunning');
    const schedule = await server.call('PATCH', `/Distributions/${d.id}`, { token: o.token, body: { dailyCap: 10, daysOfWeek: [1] } });
    expect(schedule.status).toBe(200);
    const mode = await server.call('PATCH', `/Flows/${d.id}`, { token: o.token, body: { mode: 'test' } });
    expect(mode.status).toBe(409);
    expect(mode.body.code).toBe('distributionRunning');
    const text = await server.call('PATCH', `/Flows/${d.id}`, { token: o.token, body: { content: 'New text {clientName}' } });
    expect(text.status).toBe(200);
  });

  it('pause withdraws queued messages (recipients pending, messages given back); resume plans them under the same keys', async () => {
    const o = await distOwner(server);
    const d = await createDistribution(server, o);
    // Hours that are over for today (the clock is 09:00 UTC = 12:00 Moscow): planned messages wait in the queue.
    await combat(server, o, d.id, { sendingHours: { from: 1, to: 2 } });
    await addRecipients(server, d.id, phones(3, 400));
    await buyMessages(server, o, 100);
    await control(server, o, d.id, 'Start');
    await advance(server, 1);
    expect((await distMessages(server, d.id)).map((m) => m.status)).toEqual(['queued', 'queued', 'queued']);
    expect((await get(server, o, d.id)).status).toBe('Waiting');
    expect(await messagesLeft(server, o)).toBe(97);
    const paused = await control(server, o, d.id, 'Pause');
    expect(paused.body).toMatchObject({ status: 'Pause' });
    expect(paused.body.counts).toMatchObject({ pending: 3, sent: 0, skipped: 0 });
    expect(await distMessages(server, d.id)).toEqual([]);
    expect((await recipientStates(server, d.id)).map((r) => [r.state, r.messageId])).toEqual([['pending', null], ['pending', null], ['pending', null]]);
    expect(await messagesLeft(server, o)).toBe(100);
    expect((await control(server, o, d.id, 'Pause')).body.code).toBe('distributionStopFailed');
    const resumed = await control(server, o, d.id, 'Resume');
    expect(resumed.body.status).toBe('Waiting');
    await advance(server, 1);
    expect((await distMessages(server, d.id)).length).toBe(3);
    // Next night's window: all sent, once.
    await advance(server, 13 * HOUR);
    const done = await get(server, o, d.id);
    expect(done.counts).toMatchObject({ sent: 3, pending: 0 });
    expect(done.status).toBe('Done');
    expect((await control(server, o, d.id, 'Resume')).body.code).toBe('distributionResumeFailed');
  });

  it('cancel leaves the rest out (skipped, cancelled) and deleting keeps sent messages in the log without a flow', async () => {
    const o = await distOwner(server);
    const d = await createDistribution(server, o);
    await combat(server, o, d.id);
    await addRecipients(server, d.id, phones(4, 500));
    await buyMessages(server, o, 100);
    await server.call('PATCH', `/Distributions/${d.id}`, { token: o.token, body: { dailyCap: 1 } });
    await control(server, o, d.id, 'Start');
    await advance(server, 1);
    const canceled = await control(server, o, d.id, 'Cancel');
    expect(canceled.body).toMatchObject({ status: 'Canceled' });
    expect(canceled.body.counts).toMatchObject({ recipients: 4, sent: 1, skipped: 3, pending: 0, progress: 1 });
    expect((await recipientStates(server, d.id)).filter((r) => r.reason === 'cancelled').length).toBe(3);
    expect((await control(server, o, d.id, 'Cancel')).body.code).toBe('distributionCancelFailed');
    const [sent] = await distMessages(server, d.id);
    const removed = await server.call('DELETE', `/Distributions/${d.id}`, { token: o.token });
    expect(removed.status).toBe(200);
    expect((await server.call('GET', `/Distributions/${d.id}`, { token: o.token })).status).toBe(404);
    const log = await server.call('GET', '/Messages', { token: o.token });
    expect(log.status).toBe(200);
    const { messages } = await import('../../../src/server/delivery/schema.ts');
    const [kept] = await server.api.db.select().from(messages).where(eq(messages.id, sent!.id));
    expect(kept).toMatchObject({ status: 'sent', flowId: null });
  });

  it('duplicate copies the message, settings and table as pending, with no results', async () => {
    const o = await distOwner(server);
    const d = await createDistribution(server, o, { title: 'Original' });
    await combat(server, o, d.id);
    await server.call('PATCH', `/Distributions/${d.id}`, { token: o.token, body: { dailyCap: 7, daysOfWeek: [2, 3] } });
    await addRecipients(server, d.id, phones(3, 600));
    await buyMessages(server, o, 100);
    await control(server, o, d.id, 'Start');
    await advance(server, 1);
    const copy = await server.call('POST', `/Distributions/${d.id}/Duplicate`, { token: o.token });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ title: 'Original (копия)', status: 'Pause', mode: 'test', dailyCap: 7, daysOfWeek: [2, 3], testRun: null, lastStart: null });
    expect(copy.body.counts).toMatchObject({ recipients: 3, pending: 3, sent: 0 });
  });
});
