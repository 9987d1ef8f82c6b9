import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { sendJson, startFake, type FakeServer } from './http-fake.ts';

/**
 * 360dialog WhatsApp Business API double (providers.md D.2). Every call needs `D360-API-KEY` of a known account, else
 * 401 `{ meta: { success: false, http_code: 401, developer_message: "Invalid api key" } }`.
 * - GET /v1/configs/templates?limit&offset → `{ count, total, filters, limit, offset, sort, waba_templates: [...] }`
 *   (status lower-case, category upper-case, as the live shape; each row names its `waba_account_id`, the account's
 *   `wabaId`: by default one per key, `addAccount(key, templates, wabaId)` gives a second key of the same account).
 * - POST /v1/configs/templates: name lowercase letters/digits/underscores ≤ 512, category AUTHENTICATION|MARKETING|
 *   UTILITY, a BODY ≤ 1024 with one example per {{n}}, a media HEADER with an example, at most 250 names, no second
 *   name+language → Graph-style 400 `{ error: { code, message } }`; otherwise stored `submitted`.
 * - DELETE /v1/configs/templates/{name} → 200 or 404.
 * - POST /messages: a template must be approved in that language with as many body parameters as variables (else
 *   132001 / 132000); free text only to numbers that wrote within 24 h (`openWindow`), else 131047.
 * - POST /v1/configs/webhook `{ url, headers? }` (docs.360dialog.com "Set Webhook URL"): an https url, headers a
 *   string map → 200 echoing them, recorded per key (`webhooks`); `failWebhook` answers 500 instead. `notify` posts a
 *   Cloud-API-shaped notification to the recorded url (its origin swapped for the test server's) with those headers.
 * - The Partner API under /hub (hub.360dialog.io/api/v2; DIALOG360_HUB_URL = `${url}/hub`): `POST /token { username,
 *   password }` of the fixed partner user (`PARTNER`) → `{ access_token, token_type, expires_in }`, else 401;
 *   `POST /partners/{partner_id}/channels/{channel_id}/api_keys` with that Bearer token (else 401) for a channel of
 *   `channels` whose permission is shared → 201 `{ api_key, id, address, app_id }`, a key the messaging side then
 *   accepts (replacing the channel's previous one, as 360dialog revokes it); unknown channel 404, not shared 403.
 */
export const TEMPLATE_STATUSES = ['approved', 'pending', 'submitted', 'rejected', 'paused', 'disabled', 'in_appeal'] as const;

export interface FakeTemplate {
  id: string;
  name: string;
  language: string;
  category: string;
  status: (typeof TEMPLATE_STATUSES)[number];
  rejected_reason: string | null;
  components: Record<string, unknown>[];
}

export interface WabaSent {
  apiKey: string;
  body: Record<string, unknown>;
  id: string;
}

export interface WabaFake extends FakeServer {
  /** API key → its templates and the numbers whose 24-hour window is open. */
  accounts: Map<string, { templates: FakeTemplate[]; windowOpen: Set<string>; wabaId: string }>;
  sent: WabaSent[];
  addAccount(apiKey: string, templates?: Partial<FakeTemplate>[], wabaId?: string): void;
  setStatus(apiKey: string, name: string, status: FakeTemplate['status']): void;
  /** API key → the webhook 360dialog would call. */
  webhooks: Map<string, { url: string; headers: Record<string, string> }>;
  failWebhook: boolean;
  /** Posts `payload` as 360dialog would to the key's webhook; `origin` replaces the recorded url's (the test server's). */
  notify(apiKey: string, payload: unknown, origin: string): Promise<Response>;
  /** Channel id → its templates, whether the client shared the API-key permission, and its current key. */
  channels: Map<string, { templates: Partial<FakeTemplate>[]; shared: boolean; apiKey?: string }>;
  /** Tokens handed out by /hub/token (clear it to make them expire). */
  partnerTokens: Set<string>;
  tokenCalls: number;
}

/** The partner account the hub double knows. */
export const PARTNER = { partnerId: 'pa1PA', username: 'partner@example.com', password: 'partner-secret-1' };

/** A Cloud API notification with one `messages`-field change (messages and/or statuses). */
export const cloudNotification = (value: Record<string, unknown>, field = 'messages') => ({
  object: 'whatsapp_business_account',
  entry: [{ id: 'waba-1', changes: [{ field, value: field === 'messages' ? { messaging_product: 'whatsapp', metadata: { display_phone_number: '15550001111', phone_number_id: '1' }, ...value } : value }] }],
});

const graphError = (code: number, message: string) => ({ error: { message: `(#${code}) ${message}`, type: 'OAuthException', code, fbtrace_id: 'fake' } });
const NAME = /^[a-z0-9_]{1,512}$/;
const variables = (text: string) => new Set([...text.matchAll(/\{\{(\d+)\}\}/g)].map((m) => m[1])).size;

export function fakeTemplate(t: Partial<FakeTemplate> & { name: string }): FakeTemplate {
  return {
    id: randomUUID(),
    language: 'ru',
    category: 'UTILITY',
    status: 'approved',
    rejected_reason: null,
    components: [{ type: 'BODY', text: 'Здравствуйте, {{1}}!' }],
    ...t,
  };
}

export async function startWabaFake(): Promise<WabaFake> {
  const fake = {} as WabaFake;

  const server = await startFake((req, raw, res) => {
    if ((req.url ?? '').startsWith('/hub/')) return hub(req, raw, res);
    const apiKey = req.headers['d360-api-key'];
    const account = typeof apiKey === 'string' ? fake.accounts.get(apiKey) : undefined;
    if (!account) return sendJson(res, 401, { meta: { success: false, http_code: 401, developer_message: 'Invalid api key' } });
    const url = new URL(req.url ?? '/', 'http://fake');
    let body: Record<string, unknown> = {};
    if (req.method === 'POST') {
      if (!(req.headers['content-type'] ?? '').startsWith('application/json')) return sendJson(res, 400, graphError(100, 'Invalid parameter'));
      try {
        body = JSON.parse(raw || '{}');
      } catch {
        return sendJson(res, 400, graphError(100, 'Invalid JSON'));
      }
    }
    if (url.pathname === '/v1/configs/templates' && req.method === 'GET') {
      const limit = Math.min(Number(url.searchParams.get('limit') ?? 1000) || 1000, 1000);
      const offset = Number(url.searchParams.get('offset') ?? 0) || 0;
      const page = account.templates.slice(offset, offset + limit).map((t) => ({ ...t, waba_account_id: account.wabaId }));
      return sendJson(res, 200, { count: page.length, total: account.templates.length, filters: {}, limit, offset, sort: ['id'], waba_templates: page });
    }
    if (url.pathname === '/v1/configs/templates' && req.method === 'POST') return createTemplate(account, body, res);
    const del = /^\/v1\/configs\/templates\/([^/]+)$/.exec(url.pathname);
    if (del && req.method === 'DELETE') {
      const name = decodeURIComponent(del[1]!);
      const before = account.templates.length;
      account.templates = account.templates.filter((t) => t.name !== name);
      return account.templates.length < before ? sendJson(res, 200, { success: true }) : sendJson(res, 404, graphError(100, 'Template not found'));
    }
    if (url.pathname === '/v1/configs/webhook' && req.method === 'POST') {
      const headers = body.headers ?? {};
      const valid = typeof body.url === 'string' && /^https:\/\/[^\s]+$/.test(body.url) && typeof headers === 'object' && Object.values(headers as object).every((v) => typeof v === 'string');
      if (!valid) return sendJson(res, 400, { meta: { success: false, http_code: 400, developer_message: 'Invalid webhook url', details: [] } });
      if (fake.failWebhook) return sendJson(res, 500, { meta: { success: false, http_code: 500, developer_message: 'Internal error' } });
      fake.webhooks.set(apiKey as string, { url: body.url as string, headers: headers as Record<string, string> });
      return sendJson(res, 200, { url: body.url, headers });
    }
    if (url.pathname === '/messages' && req.method === 'POST') return sendMessage(apiKey as string, account, body, res);
    return sendJson(res, 404, { meta: { success: false, http_code: 404, developer_message: 'Not found' } });
  });

  function hub(req: IncomingMessage, raw: string, res: Parameters<typeof sendJson>[0]) {
    const path = new URL(req.url ?? '/', 'http://fake').pathname.slice('/hub'.length);
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(raw || '{}');
    } catch {
      return sendJson(res, 400, { detail: 'Invalid JSON' });
    }
    if (path === '/token' && req.method === 'POST') {
      if (body.username !== PARTNER.username || body.password !== PARTNER.password) return sendJson(res, 401, { detail: 'Invalid credentials' });
      const token = `hubtoken-${randomUUID()}`;
      fake.partnerTokens.add(token);
      fake.tokenCalls++;
      return sendJson(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 86400 });
    }
    const bearer = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!fake.partnerTokens.has(bearer)) return sendJson(res, 401, { detail: 'Not authenticated' });
    const keyCall = /^\/partners\/([^/]+)\/channels\/([^/]+)\/api_keys$/.exec(path);
    if (keyCall && req.method === 'POST') {
      if (keyCall[1] !== PARTNER.partnerId) return sendJson(res, 403, { detail: 'Forbidden' });
      const channel = fake.channels.get(decodeURIComponent(keyCall[2]!));
      if (!channel) return sendJson(res, 404, { detail: 'Channel not found' });
      if (!channel.shared) return sendJson(res, 403, { detail: 'Partner has no permission for this channel' });
      if (channel.apiKey) fake.accounts.delete(channel.apiKey);
      const apiKey = `hubkey${randomUUID().replaceAll('-', '')}`;
      channel.apiKey = apiKey;
      fake.addAccount(apiKey, channel.templates as (Partial<FakeTemplate> & { name: string })[]);
      return sendJson(res, 201, { api_key: apiKey, id: randomUUID(), address: 'https://waba-v2.360dialog.io', app_id: 'app1' });
    }
    return sendJson(res, 404, { detail: 'Not found' });
  }

  function createTemplate(account: { templates: FakeTemplate[] }, body: Record<string, unknown>, res: Parameters<typeof sendJson>[0]) {
    const { name, category, language } = body as { name?: unknown; category?: unknown; language?: unknown };
    const components = Array.isArray(body.components) ? (body.components as { type?: string; text?: unknown; format?: string; example?: Record<string, unknown> }[]) : [];
    if (typeof name !== 'string' || !NAME.test(name)) return sendJson(res, 400, graphError(100, 'Param name must be lowercase letters, digits and underscores'));
    if (!['AUTHENTICATION', 'MARKETING', 'UTILITY'].includes(category as string)) return sendJson(res, 400, graphError(100, 'Invalid category'));
    if (typeof language !== 'string' || !/^[a-z]{2,3}(_[A-Z]{2})?$/.test(language)) return sendJson(res, 400, graphError(100, 'Invalid language'));
    const bodyPart = components.find((c) => c.type === 'BODY');
    if (typeof bodyPart?.text !== 'string' || !bodyPart.text || bodyPart.text.length > 1024) return sendJson(res, 400, graphError(100, 'Body text is required and at most 1024 characters'));
    const examples = (bodyPart.example?.body_text as unknown[][] | undefined)?.[0] ?? [];
    if (examples.length !== variables(bodyPart.text)) return sendJson(res, 400, graphError(100, 'Variables need examples'));
    const header = components.find((c) => c.type === 'HEADER');
    if (header && header.format !== 'TEXT' && !(header.example?.header_handle as unknown[] | undefined)?.length) return sendJson(res, 400, graphError(100, 'Media header needs an example'));
    if (account.templates.some((t) => t.name === name && t.language === language)) return sendJson(res, 400, graphError(2388024, 'Content in this language already exists'));
    if (!account.templates.some((t) => t.name === name) && new Set(account.templates.map((t) => t.name)).size >= 250) return sendJson(res, 400, graphError(2388023, 'Message template limit reached'));
    const t = fakeTemplate({ name, language, category: category as string, status: 'submitted', components: components as Record<string, unknown>[] });
    account.templates.push(t);
    return sendJson(res, 200, { id: t.id, status: 'submitted', category: t.category });
  }

  function sendMessage(apiKey: string, account: { templates: FakeTemplate[]; windowOpen: Set<string> }, body: Record<string, unknown>, res: Parameters<typeof sendJson>[0]) {
    if (body.messaging_product !== 'whatsapp' || typeof body.to !== 'string' || !/^\d{6,15}$/.test(body.to)) return sendJson(res, 400, graphError(100, 'Invalid parameter'));
    if (body.type === 'template') {
      const tpl = (body.template ?? {}) as { name?: unknown; language?: { code?: unknown }; components?: { type?: string; parameters?: unknown[] }[] };
      const found = account.templates.find((t) => t.name === tpl.name && t.language === tpl.language?.code && t.status === 'approved');
      if (!found) return sendJson(res, 404, graphError(132001, 'Template name does not exist in the translation'));
      const expected = variables(String(found.components.find((c) => c.type === 'BODY')?.text ?? ''));
      const given = tpl.components?.find((c) => c.type === 'body')?.parameters?.length ?? 0;
      if (given !== expected) return sendJson(res, 400, graphError(132000, 'Number of parameters does not match the expected number of params'));
    } else if (body.type === 'text') {
      const text = (body.text as { body?: unknown } | undefined)?.body;
      if (typeof text !== 'string' || !text) return sendJson(res, 400, graphError(100, 'Text body is required'));
      if (!account.windowOpen.has(body.to)) return sendJson(res, 400, graphError(131047, 'Re-engagement message'));
    } else return sendJson(res, 400, graphError(100, 'Unsupported type'));
    const id = `wamid.${randomUUID()}`;
    fake.sent.push({ apiKey, body, id });
    return sendJson(res, 200, { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id }] });
  }

  return Object.assign(fake, server, {
    accounts: new Map(),
    sent: [],
    webhooks: new Map(),
    failWebhook: false,
    channels: new Map(),
    partnerTokens: new Set(),
    tokenCalls: 0,
    async notify(apiKey: string, payload: unknown, origin: string) {
      const hook = fake.webhooks.get(apiKey);
      if (!hook) throw new Error(`no webhook set for ${apiKey}`);
      const target = new URL(hook.url);
      return fetch(`${origin.replace(/\/+$/, '')}${target.pathname}`, { method: 'POST', headers: { 'content-type': 'application/json', ...hook.headers }, body: JSON.stringify(payload) });
    },
    addAccount(apiKey: string, templates: (Partial<FakeTemplate> & { name: string })[] = [], wabaId = `waba-${apiKey}`) {
      fake.accounts.set(apiKey, { templates: templates.map(fakeTemplate), windowOpen: new Set(), wabaId });
    },
    setStatus(apiKey: string, name: string, status: FakeTemplate['status']) {
      for (const t of fake.accounts.get(apiKey)?.templates ?? []) if (t.name === name) t.status = status;
    },
  });
}
