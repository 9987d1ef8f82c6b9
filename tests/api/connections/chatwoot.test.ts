// Chatwoot (issue 19, docs/chatwoot.md) against the double: connecting (the token, the account and the address
// checked; private addresses refused; one per owner; the token sealed), clients' messages mirrored into the API inbox
// once (also after an outage), staff answers sent to the client once through the owner's WhatsApp number, private
// notes and echoes ignored, the webhook's secret checked before the body, another owner's id.
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatwootReplies } from '../../../src/server/modules/connections/chatwoot/schema.ts';
import { sandboxMessages } from '../../../src/server/delivery/schema.ts';
import { connectionSecrets } from '../../../src/server/modules/connections/schema.ts';
import { startChatwootFake, type ChatwootFake } from '../../fakes/chatwoot-fake.ts';
import { incomingMessage, startWahaFake, type WahaFake } from '../../fakes/waha-fake.ts';
import type { TestServer } from '../harness.ts';
import { advance, deliveryServer, owner, type Owner } from '../delivery/support.ts';

const HMAC_KEY = 'waha-webhook-key-0123456789';
let server: TestServer;
let waha: WahaFake;
let cw: ChatwootFake;
let seq = 0;

beforeAll(async () => {
  waha = await startWahaFake({ apiKey: 'api-key', perSecond: 50 });
  cw = await startChatwootFake();
  server = await deliveryServer({
    DELIVERY_CHANNEL: 'waha',
    WAHA_URL: waha.url,
    WAHA_API_KEY: 'api-key',
    WAHA_PER_MINUTE: '600',
    WAHA_WEBHOOK_HMAC_KEY: HMAC_KEY,
    OUTBOUND_FETCH_ALLOW: '127.0.0.1/32',
    PUBLIC_ORIGIN: 'https://cabinet.example',
  });
  waha.webhook = { url: `${server.base}/Webhooks/waha`, hmacKey: HMAC_KEY };
  cw.webhookOrigin = new URL(server.base).origin;
}, 120_000);
afterAll(async () => {
  await server?.close();
  await waha?.close();
  await cw?.close();
});

/** A Chatwoot account in the double with an administrator's token (and an agent's, who may not create inboxes). */
function chatwootAccount() {
  const id = 1000 + ++seq;
  const token = `tok${seq}AbCdEfGhIjKlMnOp`;
  const agent = `agent${seq}AbCdEfGhIj`;
  cw.accounts.set(id, { name: `Salon ${seq}`, tokens: new Map([[token, { admin: true }], [agent, { admin: false }]]) });
  return { id, token, agent };
}

const connect = (o: Owner, body: Record<string, unknown>) => server.call('POST', '/Accounts/Chatwoot', { token: o.token, body });
const list = (o: Owner) => server.call('GET', '/Accounts/Chatwoot', { token: o.token });

async function connected(o: Owner) {
  const a = chatwootAccount();
  const res = await connect(o, { baseUrl: cw.url, accountId: a.id, apiAccessToken: a.token });
  expect(res.status).toBe(201);
  return { ...a, connectionId: res.body.id as number, inboxId: res.body.inboxId as number };
}

/** The owner's linked WhatsApp number. */
async function number(o: Owner) {
  const res = await server.call('POST', '/Accounts/WhatsApp', { token: o.token, body: { name: 'Salon' } });
  expect(res.status).toBe(201);
  const session = `c${res.body.id}`;
  await waha.scan(session, '79990000001');
  return session;
}

let wamid = 0;
/** A client's message to the number, as WAHA signs it. */
async function clientWrites(session: string, phone: string, text: string) {
  const raw = JSON.stringify({ id: 'evt', timestamp: Date.now(), event: 'message', session, engine: 'WEBJS', payload: incomingMessage(phone, text, { id: `false_${phone}@c.us_M${++wamid}` }) });
  const signature = createHmac('sha512', HMAC_KEY).update(raw).digest('hex');
  const res = await fetch(`${server.base}/Webhooks/waha`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-webhook-hmac': signature, 'x-webhook-hmac-algorithm': 'sha512' }, body: raw });
  expect(await res.json()).toEqual({ result: 'applied' });
}

const inboxMessages = (inboxId: number) => cw.messages.filter((m) => cw.conversations.find((c) => c.id === m.conversationId)?.inboxId === inboxId);

describe('connecting Chatwoot', () => {
  it('refuses a wrong token, account or address with a 400 naming the field, and adds nothing', async () => {
    const o = await owner(server);
    const a = chatwootAccount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ baseUrl: cw.url, accountId: a.id, apiAccessToken: 'wrong-token' }, 'apiAccessToken', 'chatwootTokenRejected'],
      [{ baseUrl: cw.url, accountId: 999999, apiAccessToken: a.token }, 'accountId', 'chatwootAccountNotFound'],
      [{ baseUrl: 'ftp://chatwoot.example', accountId: a.id, apiAccessToken: a.token }, 'baseUrl', 'chatwootAddressInvalid'],
      [{ baseUrl: 'not an address', accountId: a.id, apiAccessToken: a.token }, 'baseUrl', 'chatwootAddressInvalid'],
      // Only 127.0.0.1 is allowed here (OUTBOUND_FETCH_ALLOW): private networks and cloud metadata stay refused.
      [{ baseUrl: 'http://10.1.2.3', accountId: a.id, apiAccessToken: a.token }, 'baseUrl', 'chatwootAddressRefused'],
      [{ baseUrl: 'http://169.254.169.254', accountId: a.id, apiAccessToken: a.token }, 'baseUrl', 'chatwootAddressRefused'],
      [{ baseUrl: 'http://[::1]:3000', accountId: a.id, apiAccessToken: a.token }, 'baseUrl', 'chatwootAddressRefused'],
      [{ baseUrl: 'http://127.0.0.1:9', accountId: a.id, apiAccessToken: a.token }, 'baseUrl', 'chatwootUnreachable'],
      [{ baseUrl: cw.url, accountId: a.id, apiAccessToken: a.agent }, 'apiAccessToken', 'chatwootInboxRefused'],
      // A token no HTTP header can carry is the token's fault, not the address's.
      [{ baseUrl: cw.url, accountId: a.id, apiAccessToken: 'токен-доступа-123' }, 'apiAccessToken', 'chatwootTokenRejected'],
    ];
    for (const [body, field, code] of cases) {
      expect(await connect(o, body), JSON.stringify(body)).toMatchObject({ status: 400, body: { errors: [{ field, code }] } });
    }
    for (const body of [{ baseUrl: cw.url, accountId: 0, apiAccessToken: a.token }, { baseUrl: cw.url, accountId: a.id }, { baseUrl: cw.url, accountId: '1', apiAccessToken: a.token }]) {
      expect((await connect(o, body)).status, JSON.stringify(body)).toBe(400);
    }
    // Chatwoot there but failing (5xx) is 502, not the owner's mistake.
    cw.outage = true;
    expect(await connect(o, { baseUrl: cw.url, accountId: a.id, apiAccessToken: a.token })).toMatchObject({ status: 502, body: { code: 'providerUnavailable' } });
    cw.outage = false;
    expect((await list(o)).body).toEqual({ accounts: [], limit: 1 });
    expect(cw.inboxes.filter((i) => i.accountId === a.id)).toEqual([]);
  });

  it('checks the token, makes the API inbox with our webhook, seals the token, and allows one per owner', async () => {
    const o = await owner(server);
    const a = chatwootAccount();
    const res = await connect(o, { baseUrl: `${cw.url}/app/accounts/${a.id}/dashboard`, accountId: a.id, apiAccessToken: a.token });
    expect(res).toMatchObject({ status: 201, body: { baseUrl: cw.url, accountId: a.id, state: 'Connected', tokenMasked: `••••${a.token.slice(-4)}`, lastMirroredUnixTime: null, mirrorError: null, repliesSent: 0 } });
    const inbox = cw.inboxes.find((i) => i.id === res.body.inboxId)!;
    expect(inbox).toMatchObject({ accountId: a.id, name: 'Cabinet' });
    expect(inbox.webhookUrl).toMatch(new RegExp(`^https://cabinet\\.example/api/v1/Webhooks/chatwoot/${res.body.id}/[A-Za-z0-9_-]{43}$`));
    expect(JSON.stringify((await list(o)).body)).not.toContain(a.token);
    const [sealed] = await server.api.db.select().from(connectionSecrets).where(eq(connectionSecrets.connectionId, res.body.id));
    expect(sealed!.sealed).not.toContain(a.token);
    expect(sealed!.sealed).not.toContain(inbox.webhookUrl.split('/').at(-1));

    const b = chatwootAccount();
    expect(await connect(o, { baseUrl: cw.url, accountId: b.id, apiAccessToken: b.token })).toMatchObject({ status: 409, body: { code: 'accountLimitReached' } });
    expect(cw.inboxes.filter((i) => i.accountId === b.id)).toEqual([]);
  });

  it("another owner's connection is 404; disconnecting removes the inbox and its webhook stops", async () => {
    const o = await owner(server);
    const other = await owner(server);
    const c = await connected(o);
    const hook = cw.inboxes.find((i) => i.id === c.inboxId)!;
    expect(await server.call('DELETE', `/Accounts/Chatwoot/${c.connectionId}`, { token: other.token })).toMatchObject({ status: 404, body: { code: 'chatwootConnectionNotFound' } });
    expect(await server.call('DELETE', `/Accounts/Chatwoot/${c.connectionId}`, { token: o.token })).toMatchObject({ status: 204 });
    expect(cw.inboxes.some((i) => i.id === c.inboxId)).toBe(false);
    cw.inboxes.push(hook); // Chatwoot kept calling the old address
    expect((await cw.post(hook.id, { event: 'message_created' })).status).toBe(404);
    cw.inboxes.splice(cw.inboxes.indexOf(hook), 1);
    expect((await list(o)).body.accounts).toEqual([]);
  });
});

describe('mirroring and answering', () => {
  it('posts each client message once, keeps them through an outage, and sends a staff answer to the client once', async () => {
    const o = await owner(server);
    const session = await number(o);
    await clientWrites(session, '79160000401', 'Before Chatwoot was connected');
    const c = await connected(o);
    await clientWrites(session, '79160000401', 'Hello, can I move my visit?');
    await advance(server, 1);
    expect(inboxMessages(c.inboxId).map((m) => [m.content, m.messageType])).toEqual([['Hello, can I move my visit?', 'incoming']]);
    const contact = cw.contacts.find((x) => x.phone === '+79160000401' && x.accountId === c.id)!;
    expect(contact).toBeDefined();
    await advance(server, 1);
    expect(inboxMessages(c.inboxId)).toHaveLength(1); // nothing twice

    // Chatwoot down: nothing is lost, nothing posted twice once it is back.
    cw.outage = true;
    await clientWrites(session, '79160000401', 'Are you there?');
    await clientWrites(session, '79160000402', 'Another client');
    await advance(server, 1);
    const during = (await list(o)).body.accounts[0];
    expect(during.mirrorError).toBe('unreachable');
    cw.outage = false;
    await advance(server, 1);
    await advance(server, 1);
    expect(inboxMessages(c.inboxId).map((m) => m.content)).toEqual(['Hello, can I move my visit?', 'Are you there?', 'Another client']);
    const first = cw.conversations.filter((x) => x.inboxId === c.inboxId);
    expect(first).toHaveLength(2); // one conversation per client
    const after = (await list(o)).body.accounts[0];
    expect(after).toMatchObject({ mirrorError: null, lastMirroredUnixTime: expect.any(Number) });

    // A staff answer goes to the client from the owner's number, once.
    const conversation = first.find((x) => x.contactId === contact.id)!;
    const sentBefore = waha.sent.length;
    const answered = await cw.agentReply(conversation.id, 'Yes, tomorrow at 10:00 works');
    expect(answered).toMatchObject({ status: 200, body: { result: 'applied' } });
    expect((await cw.post(conversation.inboxId, { event: 'message_created', id: answered.message.id, message_type: 'outgoing', private: false, content: 'Yes, tomorrow at 10:00 works', conversation: { id: conversation.id }, inbox: { id: conversation.inboxId } })).body).toEqual({ result: 'unchanged' });
    await advance(server, 1);
    await advance(server, 1);
    const sent = waha.sent.slice(sentBefore);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ session, chatId: '79160000401@c.us', text: 'Yes, tomorrow at 10:00 works' });
    expect((await list(o)).body.accounts[0].repliesSent).toBe(1);

    // Private notes, our own mirrored messages (echoes), and conversations the cabinet did not make are not sent.
    expect((await cw.agentReply(conversation.id, 'note: VIP client', { private: true })).body).toEqual({ result: 'ignored' });
    const ours = inboxMessages(c.inboxId)[0]!;
    expect((await cw.post(conversation.inboxId, { event: 'message_created', id: ours.id, message_type: 'outgoing', private: false, content: ours.content, conversation: { id: conversation.id } })).body).toEqual({ result: 'ignored' });
    expect((await cw.post(conversation.inboxId, { event: 'message_created', id: 777001, message_type: 'incoming', content: 'from the widget', conversation: { id: conversation.id } })).body).toEqual({ result: 'ignored' });
    expect((await cw.post(conversation.inboxId, { event: 'message_created', id: 777002, message_type: 'outgoing', content: 'elsewhere', conversation: { id: 424242 } })).body).toEqual({ result: 'ignored' });
    expect((await cw.post(conversation.inboxId, { event: 'conversation_status_changed', id: conversation.id })).body).toEqual({ result: 'ignored' });
    // The enum's number (1 = outgoing) is an answer too.
    expect((await cw.agentReply(conversation.id, 'See you!', { messageType: 1 })).body).toEqual({ result: 'applied' });
    await advance(server, 1);
    expect(waha.sent.slice(sentBefore).map((m) => m.text)).toEqual(['Yes, tomorrow at 10:00 works', 'See you!']);
    const replies = await server.api.db.select().from(chatwootReplies).where(eq(chatwootReplies.connectionId, c.connectionId));
    expect(replies.map((r) => r.status)).toEqual(['sent', 'sent']);
  });
});

describe('a contact deleted in Chatwoot', () => {
  it('is made again for the client\'s next message, which is posted, not skipped', async () => {
    const o = await owner(server);
    const session = await number(o);
    const c = await connected(o);
    await clientWrites(session, '79160000701', 'First');
    await advance(server, 1);
    expect(inboxMessages(c.inboxId).map((m) => m.content)).toEqual(['First']);
    // Staff delete the contact: Chatwoot drops its inbox link and its conversations too.
    const contact = cw.contacts.find((x) => x.phone === '+79160000701' && x.accountId === c.id)!;
    cw.contacts.splice(cw.contacts.indexOf(contact), 1);
    for (const list of [cw.contactInboxes, cw.conversations] as { contactId: number }[][]) {
      for (let i = list.length - 1; i >= 0; i--) if (list[i]!.contactId === contact.id) list.splice(i, 1);
    }
    await clientWrites(session, '79160000701', 'Second');
    // One tick finds the conversation gone, one the contact; the third makes both again and posts.
    for (let i = 0; i < 3; i++) await advance(server, 1);
    expect(inboxMessages(c.inboxId).map((m) => m.content)).toEqual(['Second']);
    expect(cw.contacts.filter((x) => x.phone === '+79160000701' && x.accountId === c.id)).toHaveLength(1);
  });
});

describe('without OUTBOUND_FETCH_ALLOW', () => {
  it('refuses a loopback Chatwoot before any request reaches it', async () => {
    const strict = await deliveryServer({});
    try {
      const user = await strict.createUser(`cw-strict-${Date.now()}@example.com`, 'secret12');
      const a = chatwootAccount();
      const before = cw.requests.length;
      for (const baseUrl of [cw.url, cw.url.replace('127.0.0.1', 'localhost')]) {
        const res = await strict.call('POST', '/Accounts/Chatwoot', { token: user.token, body: { baseUrl, accountId: a.id, apiAccessToken: a.token } });
        expect(res, baseUrl).toMatchObject({ status: 400, body: { errors: [{ field: 'baseUrl', code: 'chatwootAddressRefused' }] } });
      }
      expect(cw.requests.length).toBe(before);
    } finally {
      await strict.close();
    }
  });
});

describe('DELIVERY_CHANNEL=sandbox', () => {
  it('captures staff answers in the sandbox: nothing real leaves', async () => {
    const sandbox = await deliveryServer({ WAHA_URL: waha.url, WAHA_API_KEY: 'api-key', WAHA_WEBHOOK_HMAC_KEY: HMAC_KEY, OUTBOUND_FETCH_ALLOW: '127.0.0.1/32', PUBLIC_ORIGIN: 'https://cabinet.example' });
    const [saved, savedOrigin] = [server, cw.webhookOrigin];
    server = sandbox;
    cw.webhookOrigin = new URL(sandbox.base).origin;
    try {
      const o = await owner(server);
      const session = await number(o);
      const c = await connected(o);
      await clientWrites(session, '79160000601', 'Hi from the demo');
      await advance(server, 1);
      const conversation = cw.conversations.find((x) => x.inboxId === c.inboxId)!;
      expect((await cw.agentReply(conversation.id, 'Demo answer')).body).toEqual({ result: 'applied' });
      const sentBefore = waha.sent.length;
      await advance(server, 1);
      expect(waha.sent.length).toBe(sentBefore);
      const captured = await server.api.db.select().from(sandboxMessages).where(eq(sandboxMessages.to, '79160000601'));
      expect(captured.map((m) => m.text)).toEqual(['Demo answer']);
    } finally {
      server = saved;
      cw.webhookOrigin = savedOrigin;
      await sandbox.close();
    }
  });
});

describe('a revoked token', () => {
  it('stops the mirror with the connection in error, the message kept for after a reconnect', async () => {
    const o = await owner(server);
    const session = await number(o);
    const c = await connected(o);
    cw.accounts.get(c.id)!.tokens.delete(c.token);
    await clientWrites(session, '79160000501', 'Hello?');
    await advance(server, 1);
    expect((await list(o)).body.accounts[0]).toMatchObject({ state: 'error', lastError: 'chatwootTokenRejected', mirrorError: 'tokenRejected' });
    expect(inboxMessages(c.inboxId)).toEqual([]);
    await advance(server, 1); // an error connection is not tried again
    expect(cw.requests.filter((r) => r.path.includes(`/accounts/${c.id}/contacts`))).toHaveLength(1);
  });
});

describe('the webhook', () => {
  it('refuses a wrong secret or an unknown connection before reading the body', async () => {
    const o = await owner(server);
    const c = await connected(o);
    const url = cw.inboxes.find((i) => i.id === c.inboxId)!.webhookUrl.replace(/^https:\/\/cabinet\.example\/api\/v1/, server.base);
    const post = (to: string, body: string) => fetch(to, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const wrong = url.replace(/[^/]+$/, 'x'.repeat(43));
    for (const body of ['{not json', JSON.stringify({ event: 'message_created' }), 'x'.repeat(2 * 1024 * 1024)]) {
      expect((await post(wrong, body)).status).toBe(404);
      expect((await post(url.replace(`/chatwoot/${c.connectionId}/`, '/chatwoot/999999/'), body)).status).toBe(404);
    }
    expect((await post(url, '{not json')).status).toBe(400);
    expect((await post(url, 'x'.repeat(2 * 1024 * 1024))).status).toBe(413);
    expect(await (await post(url, JSON.stringify({ event: 'message_created' }))).json()).toEqual({ result: 'ignored' });
  });

  it('checks X-Chatwoot-Signature when Chatwoot signs (4.13+)', async () => {
    cw.signInboxes = true;
    try {
      const o = await owner(server);
      const c = await connected(o);
      expect((await cw.post(c.inboxId, { event: 'message_created' })).body).toEqual({ result: 'ignored' });
      const forged = await cw.post(c.inboxId, { event: 'message_created' }, { 'x-chatwoot-signature': `sha256=${'0'.repeat(64)}` });
      expect(forged).toMatchObject({ status: 401, body: { code: 'signatureInvalid' } });
      // The URL's secret alone is not enough once the inbox signs: an unsigned call is refused.
      const url = cw.inboxes.find((i) => i.id === c.inboxId)!.webhookUrl.replace(/^https:\/\/cabinet\.example\/api\/v1/, server.base);
      const unsigned = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ event: 'message_created' }) });
      expect(unsigned.status).toBe(401);
    } finally {
      cw.signInboxes = false;
    }
  });
});
