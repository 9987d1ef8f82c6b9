// The browser tests' YCLIENTS: the server side's double (tests/fakes/yclients-fake.ts: partner and user tokens,
// Accept header, envelope, rights, marketplace installs) behind a fixed port, so the e2e server gets YCLIENTS_API_URL
// and YCLIENTS_PARTNER_TOKEN before the double starts, plus test controls under /__e2e/ (the double lives in the global
// setup's process, not in the test workers). Every control makes companies with fresh ids, so runs and brands never
// meet a company another cabinet linked. Test-only.
import { createServer, type Server } from 'node:http';
import { ALL_RIGHTS, startYclientsFake, type FakeCompany, type FakeRight, type YclientsFake } from '../fakes/yclients-fake.ts';
import { E2E_PORT } from './ports.ts';

export const E2E_YCLIENTS_PORT = E2E_PORT + 21;
export const E2E_YCLIENTS_PARTNER = 'e2e-yclients-partner-token';
/** The marketplace application the double knows (the id YCLIENTS gives a partner's app). */
export const E2E_YCLIENTS_APP = '4242';

/** The e2e server's YCLIENTS settings (playwright.config.ts): the double and its partner token. */
export const bookingEnv = () => ({ YCLIENTS_API_URL: `http://127.0.0.1:${E2E_YCLIENTS_PORT}`, YCLIENTS_PARTNER_TOKEN: E2E_YCLIENTS_PARTNER });

export const masterName = (tag: string, n: number) => `Master ${tag} ${n}`;

/** A company of the double named by the test's tag: two masters, a service, a client. */
function addCompany(fake: YclientsFake, id: number, title: string, tag: string, first: number): void {
  const company: FakeCompany = {
    title,
    city: 'Moscow',
    timezone: 3,
    staff: [first, first + 1].map((n) => ({ id: id * 10 + n, name: masterName(tag, n) })),
    services: [{ id: id * 10, title: 'Haircut', price_min: 1500 }],
    clients: [{ id: id * 10, name: 'Client One', phone: '+79161234567' }],
    hooks: { urls: [], active: 0 },
  };
  fake.companies.set(id, company);
}

type Controls = Partial<Record<string, (query: URLSearchParams) => unknown>>;

function controlsOf(fake: YclientsFake): Controls {
  let next = 700_000 + Math.floor(Math.random() * 100_000) * 10; // a fresh range per run: ids linked by earlier runs stay unused
  return {
    /** A user reaching two companies (every right, or those of `rights=staff,services`): what the owner types into the form. */
    user: (q) => {
      const rights = q.get('rights')?.split(',').filter((r): r is FakeRight => (ALL_RIGHTS as string[]).includes(r)) ?? ALL_RIGHTS;
      const tag = q.get('tag') ?? 'x';
      const names = [`Salon ${tag} Center`, `Salon ${tag} North`];
      const ids = names.map((title, i) => {
        const id = ++next;
        addCompany(fake, id, title, tag, 1 + i * 2);
        return id;
      });
      const { login, password, token } = fake.addUser(Object.fromEntries(ids.map((id) => [id, rights])));
      return { login, password, token, names };
    },
    /** A salon that installed the marketplace app: the partner token alone reaches it. */
    install: (q) => {
      const tag = q.get('tag') ?? 'x';
      const salonId = ++next;
      const name = `Salon ${tag} Market`;
      addCompany(fake, salonId, name, tag, 1);
      fake.installs.set(salonId, Number(E2E_YCLIENTS_APP));
      return { salonId, name };
    },
  };
}

export async function startBookingGateway(): Promise<() => Promise<void>> {
  const fake = await startYclientsFake('yclients');
  fake.partnerToken = E2E_YCLIENTS_PARTNER;
  const controls = controlsOf(fake);
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => void forward(Buffer.concat(chunks)).catch((error) => (res.writeHead(502), res.end(String(error)))));
    async function forward(body: Buffer) {
      const url = new URL(req.url ?? '/', 'http://double');
      const control = /^\/__e2e\/(\w+)$/.exec(url.pathname)?.[1];
      if (control) {
        const run = controls[control];
        res.writeHead(run ? 200 : 404, { 'content-type': 'application/json' });
        return res.end(JSON.stringify(run ? run(url.searchParams) : { error: `unknown control ${control}` }));
      }
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k, v]) => typeof v === 'string' && !['host', 'content-length', 'connection'].includes(k))) as Record<string, string>;
      const answer = await fetch(`${fake.url}${req.url}`, { method: req.method, headers, body: body.length ? new Uint8Array(body) : undefined });
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      res.end(Buffer.from(await answer.arrayBuffer()));
    }
  });
  await new Promise<void>((resolve) => server.listen(E2E_YCLIENTS_PORT, '127.0.0.1', resolve));
  return async () => {
    await new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
    await fake.close();
  };
}

/** Runs a control of the double (the test's side: a user to connect with, a marketplace install). */
export async function bookingControl<R>(action: 'user' | 'install', tag: string, rights?: readonly FakeRight[]): Promise<R> {
  const query = new URLSearchParams({ tag, ...(rights ? { rights: rights.join(',') } : {}) });
  const answer = await fetch(`http://127.0.0.1:${E2E_YCLIENTS_PORT}/__e2e/${action}?${query}`);
  return (await answer.json()) as R;
}
