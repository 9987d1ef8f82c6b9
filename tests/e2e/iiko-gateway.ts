// The browser tests' iiko: the iikoCloud double (tests/fakes/iiko-fake.ts) behind a fixed port, so the e2e server can
// be given IIKO_API_URL before it starts, plus test controls under /__e2e/ (the double lives in the global setup's
// process, not in the test workers). Test-only.
import { createServer } from 'node:http';
import { startIikoFake } from '../fakes/iiko-fake.ts';
import { E2E_PORT } from './ports.ts';

/** After the doubles of ports.ts (the business-system helpers take +10…; iiko +13). */
export const E2E_IIKO_PORT = E2E_PORT + 13;

/** Starts the double; controls: `organization?login&name` → `{id}` (reached by that login), `webhook?id&uri` (another address). */
export async function startIikoGateway(): Promise<() => Promise<void>> {
  const fake = await startIikoFake();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => void handle(Buffer.concat(chunks)).catch((error) => (res.writeHead(500), res.end(String(error)))));
    async function handle(body: Buffer) {
      const url = new URL(req.url ?? '/', 'http://double');
      const action = /^\/__e2e\/([\w-]+)$/.exec(url.pathname)?.[1];
      if (action) {
        const q = url.searchParams;
        let answer: unknown;
        if (action === 'organization') answer = { id: fake.organization(q.get('login')!, q.get('name')!).id };
        else if (action === 'webhook') fake.organizations.get(q.get('id')!)!.webhook = { webHooksUri: q.get('uri'), authToken: 'theirs', apiLoginName: 'other' };
        else throw new Error(`unknown control ${action}`);
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify(answer ?? true));
      }
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k, v]) => typeof v === 'string' && !['host', 'content-length', 'connection'].includes(k))) as Record<string, string>;
      const answer = await fetch(`${fake.url}${req.url}`, { method: req.method, headers, body: body.length ? new Uint8Array(body) : undefined });
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      res.end(Buffer.from(await answer.arrayBuffer()));
    }
  });
  await new Promise<void>((resolve) => server.listen(E2E_IIKO_PORT, '127.0.0.1', resolve));
  return async () => {
    await new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
    await fake.close();
  };
}

export async function iikoControl<R = unknown>(action: string, query: Record<string, string>): Promise<R> {
  const res = await fetch(`http://127.0.0.1:${E2E_IIKO_PORT}/__e2e/${action}?${new URLSearchParams(query)}`, { method: 'POST' });
  if (!res.ok) throw new Error(`iiko control ${action}: ${res.status} ${await res.text()}`);
  return (await res.json()) as R;
}
