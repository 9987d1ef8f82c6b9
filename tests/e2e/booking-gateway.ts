// The browser tests' YCLIENTS: a double of its REST v1 (research-19 §1, the calls the server's adapter makes:
// src/server/modules/connections/booking-systems/api.ts) behind a fixed port, so the e2e server gets YCLIENTS_API_URL
// and YCLIENTS_PARTNER_TOKEN before it starts. It enforces the partner token and the user token in
// `Authorization: Bearer <partner>, User <user>`, the YCLIENTS Accept header, the `{success, data, meta}` envelope
// and 401/403/404 answers. Every login gets its own companies (ids never reused), so each run and each brand's
// project links companies nobody linked before. A salon made by `/__e2e/install` has installed the marketplace app
// `E2E_YCLIENTS_APP`: the partner callback confirms it, and from then on the partner token alone reaches it.
// Test-only; lives in the global setup's process.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { E2E_PORT } from './ports.ts';

export const E2E_YCLIENTS_PORT = E2E_PORT + 21;
export const E2E_YCLIENTS_PARTNER = 'e2e-yclients-partner-token';
/** The marketplace application the double knows (the id YCLIENTS gives a partner's app). */
export const E2E_YCLIENTS_APP = '4242';
/** The password the double accepts for any login (another one is refused at the field). */
export const E2E_YCLIENTS_PASSWORD = 'right-password';

const ACCEPT = 'application/vnd.yclients.v2+json';

interface Company { installed?: boolean; id: number; title: string; city: string; timezone: number; staff: { id: number; name: string; fired: number; hidden: number }[]; hooks: { urls: string[]; [flag: string]: unknown } }
interface User { token: string; login: string; companies: number[] }

/** What a login's companies are called: the test reads the same names (the login's tag names them). */
export const companyNames = (tag: string) => [`Salon ${tag} Center`, `Salon ${tag} North`];
export const masterName = (tag: string, n: number) => `Master ${tag} ${n}`;

export async function startBookingGateway(): Promise<() => Promise<void>> {
  const users = new Map<string, User>(); // by login
  const tokens = new Map<string, User>();
  const companies = new Map<number, Company>();
  let next = 700_000 + Math.floor(Math.random() * 100_000) * 10; // a fresh range per run: ids linked by earlier runs stay unused

  const installs = new Map<number, boolean>(); // salon → install confirmed by the partner callback

  /** A salon that installed our marketplace app: the partner token alone reaches it once the install is confirmed. */
  function install(tag: string): { salonId: number; name: string } {
    const id = ++next;
    const name = `Salon ${tag} Market`;
    const staff = [1, 2].map((n) => ({ id: ++next, name: masterName(tag, n), fired: 0, hidden: 0 }));
    companies.set(id, { id, title: name, city: 'Kazan', timezone: 3, staff, hooks: { urls: [], active: 0 } });
    installs.set(id, false);
    return { salonId: id, name };
  }

  function userOf(login: string): User {
    const known = users.get(login);
    if (known) return known;
    const tag = login.split('@')[0]!;
    const user: User = { token: `ut-${next}-${login.length}`, login, companies: [] };
    for (const [i, title] of companyNames(tag).entries()) {
      const id = ++next;
      const staff = [1, 2].map((n) => ({ id: ++next, name: masterName(tag, n + i * 2), fired: 0, hidden: 0 }));
      companies.set(id, { id, title, city: i ? 'Tver' : 'Moscow', timezone: 3, staff, hooks: { urls: [], active: 0 } });
      user.companies.push(id);
    }
    users.set(login, user);
    tokens.set(user.token, user);
    return user;
  }

  const send = (res: ServerResponse, status: number, data: unknown, meta: unknown = []) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(status < 300 ? { success: true, data, meta } : { success: false, data: null, meta: { message: data } }));
  };

  function handle(req: IncomingMessage, raw: string, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://double');
    if (url.pathname === '/__e2e/install') return send(res, 200, install(url.searchParams.get('tag') ?? 'x'));
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const auth = /^Bearer ([^,\s]+)(?:,\s*User (\S+))?$/.exec(req.headers.authorization ?? '');
    if (!auth || auth[1] !== E2E_YCLIENTS_PARTNER) return send(res, 401, 'Authentication needed.');
    if (req.headers.accept !== ACCEPT) return send(res, 415, 'Unsupported Accept header.');
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};

    if (req.method === 'POST' && path === '/auth') {
      const login = String(body.login ?? '');
      if (!login || body.password !== E2E_YCLIENTS_PASSWORD) return send(res, 401, 'Incorrect login or password.');
      const user = userOf(login);
      return send(res, 201, { id: 1, user_token: user.token, name: login, login });
    }
    if (req.method === 'POST' && path === '/marketplace/partner/callback') {
      const salon = Number(body.salon_id);
      if (!installs.has(salon) || String(body.application_id) !== E2E_YCLIENTS_APP || !Array.isArray(body.webhook_urls)) return send(res, 400, 'Installation not found.');
      installs.set(salon, true);
      companies.get(salon)!.hooks = { urls: body.webhook_urls.map(String), active: 1, record: 1, client: 1 };
      return send(res, 200, null);
    }
    const partnerOnly = !auth[2];
    const user = auth[2] ? tokens.get(auth[2]) : undefined;
    if (!user && !partnerOnly) return send(res, 401, 'Authentication needed.');
    if (user && req.method === 'GET' && path === '/companies' && url.searchParams.get('my') === '1') {
      return send(res, 200, user.companies.map((id) => companies.get(id)!).map(({ id, title, city, timezone }) => ({ id, title, city, timezone })));
    }
    const match = /^\/(company|staff|hooks_settings)\/(\d+)(\/services|\/clients\/search)?$/.exec(path);
    const company = match ? companies.get(Number(match[2])) : undefined;
    if (!match || !company) return send(res, 404, 'Not found.');
    if (user ? !user.companies.includes(company.id) : !installs.get(company.id)) return send(res, 403, 'Access denied.');
    const [, kind, , tail] = match;
    if (kind === 'company' && !tail && req.method === 'GET') return send(res, 200, { id: company.id, title: company.title, city: company.city, timezone: company.timezone });
    if (kind === 'staff' && req.method === 'GET') return send(res, 200, company.staff, { total_count: company.staff.length });
    if (tail === '/services' && req.method === 'GET') return send(res, 200, [{ id: company.id * 10 + 1, title: 'Haircut', price_min: 1500 }]);
    if (tail === '/clients/search' && req.method === 'POST') {
      const clients = Number(body.page ?? 1) === 1 ? [{ id: company.id * 10 + 2, name: 'Client One', phone: '+79161234567' }] : [];
      return send(res, 200, clients, { total_count: 1 });
    }
    if (kind === 'hooks_settings' && req.method === 'GET') return send(res, 200, company.hooks);
    if (kind === 'hooks_settings' && req.method === 'POST') {
      company.hooks = { ...company.hooks, ...body, urls: Array.isArray(body.urls) ? body.urls.map(String) : company.hooks.urls };
      return send(res, 200, company.hooks);
    }
    return send(res, 404, 'Not found.');
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        handle(req, Buffer.concat(chunks).toString('utf8'), res);
      } catch {
        send(res, 400, 'Bad request.');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(E2E_YCLIENTS_PORT, '127.0.0.1', resolve));
  return () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
}

/** The e2e server's YCLIENTS settings (playwright.config.ts): the double and its partner token. */
export const bookingEnv = () => ({ YCLIENTS_API_URL: `http://127.0.0.1:${E2E_YCLIENTS_PORT}`, YCLIENTS_PARTNER_TOKEN: E2E_YCLIENTS_PARTNER });

/** A salon that installed the marketplace app (the test's side of the install; the double lives in another process). */
export async function installSalon(tag: string): Promise<{ salonId: number; name: string }> {
  const answer = await fetch(`http://127.0.0.1:${E2E_YCLIENTS_PORT}/__e2e/install?tag=${encodeURIComponent(tag)}`);
  return ((await answer.json()) as { data: { salonId: number; name: string } }).data;
}
