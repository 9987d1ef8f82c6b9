import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { SlidingWindow, sendJson, startFake, type FakeServer } from './http-fake.ts';

/**
 * amoCRM double (research-19.md §3, providers.md E.3), every account under `/<subdomain>` (AMO_API_ORIGIN
 * `<url>/{subdomain}`): POST /oauth2/access_token (JSON; client_id, client_secret and redirect_uri must match the
 * integration; a code lives 20 minutes and is single-use; a refresh token is single-use: reuse → 401 "Token has been
 * revoked"; an access token expires after `expires_in` 86400 s) on its own clock; API v4 with `Authorization: Bearer`
 * (401 problem+json otherwise): GET /api/v4/account, GET /api/v4/leads/pipelines (statuses embedded), POST
 * /api/v4/leads/complex (a lead with one embedded contact, new or by id), PATCH /api/v4/leads/{id}; POST
 * /api/v4/webhooks; more than 7 requests a second per account → 429. Errors are application/problem+json.
 */
export interface AmoFake extends FakeServer {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** The fake's clock (ms); tests move it. */
  clock: { ms: number };
  accounts: Map<string, AmoAccount>;
  /** A code the consent page would give for this account. */
  issueCode(subdomain: string): string;
  /** Every token of the account stops working (the owner removed the integration). */
  revoke(subdomain: string): void;
  refreshes: number;
  rateLimited: number;
  /** The next `count` API requests (not OAuth) answer `status` with a problem+json body. */
  failNext(subdomain: string, count: number, status: number): void;
  calls: { method: string; path: string; status: number }[];
}
export interface AmoAccount {
  pipelines: { id: number; name: string; _embedded: { statuses: { id: number; name: string }[] } }[];
  leads: Map<number, { id: number; name: string; price: number; pipeline_id?: number; status_id?: number; contactId: number }>;
  contacts: Map<number, { id: number; name: string; phone?: string }>;
  webhooks: string[];
}

const problem = (res: ServerResponse, status: number, title: string, detail: string, extra: Record<string, unknown> = {}) => {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/problem+json' });
  res.end(JSON.stringify({ title, type: `https://httpstatus.es/${status}`, status, detail, ...extra }));
};

export async function startAmoFake(opts: { perSecond?: number; redirectUri: string; clientId?: string; clientSecret?: string }): Promise<AmoFake> {
  const window = new SlidingWindow(opts.perSecond ?? 7, 1000);
  const codes = new Map<string, { subdomain: string; expiresAt: number }>();
  const access = new Map<string, { subdomain: string; expiresAt: number }>();
  const refresh = new Map<string, { subdomain: string; used: boolean }>();
  let ids = 1000;
  const failing = { subdomain: '', count: 0, status: 503 };
  const fake = {} as AmoFake;

  const pair = (subdomain: string) => {
    const accessToken = randomBytes(24).toString('hex');
    const refreshToken = randomBytes(24).toString('hex');
    access.set(accessToken, { subdomain, expiresAt: fake.clock.ms + 86_400_000 });
    refresh.set(refreshToken, { subdomain, used: false });
    return { token_type: 'Bearer', expires_in: 86400, access_token: accessToken, refresh_token: refreshToken };
  };

  const server = await startFake((req, raw, res) => {
    res.on('finish', () => fake.calls.push({ method: req.method ?? 'GET', path: req.url ?? '', status: res.statusCode }));
    const m = /^\/([a-z0-9-]+)(\/[^?]*)/.exec(req.url ?? '');
    const account = m ? fake.accounts.get(m[1]!) : undefined;
    if (!m || !account) return problem(res, 401, 'Unauthorized', 'Account not found', { 'error-code': 101 });
    const [subdomain, path] = [m[1]!, m[2]!];
    let body: any;
    if (req.method === 'POST' || req.method === 'PATCH') {
      try {
        body = JSON.parse(raw || 'null');
      } catch {
        return problem(res, 400, 'Bad Request', 'Invalid JSON');
      }
    }
    if (path === '/oauth2/access_token' && req.method === 'POST') {
      if (body?.client_id !== fake.clientId || body?.client_secret !== fake.clientSecret) return problem(res, 401, 'Unauthorized', 'Client authentication failed');
      if (body.redirect_uri !== fake.redirectUri) return problem(res, 400, 'Bad Request', 'redirect_uri mismatch', { hint: 'Redirect URI mismatch' });
      if (body.grant_type === 'authorization_code') {
        const code = codes.get(String(body.code));
        codes.delete(String(body.code));
        if (!code || code.subdomain !== subdomain || code.expiresAt <= fake.clock.ms) return problem(res, 400, 'Некорректный запрос', 'Authorization code has expired', { hint: 'Authorization code has expired' });
        return sendJson(res, 200, pair(subdomain));
      }
      if (body.grant_type === 'refresh_token') {
        fake.refreshes++;
        const r = refresh.get(String(body.refresh_token));
        if (!r || r.used || r.subdomain !== subdomain) {
          return problem(res, 401, 'Некорректный запрос', 'В запросе отсутствует ряд параметров или параметры невалидны', { hint: 'Token has been revoked', type: 'https://developers.amocrm.ru/v3/errors/OAuthProblemJson' });
        }
        r.used = true;
        return sendJson(res, 200, pair(subdomain));
      }
      return problem(res, 400, 'Bad Request', 'Unsupported grant type');
    }
    const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    const a = token ? access.get(token) : undefined;
    if (!a || a.subdomain !== subdomain || a.expiresAt <= fake.clock.ms) return problem(res, 401, 'Unauthorized', 'Unauthorized', { 'error-code': 110 });
    if (failing.count > 0 && failing.subdomain === subdomain) {
      failing.count--;
      return problem(res, failing.status, failing.status === 429 ? 'Too Many Requests' : 'Service Unavailable', 'Injected failure');
    }
    const now = Date.now();
    if (window.wait(subdomain, now) > 0) {
      fake.rateLimited++;
      return problem(res, 429, 'Too Many Requests', 'Too many requests');
    }
    window.record(subdomain, now);
    if (path === '/api/v4/account' && req.method === 'GET') return sendJson(res, 200, { id: 1, name: subdomain, subdomain });
    if (path === '/api/v4/leads/pipelines' && req.method === 'GET') return sendJson(res, 200, { _total_items: account.pipelines.length, _embedded: { pipelines: account.pipelines } });
    if (path === '/api/v4/webhooks' && req.method === 'POST') {
      account.webhooks.push(String(body?.destination));
      return sendJson(res, 200, { destination: body?.destination, settings: body?.settings });
    }
    if (path === '/api/v4/leads/complex' && req.method === 'POST') {
      if (!Array.isArray(body) || body.length === 0 || body.length > 50) return problem(res, 400, 'Bad Request', 'Request validation failed');
      const out = [];
      for (const lead of body) {
        if (typeof lead?.name !== 'string' || typeof lead.price !== 'number') return problem(res, 400, 'Bad Request', 'Request validation failed', { 'validation-errors': [{ request_id: '0', errors: [{ code: 'InvalidType', path: 'name', detail: 'name' }] }] });
        const c = lead._embedded?.contacts?.[0];
        let contactId: number;
        if (typeof c?.id === 'number') {
          if (!account.contacts.has(c.id)) return problem(res, 400, 'Bad Request', 'Contact not found');
          contactId = c.id;
        } else {
          contactId = ++ids;
          const phone = c?.custom_fields_values?.find((f: any) => f.field_code === 'PHONE')?.values?.[0];
          account.contacts.set(contactId, { id: contactId, name: String(c?.name ?? ''), phone: phone?.enum_code === 'WORK' ? phone.value : undefined });
        }
        const id = ++ids;
        account.leads.set(id, { id, name: lead.name, price: lead.price, pipeline_id: lead.pipeline_id, status_id: lead.status_id, contactId });
        out.push({ id, contact_id: contactId, company_id: null, request_id: [String(out.length)], merged: false });
      }
      return sendJson(res, 200, out);
    }
    const leadPath = /^\/api\/v4\/leads\/(\d+)$/.exec(path);
    if (leadPath && req.method === 'PATCH') {
      const lead = account.leads.get(Number(leadPath[1]));
      if (!lead) return problem(res, 404, 'Not Found', 'Lead not found');
      Object.assign(lead, { name: body?.name ?? lead.name, price: body?.price ?? lead.price, pipeline_id: body?.pipeline_id ?? lead.pipeline_id, status_id: body?.status_id ?? lead.status_id });
      return sendJson(res, 200, { id: lead.id, updated_at: Math.floor(fake.clock.ms / 1000) });
    }
    return problem(res, 404, 'Not Found', 'No such route');
  });

  return Object.assign(fake, server, {
    clientId: opts.clientId ?? 'integration-' + randomBytes(4).toString('hex'),
    clientSecret: opts.clientSecret ?? randomBytes(16).toString('hex'),
    redirectUri: opts.redirectUri,
    clock: { ms: Date.now() },
    accounts: new Map<string, AmoAccount>(),
    refreshes: 0,
    rateLimited: 0,
    failNext(subdomain: string, count: number, status: number) {
      Object.assign(failing, { subdomain, count, status });
    },
    calls: [],
    issueCode(subdomain: string) {
      const code = `def50200${randomBytes(32).toString('hex')}`;
      codes.set(code, { subdomain, expiresAt: fake.clock.ms + 20 * 60_000 });
      return code;
    },
    revoke(subdomain: string) {
      for (const [k, v] of access) if (v.subdomain === subdomain) access.delete(k);
      for (const v of refresh.values()) if (v.subdomain === subdomain) v.used = true;
    },
  });
}
