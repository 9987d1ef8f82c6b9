import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { sendJson, startFake, type FakeServer } from './http-fake.ts';

/**
 * YCLIENTS / Altegio REST v1 double (research-19 §1; docs/booking-systems.md): one fake, either flavour by the Accept
 * header it demands (YCLIENTS `application/vnd.yclients.v2+json`, Altegio `application/vnd.api.v2+json`; another
 * Accept is a 400). Every call needs `Authorization: Bearer <partner>` (a wrong partner: 401), user calls
 * `Bearer <partner>, User <user>` (YCLIENTS also spells it without the space): an unknown user token is 401
 * "Authentication needed."; a company the user does not manage, or a right the user lacks, is 403 "Access denied.".
 * A salon installed from the marketplace answers partner-only calls. Answers are `{success, data, meta}`.
 */
export type FakeRight = 'staff' | 'services' | 'clients' | 'webhook';
export const ALL_RIGHTS: FakeRight[] = ['staff', 'services', 'clients', 'webhook'];

export interface FakeCompany {
  title: string;
  city?: string;
  timezone?: number;
  staff: { id: number; name: string; fired?: number; hidden?: number }[];
  services: { id: number; title: string; price_min: number }[];
  clients: { id: number; name: string; phone: string }[];
  hooks: { urls: string[]; [flag: string]: unknown };
}

export interface YclientsFake extends FakeServer {
  partnerToken: string;
  companies: Map<number, FakeCompany>;
  /** login → password, the user's token and its rights per company. */
  users: Map<string, { password: string; token: string; name: string; rights: Map<number, FakeRight[]> }>;
  /** salon id → the application installed there (marketplace). */
  installs: Map<number, number>;
  callbacks: { salon_id: unknown; application_id: unknown; webhook_urls: unknown }[];
  /** Adds a user reaching these companies with these rights; returns the login, password and token. */
  addUser(companies: Record<number, FakeRight[]>): { login: string; password: string; token: string };
  /** The user's password changed: their token stops working (as the systems do). */
  rotateToken(login: string): void;
  /** The next `count` requests answer `status` (5xx, 429). */
  failNext(count: number, status: number): void;
  calls: { method: string; path: string; status: number }[];
  /** While set, staff lists wait for it (a pull held in the middle). */
  gate?: Promise<void>;
}

const ACCEPT = { yclients: 'application/vnd.yclients.v2+json', altegio: 'application/vnd.api.v2+json' };
const ok = (data: unknown, meta: unknown = []) => ({ success: true, data, meta });
const err = (message: string) => ({ success: false, data: null, meta: { message } });

/** `port` and `partnerToken` fixed for the e2e run (its servers are configured before the double starts); random otherwise. */
export async function startYclientsFake(system: 'yclients' | 'altegio' = 'yclients', options: { port?: number; partnerToken?: string } = {}): Promise<YclientsFake> {
  const fake = {} as YclientsFake;
  let failing = { count: 0, status: 500 };
  let seq = 0;

  const userOf = (token: string) => [...fake.users.values()].find((u) => u.token === token);

  const server = await startFake(async (req: IncomingMessage, raw, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    res.on('finish', () => fake.calls.push({ method: req.method ?? 'GET', path, status: res.statusCode }));
    if (failing.count > 0) {
      failing.count--;
      return sendJson(res, failing.status, err('Service unavailable'));
    }
    if (req.headers.accept !== ACCEPT[system]) return sendJson(res, 400, err('Unsupported Accept header'));
    const auth = /^Bearer ([^,\s]+)(?:,\s?User (\S+))?$/.exec(req.headers.authorization ?? '');
    if (!auth || auth[1] !== fake.partnerToken) return sendJson(res, 401, err('Partner authentication needed.'));
    const userToken = auth[2];
    const user = userToken ? userOf(userToken) : undefined;
    if (userToken && !user) return sendJson(res, 401, err('Authentication needed.'));
    let body: Record<string, unknown> = {};
    if (req.method === 'POST') {
      if (!(req.headers['content-type'] ?? '').startsWith('application/json')) return sendJson(res, 400, err('JSON expected'));
      try {
        body = JSON.parse(raw || '{}');
      } catch {
        return sendJson(res, 400, err('Invalid JSON'));
      }
    }
    /** The company if the caller may use `right` there; else the answer was sent. */
    const access = (id: number, right?: FakeRight): FakeCompany | undefined => {
      const company = fake.companies.get(id);
      if (!company) return void sendJson(res, 404, err('Company not found'));
      if (user) {
        const rights = user.rights.get(id);
        if (!rights || (right && !rights.includes(right))) return void sendJson(res, 403, err('Access denied.'));
        return company;
      }
      if (!fake.installs.has(id)) return void sendJson(res, 401, err('Authentication needed.'));
      return company;
    };

    if (path === '/api/v1/auth' && req.method === 'POST') {
      const u = typeof body.login === 'string' ? fake.users.get(body.login) : undefined;
      if (!u || body.password !== u.password) return sendJson(res, 401, err('Incorrect login or password'));
      return sendJson(res, 201, ok({ id: 1, user_token: u.token, name: u.name, login: body.login }));
    }
    if (path === '/api/v1/companies' && req.method === 'GET') {
      if (!user || url.searchParams.get('my') !== '1') return sendJson(res, 401, err('Authentication needed.'));
      const list = [...user.rights.keys()].map((id) => ({ id, title: fake.companies.get(id)!.title, city: fake.companies.get(id)!.city }));
      return sendJson(res, 200, ok(list, { count: list.length }));
    }
    if (path === '/api/v1/marketplace/partner/callback' && req.method === 'POST') {
      if (userToken) return sendJson(res, 401, err('Partner token only'));
      fake.callbacks.push({ salon_id: body.salon_id, application_id: body.application_id, webhook_urls: body.webhook_urls });
      const app = typeof body.salon_id === 'number' ? fake.installs.get(body.salon_id) : undefined;
      if (app === undefined || app !== body.application_id) return sendJson(res, 404, err('Installation not found'));
      const urls = Array.isArray(body.webhook_urls) ? body.webhook_urls.filter((u): u is string => typeof u === 'string') : [];
      const hooks = fake.companies.get(body.salon_id as number)!.hooks;
      hooks.urls = [...new Set([...hooks.urls, ...urls])];
      return sendJson(res, 200, ok(null));
    }
    let m = /^\/api\/v1\/company\/(\d+)$/.exec(path);
    if (m && req.method === 'GET') {
      const c = fake.companies.get(Number(m[1]));
      return c ? sendJson(res, 200, ok({ id: Number(m[1]), title: c.title, city: c.city, timezone: c.timezone })) : sendJson(res, 404, err('Company not found'));
    }
    if ((m = /^\/api\/v1\/staff\/(\d+)$/.exec(path)) && req.method === 'GET') {
      if (fake.gate) await fake.gate;
      const c = access(Number(m[1]), 'staff');
      return c && sendJson(res, 200, ok(c.staff, { total_count: c.staff.length }));
    }
    if ((m = /^\/api\/v1\/company\/(\d+)\/services$/.exec(path)) && req.method === 'GET') {
      const c = access(Number(m[1]), 'services');
      return c && sendJson(res, 200, ok(c.services));
    }
    if ((m = /^\/api\/v1\/company\/(\d+)\/clients\/search$/.exec(path)) && req.method === 'POST') {
      const c = access(Number(m[1]), 'clients');
      if (!c) return;
      const page = Number(body.page ?? 1);
      const size = Number(body.page_size ?? 25);
      if (!Number.isInteger(page) || page < 1 || !Number.isInteger(size) || size < 1 || size > 200) return sendJson(res, 400, err('page_size must be 1..200'));
      return sendJson(res, 200, ok(c.clients.slice((page - 1) * size, page * size), { total_count: c.clients.length }));
    }
    if ((m = /^\/api\/v1\/hooks_settings\/(\d+)$/.exec(path))) {
      const c = access(Number(m[1]), 'webhook');
      if (!c) return;
      if (req.method === 'POST') {
        if (!Array.isArray(body.urls)) return sendJson(res, 400, err('urls must be a list'));
        c.hooks = { ...c.hooks, ...body, urls: body.urls as string[] };
      }
      return sendJson(res, 200, ok(c.hooks));
    }
    return sendJson(res, 404, err('Not found'));
  }, options.port);

  return Object.assign(fake, server, {
    partnerToken: options.partnerToken ?? `partner-${randomBytes(8).toString('hex')}`,
    companies: new Map(),
    users: new Map(),
    installs: new Map(),
    callbacks: [],
    calls: [],
    addUser(companies: Record<number, FakeRight[]>) {
      const login = `owner${++seq}-${randomBytes(3).toString('hex')}@example.com`;
      const password = `pw-${randomBytes(6).toString('hex')}`;
      const token = randomBytes(16).toString('hex');
      fake.users.set(login, { password, token, name: `User ${seq}`, rights: new Map(Object.entries(companies).map(([id, r]) => [Number(id), r])) });
      return { login, password, token };
    },
    rotateToken(login: string) {
      fake.users.get(login)!.token = randomBytes(16).toString('hex');
    },
    failNext(count: number, status: number) {
      failing = { count, status };
    },
  });
}

/**
 * The marketplace redirect's signed user data (`user_data` = base64 of a JSON object, `user_data_sign` = hex
 * HMAC-SHA256 of that string under the partner token; docs/booking-systems.md "Marketplace"), as the system signs it.
 */
export function signedUserData(partnerToken: string, data: Record<string, unknown>): { userData: string; userDataSign: string } {
  const userData = Buffer.from(JSON.stringify(data)).toString('base64');
  return { userData, userDataSign: createHmac('sha256', partnerToken).update(userData).digest('hex') };
}
