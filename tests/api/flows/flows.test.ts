import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowMessages } from '../../../src/shared/flows/index.ts';
import { flows } from '../../../src/server/modules/flows/schema.ts';
import { payments } from '../../../src/server/modules/admin/schema.ts';
import { startServer, type TestServer } from '../harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

const DAY = 86_400;
const nowSeconds = () => Math.floor(server.clock.now() / 1000);
let seq = 0;
const newUser = () => server.createUser(`flows${++seq}@example.com`, 'secret1');

/** A successful payment for `tariff` covering now (or the given period). */
async function grantTariff(userId: number, tariff: number, from = nowSeconds() - DAY, to = nowSeconds() + 30 * DAY) {
  await server.api.db.insert(payments).values({ publicId: crypto.randomUUID(), userId, tariff, dateBegin: from, dateEnd: to, createdAt: new Date(server.clock.now()) });
}

const flowInput = (over: Record<string, unknown> = {}) => ({ title: 'Reminder 24h', content: 'Hello {{clientName}}, see you at {{recordTime}}', type: 'recordReminder', ...over });
const create = (token: string, over: Record<string, unknown> = {}) => server.call('POST', '/Flows', { token, body: flowInput(over) });

describe('create, get, update, delete', () => {
  it('creates a paused test-mode flow with defaults and every §3 field', async () => {
    const user = await newUser();
    await grantTariff(user.id, 0);
    const res = await create(user.token);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Reminder 24h',
      type: 'recordReminder',
      mode: 'test',
      status: 'Pause',
      lastStart: null,
      nextStart: null,
      endDate: null,
      sendingHours: { from: 9, to: 21 },
      delayMinutes: 0,
      firstSendOnly: false,
      buttons: [],
      image: null,
      filters: { services: [], visitCount: { from: -1, to: -1 }, spend: { from: -1, to: -1 }, time: { from: -1, to: -1 } },
      changeConsideration: { date: true, time: true, master: true, services: true },
      groupByVisit: false,
      testPhones: '',
    });
    expect(res.body.edited).toBe(nowSeconds());
    const got = await server.call('GET', `/Flows/${res.body.id}`, { token: user.token });
    expect(got.body).toEqual(res.body);
  });

  it('saves a full flow and patches single fields, merging filters', async () => {
    const user = await newUser();
    await grantTariff(user.id, 1);
    const full = {
      title: 'Birthday',
      content: 'Happy birthday, {{clientName}}!',
      type: 'birthday',
      mode: 'combat',
      endDate: nowSeconds() + 10 * DAY,
      sendingHours: { from: 10, to: 20 },
      delayMinutes: 30,
      firstSendOnly: true,
      buttons: [
        { type: 'simpleAnswer', text: 'Thanks', enabled: true },
        { type: 'url', text: 'Book', enabled: false, value: 'https://example.com/book' },
        { type: 'call', text: 'Call us', enabled: false, value: '+79161234567' },
      ],
      image: null,
      filters: { services: ['s1'], masters: ['m1', 'm2'], categories: ['vip'], statuses: ['arrived'], types: ['DeliveryByCourier'], clientCategory: ['new'], time: { from: 8, to: 12 }, visitCount: { from: 1, to: 10 }, spend: { from: 0, to: 5000 } },
      changeConsideration: { date: true, time: false, master: false, services: true },
      groupByVisit: true,
      testPhones: '+79161234567, +380501234567',
    };
    const res = await server.call('POST', '/Flows', { token: user.token, body: full });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ...full, buttons: [{ ...full.buttons[0], value: null }, full.buttons[1], full.buttons[2]] });

    server.clock.advance(60);
    const patched = await server.call('PATCH', `/Flows/${res.body.id}`, { token: user.token, body: { title: 'Birthday greeting', filters: { spend: { from: -1, to: -1 } } } });
    expect(patched.status).toBe(200);
    expect(patched.body.title).toBe('Birthday greeting');
    expect(patched.body.filters).toMatchObject({ masters: ['m1', 'm2'], spend: { from: -1, to: -1 }, visitCount: { from: 1, to: 10 } });
    expect(patched.body.edited).toBe(res.body.edited + 60);
  });

  it('deletes a flow; afterwards it is gone', async () => {
    const user = await newUser();
    const { body } = await create(user.token);
    const del = await server.call('DELETE', `/Flows/${body.id}`, { token: user.token });
    expect(del.body).toEqual({ message: flowMessages.flowRemoved });
    expect((await server.call('GET', `/Flows/${body.id}`, { token: user.token })).status).toBe(404);
  });

  it('duplicates as a paused copy', async () => {
    const user = await newUser();
    await grantTariff(user.id, 0);
    const { body } = await create(user.token, { testPhones: '+79161234567' });
    await server.call('POST', `/Flows/${body.id}/Resume`, { token: user.token });
    const copy = await server.call('POST', `/Flows/${body.id}/Duplicate`, { token: user.token });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ title: 'Reminder 24h (копия)', status: 'Pause', lastStart: null, content: body.content, testPhones: '+79161234567' });
    expect(copy.body.id).not.toBe(body.id);
  });

  it('needs a signed-in user', async () => {
    expect((await server.call('GET', '/Flows')).status).toBe(401);
    expect((await server.call('POST', '/Flows', { body: flowInput() })).status).toBe(401);
  });
});

describe('§5 rules: an invalid save names the field and changes nothing', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['blank title', { title: '  ' }, 'title'],
    ['blank text', { content: '' }, 'content'],
    ['hours FROM >= TO', { sendingHours: { from: 20, to: 9 } }, 'sendingHours'],
    ['run shorter than a day', { type: 'birthday', endDate: 0 }, 'endDate'],
    ['hourly kind: run shorter than an hour', { type: 'newRecord', endDate: 1 }, 'endDate'],
    ['two buttons of one type', { buttons: [{ type: 'simpleAnswer', text: 'a', enabled: true }, { type: 'simpleAnswer', text: 'b', enabled: true }] }, 'buttons.1.type'],
    ['four buttons', { buttons: ['simpleAnswer', 'url', 'call', 'url'].map((type) => ({ type, text: 'x', enabled: false })) }, 'buttons'],
    ['enabled url button', { buttons: [{ type: 'url', text: 'Site', enabled: true, value: 'https://example.com' }] }, 'buttons.0.enabled'],
    ['invalid url', { buttons: [{ type: 'url', text: 'Site', enabled: false, value: 'not a url' }] }, 'buttons.0.value'],
    ['an image address instead of an upload', { image: { fileName: 'a.jpg', url: 'http://169.254.169.254/api/v1/Flows/1/Image?key=' + 'a'.repeat(32), sizeBytes: 10 } }, 'image'],
    ['spend FROM >= TO', { filters: { spend: { from: 500, to: 100 } } }, 'filters.spend'],
    ['visit count half -1', { filters: { visitCount: { from: -1, to: 5 } } }, 'filters.visitCount'],
    ['time after 24', { filters: { time: { from: 10, to: 25 } } }, 'filters.time'],
    ['a bad test number', { testPhones: '+79161234567, 12345' }, 'testPhones'],
    ['unknown kind', { type: 'newsletter' }, 'type'],
    ['unknown field', { colour: 'red' }, 'colour'],
  ];

  it.each(cases)('%s', async (_name, patch, field) => {
    const user = await newUser();
    const { body: saved } = await create(user.token);
    // endDate 0: an hour ahead (under a day); 1: a second short of an hour.
    const resolved = { ...patch, ...(patch.endDate === 0 ? { endDate: nowSeconds() + 3600 } : patch.endDate === 1 ? { endDate: nowSeconds() + 3599 } : {}) };
    const created = await create(user.token, resolved);
    expect(created.status).toBe(400);
    expect(created.body.message).toContain(field);
    expect(created.body.errors[0].field).toBe(field);
    const updated = await server.call('PATCH', `/Flows/${saved.id}`, { token: user.token, body: resolved });
    expect(updated.status).toBe(400);
    expect(updated.body.errors[0].field).toBe(field);
    expect((await server.call('GET', `/Flows/${saved.id}`, { token: user.token })).body).toEqual(saved);
    expect((await server.call('GET', '/Flows', { token: user.token })).body.total).toBe(1);
  });
});

describe('tenancy', () => {
  it("another user's flow answers 404 on every call and is never changed", async () => {
    const owner = await newUser();
    const other = await newUser();
    const { body: flow } = await create(owner.token);
    const path = `/Flows/${flow.id}`;
    for (const [method, p, body] of [
      ['GET', path, undefined],
      ['PATCH', path, { title: 'stolen' }],
      ['DELETE', path, undefined],
      ['POST', `${path}/Duplicate`, undefined],
      ['POST', `${path}/Pause`, undefined],
      ['POST', `${path}/Resume`, undefined],
    ] as const) {
      const res = await server.call(method, p, { token: other.token, body });
      expect(res.status, `${method} ${p}`).toBe(404);
      expect(res.body.message).toBe(flowMessages.flowInvalidId);
      expect(res.body.code).toBe('flowInvalidId');
      expect(JSON.stringify(res.body)).not.toContain(flow.title);
    }
    expect((await server.call('GET', '/Flows', { token: other.token })).body.total).toBe(0);
    expect((await server.call('GET', path, { token: owner.token })).body).toEqual(flow);
  });
});

describe('tariff availability and statuses', () => {
  it('a kind outside the tariffs is Unavailable and cannot be started; a payment makes it available', async () => {
    const user = await newUser();
    const { body } = await create(user.token);
    expect(body.status).toBe('Unavailable');
    const resume = await server.call('POST', `/Flows/${body.id}/Resume`, { token: user.token });
    expect(resume.status).toBe(409);
    expect(resume.body.message).toBe(flowMessages.flowNotAvailable);
    expect(resume.body.code).toBe('flowNotAvailable');

    await grantTariff(user.id, 0, nowSeconds() - 40 * DAY, nowSeconds() - DAY); // expired: still unavailable
    await server.api.db.insert(payments).values({ publicId: crypto.randomUUID(), userId: user.id, tariff: 0, success: false, dateBegin: nowSeconds() - DAY, dateEnd: nowSeconds() + DAY, createdAt: new Date() });
    expect((await server.call('GET', `/Flows/${body.id}`, { token: user.token })).body.status).toBe('Unavailable');

    await grantTariff(user.id, 0);
    expect((await server.call('GET', `/Flows/${body.id}`, { token: user.token })).body.status).toBe('Pause');
    const started = await server.call('POST', `/Flows/${body.id}/Resume`, { token: user.token });
    expect(started.body).toMatchObject({ status: 'Waiting', lastStart: nowSeconds() });
    // The base tariff does not cover the extended kinds.
    const birthday = await create(user.token, { type: 'birthday' });
    expect(birthday.body.status).toBe('Unavailable');
  });

  it('pause and resume move through §4 states; webhook kinds run as Working', async () => {
    const user = await newUser();
    await grantTariff(user.id, 0);
    const { body } = await create(user.token, { type: 'newRecord' });
    const pauseIdle = await server.call('POST', `/Flows/${body.id}/Pause`, { token: user.token });
    expect(pauseIdle.status).toBe(409);
    expect(pauseIdle.body.message).toBe(flowMessages.flowStopFailed);
    expect(pauseIdle.body.code).toBe('flowStopFailed');
    expect((await server.call('POST', `/Flows/${body.id}/Resume`, { token: user.token })).body.status).toBe('Working');
    const again = await server.call('POST', `/Flows/${body.id}/Resume`, { token: user.token });
    expect(again.body.message).toBe(flowMessages.flowResumeFailed);
    expect((await server.call('POST', `/Flows/${body.id}/Pause`, { token: user.token })).body.status).toBe('Pause');
  });
});

describe('bulk actions', () => {
  it('pause, resume and delete report per flow, with §8 texts for failures and foreign ids', async () => {
    const user = await newUser();
    const other = await newUser();
    await grantTariff(user.id, 0);
    const a = (await create(user.token)).body;
    const b = (await create(user.token, { type: 'dailyReport', title: 'Daily' })).body; // needs extended/analytics
    const c = (await create(user.token)).body;
    const foreign = (await create(other.token)).body;

    const resume = await server.call('POST', '/Flows/Bulk/Resume', { token: user.token, body: { ids: [a.id, b.id, foreign.id] } });
    expect(resume.body).toEqual({
      results: [
        { id: a.id, ok: true, code: 'flowResumed', message: flowMessages.flowResumed },
        { id: b.id, ok: false, code: 'flowNotAvailable', message: flowMessages.flowNotAvailable },
        { id: foreign.id, ok: false, code: 'flowInvalidId', message: flowMessages.flowInvalidId },
      ],
      succeeded: 1,
      failed: 2,
    });
    const pause = await server.call('POST', '/Flows/Bulk/Pause', { token: user.token, body: { ids: [a.id, c.id] } });
    expect(pause.body.results).toEqual([
      { id: a.id, ok: true, code: 'flowStopped', message: flowMessages.flowStopped },
      { id: c.id, ok: false, code: 'flowStopFailed', message: flowMessages.flowStopFailed },
    ]);
    expect((await server.call('GET', `/Flows/${a.id}`, { token: user.token })).body.status).toBe('Pause');

    const del = await server.call('POST', '/Flows/Bulk/Delete', { token: user.token, body: { ids: [a.id, foreign.id] } });
    expect(del.body).toMatchObject({ succeeded: 1, failed: 1 });
    expect((await server.call('GET', '/Flows', { token: user.token })).body.total).toBe(2);
    expect((await server.call('GET', `/Flows/${foreign.id}`, { token: other.token })).status).toBe(200);

    expect((await server.call('POST', '/Flows/Bulk/Stop', { token: user.token, body: { ids: [c.id] } })).status).toBe(400);
    expect((await server.call('POST', '/Flows/Bulk/Pause', { token: user.token, body: { ids: [] } })).status).toBe(400);
  });

  it('changes test numbers of the selected flows, validating every number first', async () => {
    const user = await newUser();
    const other = await newUser();
    const a = (await create(user.token)).body;
    const foreign = (await create(other.token)).body;
    const bad = await server.call('POST', '/Flows/Bulk/TestPhones', { token: user.token, body: { ids: [a.id], testPhones: '+79161234567,abc' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('testPhones');
    const ok = await server.call('POST', '/Flows/Bulk/TestPhones', { token: user.token, body: { ids: [a.id, foreign.id], testPhones: '+79161234567,+380501234567' } });
    expect(ok.body.results).toEqual([
      { id: a.id, ok: true, code: 'testPhonesChanged', message: flowMessages.testPhonesChanged },
      { id: foreign.id, ok: false, code: 'flowInvalidId', message: flowMessages.flowInvalidId },
    ]);
    expect((await server.call('GET', `/Flows/${a.id}`, { token: user.token })).body.testPhones).toBe('+79161234567, +380501234567');
    expect((await server.call('GET', `/Flows/${foreign.id}`, { token: other.token })).body.testPhones).toBe('');
  });

  it('mass text edit: the preview changes nothing, the edit replaces every occurrence', async () => {
    const user = await newUser();
    const other = await newUser();
    const a = (await create(user.token, { content: 'Hi {{clientName}}! Hi again.' })).body;
    const b = (await create(user.token, { content: 'Nothing to change' })).body;
    const c = (await create(user.token, { content: 'Hi' })).body;
    const foreign = (await create(other.token, { content: 'Hi secret' })).body;
    const body = { ids: [a.id, b.id, c.id, foreign.id], find: 'Hi', replace: 'Hello' };

    const preview = await server.call('POST', '/Flows/Bulk/TextEdit/Preview', { token: user.token, body });
    expect(preview.body.previews).toEqual([
      { id: a.id, ok: true, code: 'textChanged', message: flowMessages.textChanged, title: a.title, matches: 2, before: a.content, after: 'Hello {{clientName}}! Hello again.' },
      { id: b.id, ok: false, code: 'textNotFound', message: flowMessages.textNotFound, title: b.title, matches: 0, before: b.content, after: b.content },
      { id: c.id, ok: true, code: 'textChanged', message: flowMessages.textChanged, title: c.title, matches: 1, before: 'Hi', after: 'Hello' },
      { id: foreign.id, ok: false, code: 'flowInvalidId', message: flowMessages.flowInvalidId, title: null, matches: 0, before: null, after: null },
    ]);
    expect((await server.call('GET', `/Flows/${a.id}`, { token: user.token })).body.content).toBe(a.content);

    // Replacing the whole text with nothing would leave c empty: that flow fails, the others go through.
    const edit = await server.call('POST', '/Flows/Bulk/TextEdit', { token: user.token, body: { ...body, replace: '' } });
    expect(edit.body.results.map((r: { ok: boolean }) => r.ok)).toEqual([true, false, false, false]);
    expect(edit.body.results[2].message).toContain('content');
    expect(edit.body.results[2].code).toBe('contentRequired');
    expect((await server.call('GET', `/Flows/${a.id}`, { token: user.token })).body.content).toBe(' {{clientName}}!  again.');
    expect((await server.call('GET', `/Flows/${c.id}`, { token: user.token })).body.content).toBe('Hi');
    expect((await server.call('GET', `/Flows/${foreign.id}`, { token: other.token })).body.content).toBe('Hi secret');
  });
});

describe('list: paging, search, status filter, sort', () => {
  const COUNT = 3000;
  let token: string;
  let userId: number;

  beforeAll(async () => {
    const user = await newUser();
    ({ token } = user);
    userId = user.id;
    await grantTariff(userId, 0);
    const base = server.clock.now();
    const settings = { sendingHours: { from: 9, to: 21 }, delayMinutes: 0, firstSendOnly: false, buttons: [], image: null, filters: { services: [], masters: [], categories: [], statuses: [], types: [], clientCategory: [], time: { from: -1, to: -1 }, visitCount: { from: -1, to: -1 }, spend: { from: -1, to: -1 } }, changeConsideration: { date: true, time: true, master: true, services: true }, groupByVisit: false };
    const rows = Array.from({ length: COUNT }, (_, i) => ({
      userId,
      title: `Flow ${String(i).padStart(4, '0')}${i % 100 === 0 ? ' Special 50%' : ''}`,
      content: i % 7 === 0 ? 'Your visit to {{masterName}} is tomorrow' : 'Hello {{clientName}}',
      type: (i % 10 === 0 ? 'birthday' : 'recordReminder') as 'birthday' | 'recordReminder',
      status: (i % 3 === 0 ? 'Waiting' : 'Pause') as 'Waiting' | 'Pause',
      settings,
      createdAt: new Date(base + i * 1000),
      editedAt: new Date(base + (COUNT - i) * 1000),
    }));
    for (let i = 0; i < rows.length; i += 500) await server.api.db.insert(flows).values(rows.slice(i, i + 500));
    // Another user's flows must never show up.
    const other = await newUser();
    await server.api.db.insert(flows).values(rows.slice(0, 50).map((r) => ({ ...r, userId: other.id })));
  }, 120_000);

  const list = (query: string) => server.call('GET', `/Flows?${query}`, { token });

  it('pages through all flows, newest edit first, without gaps or repeats', async () => {
    const first = await list('pageSize=100');
    expect(first.body).toMatchObject({ page: 1, pages: 30, total: COUNT });
    expect(first.body.flows).toHaveLength(100);
    expect(first.body.flows[0].title).toBe('Flow 0000 Special 50%'); // edited last
    const seen = new Set<number>();
    for (let page = 1; page <= 30; page++) for (const f of (await list(`pageSize=100&page=${page}`)).body.flows) seen.add(f.id);
    expect(seen.size).toBe(COUNT);
    expect((await list('pageSize=100&page=31')).body.flows).toEqual([]);
    // Past the end no row carries the window count: the total and pages are still told.
    expect((await list('pageSize=100&page=40')).body).toMatchObject({ total: COUNT, pages: 30, flows: [] });
    expect((await list('')).body.flows).toHaveLength(20);
    expect((await list('pageSize=101')).status).toBe(400);
  });

  it('sorts by creation date both ways', async () => {
    expect((await list('sort=created&order=asc&pageSize=1')).body.flows[0].title).toBe('Flow 0000 Special 50%');
    expect((await list('sort=created&order=desc&pageSize=1')).body.flows[0].title).toBe('Flow 2999');
    expect((await list('sort=edited&order=asc&pageSize=1')).body.flows[0].title).toBe('Flow 2999');
  });

  it('searches title and message text, case-insensitively and literally', async () => {
    expect((await list('search=special')).body.total).toBe(30);
    expect((await list(`search=${encodeURIComponent('50%')}`)).body.total).toBe(30);
    expect((await list(`search=${encodeURIComponent('0%')}`)).body.total).toBe(30); // % is a character, not a wildcard
    expect((await list(`search=${encodeURIComponent('{{MASTERNAME}}')}`)).body.total).toBe(Math.ceil(COUNT / 7));
    expect((await list('search=Flow%202999')).body.flows.map((f: { title: string }) => f.title)).toEqual(['Flow 2999']);
    expect((await list('search=nothing-like-this')).body).toMatchObject({ total: 0, pages: 1, flows: [] });
  });

  it('filters by status, Unavailable being the kinds outside the tariffs', async () => {
    const birthdays = COUNT / 10;
    const waitingAvailable = Array.from({ length: COUNT }, (_, i) => i).filter((i) => i % 3 === 0 && i % 10 !== 0).length;
    const unavailable = await list('status=Unavailable&pageSize=100');
    expect(unavailable.body.total).toBe(birthdays);
    expect(unavailable.body.flows.every((f: { status: string; type: string }) => f.status === 'Unavailable' && f.type === 'birthday')).toBe(true);
    const waiting = await list('status=Waiting&pageSize=100');
    expect(waiting.body.total).toBe(waitingAvailable);
    expect(waiting.body.flows.every((f: { status: string }) => f.status === 'Waiting')).toBe(true);
    expect((await list('status=Done')).body.total).toBe(0);
    expect((await list('status=Sleeping')).status).toBe(400);
    expect((await list('status=Waiting&search=special')).body.total).toBe(0); // every Special one is a birthday
  });
});
