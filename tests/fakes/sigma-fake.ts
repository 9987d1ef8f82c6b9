import { randomBytes, randomUUID } from 'node:crypto';
import { SlidingWindow, sendJson, startFake, type FakeServer } from './http-fake.ts';

/**
 * Sigma SMS double, built on the shapes its public client libraries use (its own API page was not available; see
 * docs/connections.md "Sigma SMS"): POST /api/login `{ username, password }` → `{ token, id }` or 401; POST
 * /api/sendings with `Authorization: <token>` (401 for an unknown or expired token), JSON `{ recipient: "+<digits>",
 * type: "sms", payload: { sender, text } }` (400 for a bad recipient, a sender not registered on the account, an
 * empty text) → `{ id, recipient, status: "pending", error: null }`; GET /api/sendings/{id} (the account's own, else 404)
 * → `{ id, recipient, state: { status, error } }`, `pending` until the test moves it with `settle` (delivered, or
 * failed / undelivered / rejected with Sigma's error text); 10 sendings per second per account (429).
 */
export interface SigmaSent {
  id: string;
  login: string;
  recipient: string;
  sender: string;
  text: string;
}

export interface SigmaFake extends FakeServer {
  /** login → password and registered sender names. */
  accounts: Map<string, { password: string; senders: string[] }>;
  sent: SigmaSent[];
  logins: number;
  rateLimited: number;
  /** Every token issued so far stops working (as when Sigma's token expires). */
  expireTokens(): void;
  /** A sending's state as GET /api/sendings/{id} reports it (absent: pending). */
  states: Map<string, { status: string; error: string | null }>;
  settle(id: string, status: 'delivered' | 'failed' | 'undelivered' | 'rejected', error?: string): void;
  /** Every request (method, path, answered status, when), in order. */
  calls: { method: string; path: string; status: number; at: number }[];
}

export async function startSigmaFake(options: { perSecond?: number } = {}): Promise<SigmaFake> {
  const window = new SlidingWindow(options.perSecond ?? 10, 1000);
  const tokens = new Map<string, string>();
  const fake = {} as SigmaFake;

  const server = await startFake((req, raw, res) => {
    res.on('finish', () => fake.calls.push({ method: req.method ?? 'GET', path: req.url ?? '', status: res.statusCode, at: Date.now() }));
    let body: Record<string, unknown> = {};
    if (req.method === 'POST') {
      if (!(req.headers['content-type'] ?? '').startsWith('application/json')) return sendJson(res, 400, { error: 'JSON expected' });
      try {
        body = JSON.parse(raw || '{}');
      } catch {
        return sendJson(res, 400, { error: 'Invalid JSON' });
      }
    }
    if (req.url === '/api/login' && req.method === 'POST') {
      fake.logins++;
      const account = typeof body.username === 'string' ? fake.accounts.get(body.username) : undefined;
      if (!account || body.password !== account.password) return sendJson(res, 401, { error: 'Unauthorized', message: 'Invalid username or password' });
      const token = randomBytes(24).toString('hex');
      tokens.set(token, body.username as string);
      return sendJson(res, 200, { token, id: randomUUID(), username: body.username });
    }
    const login = tokens.get(req.headers.authorization ?? '');
    if (!login) return sendJson(res, 401, { error: 'Unauthorized' });
    if (req.url === '/api/sendings' && req.method === 'POST') {
      const payload = (body.payload ?? {}) as { sender?: unknown; text?: unknown };
      if (typeof body.recipient !== 'string' || !/^\+\d{6,15}$/.test(body.recipient)) return sendJson(res, 400, { error: 'Invalid recipient' });
      if (body.type !== 'sms') return sendJson(res, 400, { error: 'Unsupported type' });
      if (typeof payload.sender !== 'string' || !fake.accounts.get(login)!.senders.includes(payload.sender)) return sendJson(res, 400, { error: 'Sender is not allowed' });
      if (typeof payload.text !== 'string' || !payload.text.trim()) return sendJson(res, 400, { error: 'Text is empty' });
      const now = Date.now();
      const wait = window.wait(login, now);
      if (wait > 0) {
        fake.rateLimited++;
        return sendJson(res, 429, { error: 'Too many requests' }, { 'retry-after': String(Math.ceil(wait / 1000)) });
      }
      window.record(login, now);
      const sent = { id: randomUUID(), login, recipient: body.recipient, sender: payload.sender, text: payload.text };
      fake.sent.push(sent);
      return sendJson(res, 200, { id: sent.id, recipient: sent.recipient, status: 'pending', error: null });
    }
    const status = /^\/api\/sendings\/([\w-]+)$/.exec(req.url ?? '');
    if (status && req.method === 'GET') {
      const sent = fake.sent.find((s) => s.id === status[1] && s.login === login);
      const state = sent && (fake.states.get(sent.id) ?? { status: 'pending', error: null });
      return sent ? sendJson(res, 200, { id: sent.id, recipient: sent.recipient, state }) : sendJson(res, 404, { error: 'Not found' });
    }
    return sendJson(res, 404, { error: 'Not found' });
  });

  return Object.assign(fake, server, {
    accounts: new Map(),
    sent: [],
    logins: 0,
    rateLimited: 0,
    expireTokens: () => tokens.clear(),
    states: new Map(),
    settle(id: string, status: string, error?: string) {
      fake.states.set(id, { status, error: error ?? null });
    },
    calls: [],
  });
}
