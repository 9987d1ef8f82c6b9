// The browser tests' WhatsApp gateway: the WAHA double (tests/fakes/waha-fake.ts) behind a fixed port, so the e2e
// server can be given WAHA_URL before the double starts, plus test controls under /__e2e/ (the double itself lives
// in the global setup's process, not in the test workers). Test-only: product code is unchanged.
import { createServer } from 'node:http';
import { startWahaFake, type WahaSessionStatus } from '../fakes/waha-fake.ts';
import { E2E_WAHA_API_KEY, E2E_WAHA_PORT } from './ports.ts';

export async function startWahaGateway(): Promise<() => Promise<void>> {
  const fake = await startWahaFake({ apiKey: E2E_WAHA_API_KEY });
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => void handle(Buffer.concat(chunks)).catch((error) => (res.writeHead(500), res.end(String(error)))));
    async function handle(body: Buffer) {
      const url = new URL(req.url ?? '/', 'http://gateway');
      const control = /^\/__e2e\/(scan|rotate|status|move)\/([\w-]+)$/.exec(url.pathname);
      if (control) {
        const [, action, session] = control;
        if (action === 'scan') await fake.scan(session!, url.searchParams.get('phone') ?? undefined);
        if (action === 'rotate') fake.rotateQr(session!);
        if (action === 'move') await fake.setStatus(session!, url.searchParams.get('to') as WahaSessionStatus);
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ status: fake.sessions.get(session!) ?? null, qr: fake.info.get(session!)?.qr ?? null }));
      }
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k, v]) => typeof v === 'string' && !['host', 'content-length', 'connection'].includes(k))) as Record<string, string>;
      const answer = await fetch(`${fake.url}${req.url}`, { method: req.method, headers, body: body.length ? new Uint8Array(body) : undefined });
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json', ...(answer.headers.get('retry-after') ? { 'retry-after': answer.headers.get('retry-after')! } : {}) });
      res.end(Buffer.from(await answer.arrayBuffer()));
    }
  });
  await new Promise<void>((resolve) => server.listen(E2E_WAHA_PORT, '127.0.0.1', resolve));
  return async () => {
    await new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
    await fake.close();
  };
}

/**
 * A test's control of the gateway: the phone scans the session's QR, the gateway rotates it, moves the session to a
 * status (`to`, along WAHA's transitions), or just its status.
 */
export async function wahaControl(action: 'scan' | 'rotate' | 'status' | 'move', session: string, to?: WahaSessionStatus): Promise<{ status: string | null; qr: string | null }> {
  const res = await fetch(`http://127.0.0.1:${E2E_WAHA_PORT}/__e2e/${action}/${session}${to ? `?to=${to}` : ''}`, { method: 'POST' });
  if (!res.ok) throw new Error(`gateway control ${action} ${session}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { status: string | null; qr: string | null };
}
