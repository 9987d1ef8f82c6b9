// The browser tests' amoCRM: the double (tests/fakes/amo-fake.ts) behind a fixed port, so the e2e server can be given
// AMO_* before it starts, plus amoCRM's consent page at /oauth (it grants at once for a new account and returns to
// the cabinet the browser came from, as amoCRM returns to the integration's redirect URI). Test-only.
import { createServer, type Server } from 'node:http';
import { startAmoFake } from '../fakes/amo-fake.ts';
import { E2E_PORT } from './ports.ts';

export const E2E_AMO_PORT = E2E_PORT + 14;
const CLIENT_ID = 'e2e-amo-integration';
const CLIENT_SECRET = 'e2e-amo-secret-0123456789';

/** The e2e servers' amoCRM settings (playwright.config.ts). */
export const AMO_E2E_ENV = {
  AMO_CLIENT_ID: CLIENT_ID,
  AMO_CLIENT_SECRET: CLIENT_SECRET,
  AMO_OAUTH_URL: `http://127.0.0.1:${E2E_AMO_PORT}/oauth`,
  AMO_API_ORIGIN: `http://127.0.0.1:${E2E_AMO_PORT}/{subdomain}`,
};

export async function startAmoGateway(): Promise<() => Promise<void>> {
  // The server sends PUBLIC_ORIGIN's redirect URI (unset in e2e: http://localhost:<port>).
  const fake = await startAmoFake({ redirectUri: `http://localhost:${E2E_PORT}/accounts/amo/connect`, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  let seq = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => void handle(Buffer.concat(chunks)).catch((error) => (res.writeHead(500), res.end(String(error)))));
    async function handle(raw: Buffer) {
      const url = new URL(req.url ?? '/', 'http://double');
      if (url.pathname === '/oauth') {
        // A new amoCRM account per consent, with one pipeline, granted at once.
        const subdomain = `e2e${process.pid}x${++seq}`;
        fake.accounts.set(subdomain, {
          pipelines: [{ id: 7000, name: 'Salon', _embedded: { statuses: [{ id: 7001, name: 'New request' }, { id: 7002, name: 'Confirmed' }, { id: 143, name: 'Closed - lost' }] } }],
          leads: new Map(),
          contacts: new Map(),
          webhooks: [],
        });
        const from = new URL(req.headers.referer ?? `http://localhost:${E2E_PORT}/`);
        const back = new URL('/accounts/amo/connect', from.origin);
        back.searchParams.set('code', fake.issueCode(subdomain));
        back.searchParams.set('referer', `${subdomain}.amocrm.ru`);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        res.writeHead(url.searchParams.get('client_id') === CLIENT_ID ? 302 : 400, { location: back.toString() });
        return res.end();
      }
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k, v]) => typeof v === 'string' && !['host', 'content-length', 'connection'].includes(k))) as Record<string, string>;
      const answer = await fetch(`${fake.url}${req.url}`, { method: req.method, headers, body: raw.length ? new Uint8Array(raw) : undefined });
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      res.end(Buffer.from(await answer.arrayBuffer()));
    }
  });
  await new Promise<void>((resolve) => server.listen(E2E_AMO_PORT, '127.0.0.1', resolve));
  return async () => {
    await new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
    await fake.close();
  };
}
