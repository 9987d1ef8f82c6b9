// The browser tests' Telegram, Twilio, Sigma SMS and 360dialog (WABA): the API doubles (tests/fakes/) behind fixed
// ports, so the e2e server can be given TELEGRAM_API_URL, TWILIO_API_URL, SIGMA_API_URL and DIALOG360_API_URL before the doubles start, plus test
// controls under /__e2e/ (the doubles live in the global setup's process, not in the test workers). Test-only.
import { createServer, type Server } from 'node:http';
import { startTelegramBotsFake, type TelegramBotsFake } from '../fakes/telegram-fake.ts';
import { startTwilioFake, type TwilioFake } from '../fakes/twilio-fake.ts';
import { startSigmaFake, type SigmaFake } from '../fakes/sigma-fake.ts';
import { startWabaFake, TEMPLATE_STATUSES, type WabaFake } from '../fakes/waba-fake.ts';
import { E2E_PORT, E2E_SIGMA_PORT, E2E_TELEGRAM_PORT, E2E_TWILIO_PORT, E2E_WABA_PORT } from './ports.ts';

type Control = (action: string, query: URLSearchParams) => Promise<unknown> | unknown;

/** Forwards every request to `target`, except `/__e2e/<action>` (answered by `control` as JSON). */
function proxy(port: number, target: () => string, control: Control, rewrite: (path: string, body: Buffer) => Buffer = (_, b) => b): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => void handle(Buffer.concat(chunks)).catch((error) => (res.writeHead(500), res.end(String(error)))));
    async function handle(raw: Buffer) {
      const url = new URL(req.url ?? '/', 'http://double');
      const action = /^\/__e2e\/([\w-]+)$/.exec(url.pathname)?.[1];
      if (action) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify((await control(action, url.searchParams)) ?? null));
      }
      const body = rewrite(url.pathname, raw);
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k, v]) => typeof v === 'string' && !['host', 'content-length', 'connection'].includes(k))) as Record<string, string>;
      const answer = await fetch(`${target()}${req.url}`, { method: req.method, headers, body: body.length ? new Uint8Array(body) : undefined });
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      res.end(Buffer.from(await answer.arrayBuffer()));
    }
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/**
 * The e2e server's PUBLIC_ORIGIN is plain http, which the real Telegram (and the double) refuses as a webhook: the
 * proxy hands the double an https address and the double delivers updates to the server itself (`via`).
 */
const httpsWebhook = (path: string, body: Buffer) => {
  if (!path.endsWith('/setWebhook') || !body.length) return body;
  const json = JSON.parse(body.toString()) as { url?: string };
  return Buffer.from(JSON.stringify({ ...json, url: json.url?.replace(/^http:/, 'https:') }));
};

function telegramControl(fake: TelegramBotsFake): Control {
  let update = 0;
  return async (action, q) => {
    const token = q.get('token') ?? '';
    if (action === 'bot') return fake.bots.set(token, { id: Number(token.split(':')[0]), username: q.get('username') ?? 'e2e_bot' }) && true;
    if (action === 'start') {
      // The owner sends /start; the bot's answer (with the code) is what the double received last for that chat.
      const chat = Number(q.get('chat'));
      const before = fake.sent.length;
      const message = { message_id: 1, from: { id: chat, is_bot: false, first_name: 'Owner', language_code: q.get('lang') ?? 'en' }, chat: { id: chat, type: 'private' }, date: 0, text: '/start' };
      const { status } = await fake.deliver(token, { update_id: ++update, message });
      return { status, text: fake.sent.slice(before).find((s) => s.token === token)?.text ?? null };
    }
    throw new Error(`unknown control ${action}`);
  };
}

function twilioControl(fake: TwilioFake): Control {
  return (action, q) => {
    if (action !== 'account') throw new Error(`unknown control ${action}`);
    fake.accounts.set(q.get('sid')!, { token: q.get('token')!, status: 'active', senders: [q.get('sender')!] });
    return true;
  };
}

function sigmaControl(fake: SigmaFake): Control {
  return (action, q) => {
    if (action !== 'account') throw new Error(`unknown control ${action}`);
    fake.accounts.set(q.get('login')!, { password: q.get('password')!, senders: [q.get('sender')!] });
    return true;
  };
}

function wabaControl(fake: WabaFake): Control {
  return (action, q) => {
    const key = (q.get('key') ?? q.get('apiKey'))!;
    // An account with the named approved templates (`templates=a,b`, body `body` when given), ready for the
    // screen's API-key form or a flow's template.
    const body = q.get('body');
    const template = (name: string) => (body ? { name, components: [{ type: 'BODY', text: body }] } : { name });
    // `wabaId` names the WhatsApp Business account (a second key of the same one gets the same).
    if (action === 'account') return fake.addAccount(key, (q.get('templates') ?? '').split(',').filter(Boolean).map(template), q.get('wabaId') ?? undefined), true;
    // Meta's decision on a template (and its reason), seen by the next Sync.
    if (action === 'status') {
      const status = q.get('status') as (typeof TEMPLATE_STATUSES)[number];
      if (!TEMPLATE_STATUSES.includes(status)) throw new Error(`unknown status ${status}`);
      for (const t of fake.accounts.get(key)?.templates ?? []) if (t.name === q.get('name')) Object.assign(t, { status, rejected_reason: q.get('reason') });
      return true;
    }
    // The key revoked in the hub: every call answers 401 from now on.
    if (action === 'revoke') return fake.accounts.delete(key);
    throw new Error(`unknown control ${action}`);
  };
}

export async function startProviderDoubles(): Promise<() => Promise<void>> {
  const telegram = await startTelegramBotsFake();
  telegram.via = `http://localhost:${E2E_PORT}`;
  const twilio = await startTwilioFake();
  const sigma = await startSigmaFake();
  const waba = await startWabaFake();
  const servers = await Promise.all([
    proxy(E2E_TELEGRAM_PORT, () => telegram.url, telegramControl(telegram), httpsWebhook),
    proxy(E2E_TWILIO_PORT, () => twilio.url, twilioControl(twilio)),
    proxy(E2E_SIGMA_PORT, () => sigma.url, sigmaControl(sigma)),
    proxy(E2E_WABA_PORT, () => waba.url, wabaControl(waba)),
  ]);
  return async () => {
    await Promise.all(servers.map((s) => new Promise<void>((resolve) => (s.closeAllConnections(), s.close(() => resolve())))));
    await Promise.all([telegram.close(), twilio.close(), sigma.close(), waba.close()]);
  };
}

/**
 * A test's control of a double: register a bot / account, send /start to a bot (answers the bot's reply), set a
 * WABA template's status or revoke a WABA key.
 */
export async function providerControl<R = unknown>(port: number, action: string, query: Record<string, string | number>): Promise<R> {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await fetch(`http://127.0.0.1:${port}/__e2e/${action}?${params}`, { method: 'POST' });
  if (!res.ok) throw new Error(`provider control ${action}: ${res.status} ${await res.text()}`);
  return (await res.json()) as R;
}
