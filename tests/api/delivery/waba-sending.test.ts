// Flows sending through a WhatsApp Business account (issue 17, docs/connections.md "WhatsApp Business (360dialog)",
// docs/flows.md "WhatsApp Business template") against the 360dialog double: the template with the flow's values to a
// client who never wrote, the flow's own text to one who wrote within 24 hours (and the template when Meta says the
// window closed), Meta's refusals, a revoked key and a deleted account or template (waiting, not lost), and the
// flow's fields checked at the field, another owner's account and template included.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connections, wabaTemplates } from '../../../src/server/modules/connections/schema.ts';
import { onConnection } from '../../../src/server/modules/conversations/incoming.ts';
import { storeIncoming } from '../../../src/server/modules/conversations/store.ts';
import { startWabaFake, type WabaFake } from '../../fakes/waba-fake.ts';
import type { TestServer } from '../harness.ts';
import { phones, sendingServer, type Sending } from '../connections/sending-support.ts';
import { advance, book, DAY, HOUR, messagesOf, nowSec, owner, type Owner } from './support.ts';

let setup: Sending;
let server: TestServer;
let fake: WabaFake;
let seq = 0;

beforeAll(async () => {
  fake = await startWabaFake();
  setup = await sendingServer({ DIALOG360_API_URL: fake.url }, 50);
  ({ server } = setup);
}, 120_000);
afterAll(async () => {
  await setup?.close();
  await fake?.close();
});

const clientPhone = phones('7927');
const BODY = 'Здравствуйте, {{1}}! Ждём вас {{2}}. {{3}}';

/** A 360dialog account at the double with its templates, connected by the owner (templates synced on save). */
async function account(o: Owner, templates: { name: string; status?: 'approved' | 'pending'; body?: string }[] = [{ name: 'visit_reminder' }]) {
  const apiKey = `d360key${++seq}x${'k'.repeat(20)}`;
  fake.addAccount(apiKey, templates.map((t) => ({ name: t.name, status: t.status ?? 'approved', components: [{ type: 'BODY', text: t.body ?? BODY }] })));
  const res = await server.call('POST', '/Accounts/Waba', { token: o.token, body: { apiKey, name: 'Salon' } });
  expect(res.status).toBe(201);
  return { id: res.body.id as number, apiKey };
}

const MAPPING = [{ variable: 'clientName' }, { variable: 'recordDate' }, { text: 'Салон «Ирис»' }];

/** A started newRecord flow sending through the account with its template. */
async function wabaFlow(o: Owner, connectionId: number, over: Record<string, unknown> = {}) {
  const body = {
    title: 'WABA flow',
    content: 'Hello {clientName}, see you {recordDate}',
    type: 'newRecord',
    mode: 'combat',
    sendingHours: { from: 0, to: 24 },
    connectionId,
    wabaTemplate: { name: 'visit_reminder', language: 'ru' },
    wabaVariables: MAPPING,
    ...over,
  };
  const created = await server.call('POST', '/Flows', { token: o.token, body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect((await server.call('POST', `/Flows/${created.body.id}/Resume`, { token: o.token })).status).toBe(200);
  return created.body.id as number;
}

/** The client wrote to the account `ago` seconds before now (stored as the inbound webhook stores it). */
async function wrote(o: Owner, connectionId: number, phone: string, ago: number) {
  const digits = phone.slice(1);
  await storeIncoming(server.api.db, {
    ...onConnection({ id: connectionId, userId: o.id }, 'waba', digits),
    name: 'Anna',
    clientId: null,
    providerMessageId: `in-${++seq}`,
    text: 'Здравствуйте',
    at: new Date(server.clock.now() - ago * 1000),
  });
}

const sentTo = (apiKey: string, phone: string) => fake.sent.filter((s) => s.apiKey === apiKey && s.body.to === phone.slice(1));

describe('sending', () => {
  it('a client who never wrote gets the template with the mapped values; the log keeps what went out', async () => {
    const o = await owner(server);
    const { id, apiKey } = await account(o);
    await wabaFlow(o, id);
    const phone = clientPhone();
    await book(server, o, nowSec(server) + 2 * DAY, { phone, name: 'Anna' });
    await advance(server, 1);
    const [m] = await messagesOf(server, o);
    expect([m!.status, m!.channel, m!.connectionId]).toEqual(['sent', 'waba', id]);
    const [sent] = sentTo(apiKey, phone);
    expect(sent!.body).toMatchObject({ type: 'template', template: { name: 'visit_reminder', language: { code: 'ru' } } });
    const parameters = (sent!.body.template as { components: { parameters: { text: string }[] }[] }).components[0]!.parameters.map((p) => p.text);
    expect(parameters[0]).toBe('Anna');
    expect(parameters[1]).toMatch(/\d/);
    expect(parameters[2]).toBe('Салон «Ирис»');
    expect(m!.text).toBe(`[template:visit_reminder] Здравствуйте, Anna! Ждём вас ${parameters[1]}. Салон «Ирис»`);
    expect(m!.providerMessageId).toBe(sent!.id);
  });

  it('a client who wrote an hour ago gets the flow’s own text', async () => {
    const o = await owner(server);
    const { id, apiKey } = await account(o);
    await wabaFlow(o, id);
    const phone = clientPhone();
    await wrote(o, id, phone, HOUR);
    fake.accounts.get(apiKey)!.windowOpen.add(phone.slice(1));
    await book(server, o, nowSec(server) + 2 * DAY, { phone, name: 'Anna' });
    await advance(server, 1);
    const [m] = await messagesOf(server, o);
    expect([m!.status, m!.channel]).toEqual(['sent', 'waba']);
    const sent = sentTo(apiKey, phone);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body.type).toBe('text');
    expect((sent[0]!.body.text as { body: string }).body).toBe(m!.text);
    expect(m!.text).toMatch(/^Hello Anna, see you /);
  });

  it('a message older than 24 hours does not open the window: the template goes', async () => {
    const o = await owner(server);
    const { id, apiKey } = await account(o);
    await wabaFlow(o, id);
    const phone = clientPhone();
    await wrote(o, id, phone, 25 * HOUR);
    await book(server, o, nowSec(server) + 2 * DAY, { phone });
    await advance(server, 1);
    expect(sentTo(apiKey, phone).map((s) => s.body.type)).toEqual(['template']);
  });

  it('Meta saying the window closed (131047) after free text: the template goes once, and the log shows it', async () => {
    const o = await owner(server);
    const { id, apiKey } = await account(o);
    await wabaFlow(o, id);
    const phone = clientPhone();
    // We saw the client's message; Meta counts the window closed (the double's window is not open).
    await wrote(o, id, phone, HOUR);
    await book(server, o, nowSec(server) + 2 * DAY, { phone, name: 'Anna' });
    await advance(server, 1);
    const [m] = await messagesOf(server, o);
    expect(m!.status).toBe('sent');
    expect(sentTo(apiKey, phone).map((s) => s.body.type)).toEqual(['template']);
    expect(m!.text).toMatch(/^\[template:visit_reminder\] Здравствуйте, Anna!/);
  });

  it('Meta refusing the template (132001) fails the message with its reason', async () => {
    const o = await owner(server);
    const { id, apiKey } = await account(o);
    await wabaFlow(o, id);
    // Stored approved here; Meta no longer has it approved in this language.
    fake.setStatus(apiKey, 'visit_reminder', 'rejected');
    const phone = clientPhone();
    await book(server, o, nowSec(server) + 2 * DAY, { phone });
    await advance(server, 1);
    const [m] = await messagesOf(server, o);
    expect([m!.status, m!.reason]).toEqual(['failed', 'template missing (not approved in this language)']);
  });
});

describe('waiting, never lost', () => {
  it('the key revoked at 360dialog: the message waits, the account shows the rejected key, nothing more is sent', async () => {
    const o = await owner(server);
    const { id, apiKey } = await account(o);
    await wabaFlow(o, id);
    const key = fake.accounts.get(apiKey)!;
    fake.accounts.delete(apiKey);
    await book(server, o, nowSec(server) + 2 * DAY, { phone: clientPhone() });
    await advance(server, 1);
    await book(server, o, nowSec(server) + 2 * DAY, { phone: clientPhone() });
    await advance(server, 1);
    const all = await messagesOf(server, o);
    expect(all.map((m) => [m.status, m.reason, m.connectionId, m.attempts])).toEqual([
      ['queued', 'waiting: WhatsApp Business account disconnected', id, 0],
      ['queued', 'waiting: WhatsApp Business account disconnected', id, 0],
    ]);
    const [row] = await server.api.db.select().from(connections).where(eq(connections.id, id));
    expect([row!.state, row!.lastError]).toEqual(['error', 'keyRejected']);
    // The key accepted again (a sync): the messages leave at their recheck.
    fake.accounts.set(apiKey, key);
    expect((await server.call('POST', `/Accounts/Waba/${id}/Templates/Sync`, { token: o.token })).status).toBe(200);
    await advance(server, HOUR + 1);
    expect((await messagesOf(server, o)).map((m) => m.status)).toEqual(['sent', 'sent']);
  });

  it('a template no longer approved here (a sync brought Meta’s pause): the messages wait saying so', async () => {
    const o = await owner(server);
    const { id } = await account(o);
    await wabaFlow(o, id);
    await server.api.db.update(wabaTemplates).set({ status: 'paused' }).where(eq(wabaTemplates.connectionId, id));
    await book(server, o, nowSec(server) + 2 * DAY, { phone: clientPhone() });
    await advance(server, 1);
    const [m] = await messagesOf(server, o);
    expect([m!.status, m!.reason, m!.connectionId]).toEqual(['queued', 'waiting: WhatsApp Business template not approved', id]);
  });

  it('the account deleted: the flow keeps its template and its messages wait instead of leaving through another number', async () => {
    const o = await owner(server);
    const { id } = await account(o);
    const number = await setup.linkedNumber(o, '79270000301');
    const flowId = await wabaFlow(o, id);
    expect((await server.call('DELETE', `/Accounts/Waba/${id}`, { token: o.token })).status).toBe(204);
    const shown = (await server.call('GET', `/Flows/${flowId}`, { token: o.token })).body;
    expect([shown.connectionId, shown.wabaTemplate]).toEqual([null, { name: 'visit_reminder', language: 'ru' }]);
    await book(server, o, nowSec(server) + 2 * DAY, { phone: clientPhone() });
    await advance(server, 1);
    await advance(server, 1);
    const [m] = await messagesOf(server, o);
    expect([m!.status, m!.reason]).toEqual(['queued', 'waiting: WhatsApp Business account deleted']);
    expect(setup.fake.sent.filter((s) => s.session === `c${number}`)).toEqual([]);
  });
});

describe('the flow’s fields', () => {
  const create = (o: Owner, body: Record<string, unknown>) =>
    server.call('POST', '/Flows', { token: o.token, body: { title: 'T', content: 'Hi {clientName}', type: 'newRecord', ...body } });
  const patch = (o: Owner, flowId: number, body: Record<string, unknown>) => server.call('PATCH', `/Flows/${flowId}`, { token: o.token, body });
  const fieldError = (field: string, code: string) => ({ status: 400, body: { errors: [expect.objectContaining({ field, code })] } });

  it('the template must be an approved one of this account, and every {{n}} mapped', async () => {
    const o = await owner(server);
    const { id } = await account(o, [{ name: 'visit_reminder' }, { name: 'promo_offer', status: 'pending' }]);
    const template = (name: string) => ({ name, language: 'ru' });
    expect(await create(o, { connectionId: id, wabaTemplate: template('promo_offer'), wabaVariables: MAPPING })).toMatchObject(fieldError('wabaTemplate', 'wabaTemplateNotApproved'));
    expect(await create(o, { connectionId: id, wabaTemplate: template('no_such'), wabaVariables: MAPPING })).toMatchObject(fieldError('wabaTemplate', 'wabaTemplateNotApproved'));
    expect(await create(o, { connectionId: id, wabaTemplate: { name: 'visit_reminder', language: 'en' }, wabaVariables: MAPPING })).toMatchObject(fieldError('wabaTemplate', 'wabaTemplateNotApproved'));
    expect(await create(o, { connectionId: id, wabaVariables: MAPPING })).toMatchObject(fieldError('wabaTemplate', 'wabaTemplateNotApproved'));
    expect(await create(o, { connectionId: id, wabaTemplate: template('visit_reminder'), wabaVariables: MAPPING.slice(0, 2) })).toMatchObject(fieldError('wabaVariables', 'wabaVariablesMissing'));
    expect(await create(o, { connectionId: id, wabaTemplate: template('visit_reminder'), wabaVariables: [...MAPPING.slice(0, 2), { text: '  ' }] })).toMatchObject(fieldError('wabaVariables', 'wabaVariablesMissing'));
    expect(await create(o, { connectionId: id, wabaTemplate: template('visit_reminder'), wabaVariables: [{ variable: 'noSuchVariable' }, ...MAPPING.slice(1)] })).toMatchObject(fieldError('wabaVariables', 'wabaVariablesMissing'));
    // A template on a connection that is not a WABA account.
    expect(await create(o, { wabaTemplate: template('visit_reminder'), wabaVariables: MAPPING })).toMatchObject(fieldError('wabaTemplate', 'wabaTemplateNotApproved'));
    const ok = await create(o, { connectionId: id, wabaTemplate: template('visit_reminder'), wabaVariables: [...MAPPING, { text: 'extra' }] });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ connectionId: id, wabaTemplate: template('visit_reminder'), wabaVariables: MAPPING });
  });

  it('another owner’s account or template is refused and nothing changes; choosing another connection clears the template', async () => {
    const o = await owner(server);
    const other = await owner(server);
    const mine = await account(o);
    const theirs = await account(other, [{ name: 'their_template' }]);
    const flowId = (await create(o, { connectionId: mine.id, wabaTemplate: { name: 'visit_reminder', language: 'ru' }, wabaVariables: MAPPING })).body.id as number;
    const before = (await server.call('GET', `/Flows/${flowId}`, { token: o.token })).body;
    expect(await patch(o, flowId, { connectionId: theirs.id, wabaTemplate: { name: 'their_template', language: 'ru' }, wabaVariables: MAPPING })).toMatchObject(fieldError('connectionId', 'connectionNotFound'));
    expect(await patch(o, flowId, { wabaTemplate: { name: 'their_template', language: 'ru' }, title: 'Changed' })).toMatchObject(fieldError('wabaTemplate', 'wabaTemplateNotApproved'));
    expect((await server.call('GET', `/Flows/${flowId}`, { token: o.token })).body).toEqual(before);
    // Another owner's flow is not found at all.
    expect((await patch(other, flowId, { wabaVariables: MAPPING })).status).toBe(404);
    // Only the mapping changes: the kept template is checked against it.
    expect((await patch(o, flowId, { wabaVariables: [{ text: 'Анна' }, { text: 'завтра' }, { text: 'Ирис' }] })).body.wabaVariables).toEqual([{ text: 'Анна' }, { text: 'завтра' }, { text: 'Ирис' }]);
    expect(await patch(o, flowId, { wabaVariables: [] })).toMatchObject(fieldError('wabaVariables', 'wabaVariablesMissing'));
    const cleared = await patch(o, flowId, { connectionId: null });
    expect(cleared.body).toMatchObject({ connectionId: null, wabaTemplate: null, wabaVariables: [] });
    // A copy sends as its original.
    await patch(o, flowId, { connectionId: mine.id, wabaTemplate: { name: 'visit_reminder', language: 'ru' }, wabaVariables: MAPPING });
    const copy = await server.call('POST', `/Flows/${flowId}/Duplicate`, { token: o.token });
    expect(copy.body).toMatchObject({ connectionId: mine.id, wabaTemplate: { name: 'visit_reminder', language: 'ru' }, wabaVariables: MAPPING });
  });
});
