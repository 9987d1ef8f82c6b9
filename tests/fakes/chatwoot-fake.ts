// A Chatwoot double (Application API, research-19.md §4, providers.md E.2): `api_access_token` header (401 without the
// account's token), accounts (404 for one the token does not belong to), API inboxes with a webhook_url, contacts
// (422 when the phone is taken; a contact_inbox with its source_id), conversations (need a source_id of the inbox),
// messages; `outage` answers 503; `agentReply` posts message_created to the inbox's webhook_url as Chatwoot does.
import { createHmac } from 'node:crypto';
import { sendJson, startFake, type FakeServer } from './http-fake.ts';

interface Inbox { id: number; accountId: number; name: string; webhookUrl: string; secret?: string }
interface Contact { id: number; accountId: number; name: string; phone?: string; identifier?: string }
interface ContactInbox { contactId: number; inboxId: number; sourceId: string }
interface Conversation { id: number; accountId: number; inboxId: number; contactId: number }
export interface FakeMessage { id: number; conversationId: number; content: string; messageType: 'incoming' | 'outgoing'; private: boolean }

export interface ChatwootFake extends FakeServer {
  /** account id → its name and the tokens of its users (`admin`: may create inboxes). */
  accounts: Map<number, { name: string; tokens: Map<string, { admin: boolean }> }>;
  inboxes: Inbox[];
  contacts: Contact[];
  contactInboxes: ContactInbox[];
  conversations: Conversation[];
  messages: FakeMessage[];
  /** While true every API call answers 503 (Chatwoot down). */
  outage: boolean;
  /** Inboxes get a signing secret (Chatwoot ≥ 4.13) when set. */
  signInboxes: boolean;
  requests: { method: string; path: string }[];
  /** Where the webhooks really go (the server under test listens on a port PUBLIC_ORIGIN cannot know). */
  webhookOrigin?: string;
  /** An agent writes in the conversation: stored, then message_created posted to the inbox webhook. Answers our status. */
  agentReply(conversationId: number, content: string, opts?: { private?: boolean; messageType?: 'outgoing' | 1; id?: number }): Promise<{ status: number; body: unknown; message: FakeMessage }>;
  /** Posts an arbitrary event to an inbox's webhook (a repeat, an echo). */
  post(inboxId: number, event: unknown, headers?: Record<string, string>): Promise<{ status: number; body: unknown }>;
}

export async function startChatwootFake(): Promise<ChatwootFake> {
  let seq = 100;
  const next = () => ++seq;
  const fake = {
    accounts: new Map(),
    inboxes: [],
    contacts: [],
    contactInboxes: [],
    conversations: [],
    messages: [],
    outage: false,
    signInboxes: false,
    requests: [],
  } as unknown as ChatwootFake;

  const server = await startFake((req, body, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    fake.requests.push({ method: req.method ?? 'GET', path: url.pathname });
    if (fake.outage) return sendJson(res, 503, { error: 'Service Unavailable' });
    const m = /^\/api\/v1\/accounts\/(\d+)(\/.*)?$/.exec(url.pathname);
    if (!m) return sendJson(res, 404, { error: 'Not Found' });
    const token = req.headers['api_access_token'];
    const account = fake.accounts.get(Number(m[1]));
    const known = [...fake.accounts.values()].some((a) => typeof token === 'string' && a.tokens.has(token));
    if (!known) return sendJson(res, 401, { errors: ['You need to sign in or sign up before continuing.'] });
    const user = account && typeof token === 'string' ? account.tokens.get(token) : undefined;
    if (!account || !user) return sendJson(res, 404, { error: 'Resource could not be found' });
    const accountId = Number(m[1]);
    const rest = m[2] ?? '';
    let json: Record<string, any> = {};
    if (body) {
      if (!String(req.headers['content-type']).startsWith('application/json')) return sendJson(res, 415, { error: 'Unsupported media type' });
      try {
        json = JSON.parse(body);
      } catch {
        return sendJson(res, 400, { error: 'Invalid JSON' });
      }
    }
    const route = `${req.method} ${rest.replace(/\/\d+/g, '/:id')}`;
    const ids = [...rest.matchAll(/\/(\d+)/g)].map((x) => Number(x[1]));
    switch (route) {
      case 'GET ':
        return sendJson(res, 200, { id: accountId, name: account.name, locale: 'en', status: 'active' });
      case 'POST /inboxes': {
        if (!user.admin) return sendJson(res, 401, { error: 'You are not authorized to do this action' });
        if (typeof json.name !== 'string' || !json.name || json.channel?.type !== 'api') return sendJson(res, 422, { message: 'Validation failed' });
        const inbox: Inbox = { id: next(), accountId, name: json.name, webhookUrl: String(json.channel.webhook_url ?? ''), ...(fake.signInboxes ? { secret: `sig-${next()}` } : {}) };
        fake.inboxes.push(inbox);
        return sendJson(res, 200, { id: inbox.id, name: inbox.name, channel_type: 'Channel::Api', webhook_url: inbox.webhookUrl, inbox_identifier: `ident${inbox.id}`, ...(inbox.secret ? { secret: inbox.secret } : {}) });
      }
      case 'DELETE /inboxes/:id': {
        const i = fake.inboxes.findIndex((x) => x.id === ids[0] && x.accountId === accountId);
        if (i < 0) return sendJson(res, 404, { error: 'Resource could not be found' });
        fake.inboxes.splice(i, 1);
        return sendJson(res, 200, {});
      }
      case 'POST /contacts': {
        const inbox = fake.inboxes.find((x) => x.id === json.inbox_id && x.accountId === accountId);
        if (!inbox) return sendJson(res, 422, { message: 'Inbox not found' });
        if (json.phone_number !== undefined && !/^\+[1-9]\d{1,14}$/.test(json.phone_number)) return sendJson(res, 422, { message: 'Phone number should be in e164 format', attributes: ['phone_number'] });
        if (json.phone_number && fake.contacts.some((c) => c.accountId === accountId && c.phone === json.phone_number)) return sendJson(res, 422, { message: 'Phone number has already been taken', attributes: ['phone_number'] });
        const contact: Contact = { id: next(), accountId, name: String(json.name ?? ''), phone: json.phone_number, identifier: json.identifier };
        fake.contacts.push(contact);
        const ci: ContactInbox = { contactId: contact.id, inboxId: inbox.id, sourceId: `src-${next()}` };
        fake.contactInboxes.push(ci);
        return sendJson(res, 200, { payload: { contact: { id: contact.id, name: contact.name, phone_number: contact.phone ?? null }, contact_inbox: { inbox: { id: inbox.id }, source_id: ci.sourceId } } });
      }
      case 'GET /contacts/search': {
        const q = url.searchParams.get('q') ?? '';
        return sendJson(res, 200, { payload: fake.contacts.filter((c) => c.accountId === accountId && (c.phone === q || c.name.includes(q))).map((c) => ({ id: c.id, name: c.name, phone_number: c.phone ?? null })) });
      }
      case 'POST /contacts/:id/contact_inboxes': {
        const contact = fake.contacts.find((c) => c.id === ids[0] && c.accountId === accountId);
        if (!contact) return sendJson(res, 404, { error: 'Resource could not be found' });
        const inbox = fake.inboxes.find((x) => x.id === json.inbox_id && x.accountId === accountId);
        if (!inbox) return sendJson(res, 422, { message: 'Inbox not found' });
        const ci: ContactInbox = { contactId: contact.id, inboxId: inbox.id, sourceId: `src-${next()}` };
        fake.contactInboxes.push(ci);
        return sendJson(res, 200, { id: next(), contact_id: contact.id, inbox_id: inbox.id, source_id: ci.sourceId });
      }
      case 'POST /conversations': {
        const ci = fake.contactInboxes.find((x) => x.sourceId === json.source_id && x.inboxId === json.inbox_id);
        if (!json.source_id || !ci) return sendJson(res, 422, { message: 'Source id is invalid' });
        const c: Conversation = { id: next(), accountId, inboxId: ci.inboxId, contactId: ci.contactId };
        fake.conversations.push(c);
        return sendJson(res, 200, { id: c.id, inbox_id: c.inboxId, account_id: accountId, status: 'open' });
      }
      case 'POST /conversations/:id/messages': {
        const c = fake.conversations.find((x) => x.id === ids[0] && x.accountId === accountId);
        if (!c) return sendJson(res, 404, { error: 'Resource could not be found' });
        if (typeof json.content !== 'string' || !json.content) return sendJson(res, 422, { message: "Content can't be blank" });
        const message: FakeMessage = { id: next(), conversationId: c.id, content: json.content, messageType: json.message_type === 'incoming' ? 'incoming' : 'outgoing', private: Boolean(json.private) };
        fake.messages.push(message);
        return sendJson(res, 200, { id: message.id, content: message.content, message_type: message.messageType === 'incoming' ? 0 : 1, conversation_id: c.id });
      }
      default:
        return sendJson(res, 404, { error: 'Not Found' });
    }
  });

  const post = async (inboxId: number, event: unknown, headers: Record<string, string> = {}) => {
    const inbox = fake.inboxes.find((x) => x.id === inboxId)!;
    const raw = JSON.stringify(event);
    const signed: Record<string, string> = {};
    if (inbox.secret) {
      const timestamp = String(Math.floor(Date.now() / 1000));
      signed['x-chatwoot-timestamp'] = timestamp;
      signed['x-chatwoot-signature'] = `sha256=${createHmac('sha256', inbox.secret).update(`${timestamp}.${raw}`).digest('hex')}`;
    }
    const target = fake.webhookOrigin ? inbox.webhookUrl.replace(/^https?:\/\/[^/]+/, fake.webhookOrigin) : inbox.webhookUrl;
    const res = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json', ...signed, ...headers }, body: raw });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body };
  };

  Object.assign(fake, server, {
    post,
    async agentReply(conversationId: number, content: string, opts: { private?: boolean; messageType?: 'outgoing' | 1; id?: number } = {}) {
      const c = fake.conversations.find((x) => x.id === conversationId)!;
      const message: FakeMessage = { id: opts.id ?? next(), conversationId, content, messageType: 'outgoing', private: Boolean(opts.private) };
      fake.messages.push(message);
      const event = {
        event: 'message_created',
        id: message.id,
        content,
        message_type: opts.messageType ?? 'outgoing',
        private: message.private,
        content_type: 'text',
        created_at: new Date().toISOString(),
        sender: { id: 1, name: 'Agent', type: 'user' },
        conversation: { id: c.id, inbox_id: c.inboxId, status: 'open' },
        inbox: { id: c.inboxId, name: 'Cabinet' },
        account: { id: c.accountId, name: 'Salon' },
      };
      return { ...(await post(c.inboxId, event)), message };
    },
  });
  return fake;
}
