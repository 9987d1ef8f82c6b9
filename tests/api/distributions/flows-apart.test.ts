// A distribution's flow belongs to the distribution: the flows' lists and actions neither show nor act on it, its
// message stays editable through GET/PATCH /Flows/{id}; and another owner's distribution is a 404 everywhere.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../harness.ts';
import { deliveryServer } from '../delivery/support.ts';
import { addRecipients, control, createDistribution, distOwner, phones } from './support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await deliveryServer();
});
afterAll(() => server.close());

describe('flows apart', () => {
  it('is not listed or acted on as a flow; its message is edited through the flow', async () => {
    const o = await distOwner(server, 2);
    const d = await createDistribution(server, o);
    const flow = await server.call('POST', '/Flows', { token: o.token, body: { title: 'Reminder', content: 'Hi {clientName}', type: 'recordReminder' } });
    const list = await server.call('GET', '/Flows', { token: o.token });
    expect(list.body.flows.map((f: any) => f.id)).toEqual([flow.body.id]);
    for (const action of ['Pause', 'Resume', 'Duplicate']) {
      const res = await server.call('POST', `/Flows/${d.id}/${action}`, { token: o.token });
      expect(res.status, action).toBe(404);
      expect(res.body.code).toBe('flowInvalidId');
    }
    expect((await server.call('DELETE', `/Flows/${d.id}`, { token: o.token })).status).toBe(404);
    const bulk = await server.call('POST', '/Flows/Bulk/Delete', { token: o.token, body: { ids: [d.id] } });
    expect(bulk.body.results[0]).toMatchObject({ ok: false, code: 'flowInvalidId' });
    const edit = await server.call('POST', '/Flows/Bulk/TextEdit', { token: o.token, body: { ids: [d.id], find: 'Здравствуйте', replace: 'Hi' } });
    expect(edit.body.results?.[0] ?? edit.body).toMatchObject({ ok: false });
    expect((await server.call('GET', `/Flows/${d.id}/Conversion`, { token: o.token })).status).toBe(404);
    const read = await server.call('GET', `/Flows/${d.id}`, { token: o.token });
    expect(read.status).toBe(200);
    const patched = await server.call('PATCH', `/Flows/${d.id}`, { token: o.token, body: { content: 'Sale for {clientName}', testPhones: '+79990000001' } });
    expect(patched.status).toBe(200);
    expect((await server.call('GET', `/Distributions/${d.id}`, { token: o.token })).body.content).toBe('Sale for {clientName}');
    expect((await server.call('GET', `/Distributions/${d.id}`, { token: o.token })).status).toBe(200);
  });

  it('Home and the admin do not count a distribution as a flow', async () => {
    const o = await distOwner(server, 2);
    const d = await createDistribution(server, o);
    await addRecipients(server, d.id, phones(3, 90));
    await control(server, o, d.id, 'Start');
    const home = await server.call('GET', '/Home', { token: o.token });
    expect(home.status).toBe(200);
    expect(home.body.checklist).toMatchObject({ quickstart: false, testFlow: false });
    const admin = await server.createUser(`admin-${Date.now()}@example.com`, 'secret12', 'admin');
    const flows = await server.call('GET', `/Admin/Users/${o.id}/Flows`, { token: admin.token });
    expect(flows.status).toBe(200);
    expect(flows.body.total).toBe(0);
  });
});

describe('tenancy', () => {
  it('another owner id is 404 on every call and an invalid id in bulk, changing nothing', async () => {
    const a = await distOwner(server);
    const b = await distOwner(server);
    const d = await createDistribution(server, a);
    await addRecipients(server, d.id, phones(3));
    const calls: [string, string, unknown?][] = [
      ['GET', `/Distributions/${d.id}`],
      ['PATCH', `/Distributions/${d.id}`, { dailyCap: 5 }],
      ['DELETE', `/Distributions/${d.id}`],
      ['POST', `/Distributions/${d.id}/Duplicate`],
      ['POST', `/Distributions/${d.id}/Start`],
      ['POST', `/Distributions/${d.id}/Pause`],
      ['POST', `/Distributions/${d.id}/Resume`],
      ['POST', `/Distributions/${d.id}/Cancel`],
    ];
    for (const [method, path, body] of calls) {
      const res = await server.call(method, path, { token: b.token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.code).toBe('distributionInvalidId');
    }
    for (const action of ['Pause', 'Resume', 'Delete']) {
      const bulk = await server.call('POST', `/Distributions/Bulk/${action}`, { token: b.token, body: { ids: [d.id] } });
      expect(bulk.body).toMatchObject({ succeeded: 0, failed: 1, results: [{ id: d.id, ok: false, code: 'distributionInvalidId' }] });
    }
    expect((await server.call('GET', '/Distributions', { token: b.token })).body.total).toBe(0);
    const mine = await server.call('GET', `/Distributions/${d.id}`, { token: a.token });
    expect(mine.body).toMatchObject({ status: 'Pause', dailyCap: 300 });
    expect(mine.body.counts.recipients).toBe(3);
  });

  it('bulk pause, resume and delete answer per id', async () => {
    const o = await distOwner(server);
    const d1 = await createDistribution(server, o);
    const d2 = await createDistribution(server, o);
    await addRecipients(server, d1.id, phones(3, 50));
    await control(server, o, d1.id, 'Start');
    const pause = await server.call('POST', '/Distributions/Bulk/Pause', { token: o.token, body: { ids: [d1.id, d2.id] } });
    expect(pause.body.results.map((r: any) => [r.ok, r.code])).toEqual([[true, 'distributionStopped'], [false, 'distributionStopFailed']]);
    const resume = await server.call('POST', '/Distributions/Bulk/Resume', { token: o.token, body: { ids: [d1.id] } });
    expect(resume.body.results[0]).toMatchObject({ ok: true, code: 'distributionResumed' });
    const del = await server.call('POST', '/Distributions/Bulk/Delete', { token: o.token, body: { ids: [d1.id, d2.id] } });
    expect(del.body.succeeded).toBe(2);
    expect((await server.call('GET', '/Distributions', { token: o.token })).body.total).toBe(0);
  });

  it('bad input is 400 naming the field', async () => {
    const o = await distOwner(server);
    const d = await createDistribution(server, o);
    for (const body of [{ daysOfWeek: [] }, { daysOfWeek: [8] }, { dailyCap: 0 }, { source: 'x' }, { extra: 1 }]) {
      const res = await server.call('PATCH', `/Distributions/${d.id}`, { token: o.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await server.call('POST', `/Distributions/${d.id}/Explode`, { token: o.token })).status).toBe(400);
    expect((await server.call('GET', '/Distributions?pageSize=1000', { token: o.token })).status).toBe(400);
  });
});
