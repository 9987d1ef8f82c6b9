// The browser tests' YooKassa and Stripe: the API doubles (tests/fakes/yookassa-fake.ts, stripe-fake.ts) behind fixed
// ports, so the e2e server can be given YOOKASSA_API_URL and STRIPE_API_URL before they start. Their confirmation
// URLs (yoomoney.ru, checkout.stripe.com) are rewritten to a tiny local payer page on the same port: Pay marks the
// payment paid at the double, sends the provider's notification to the server's webhook, and goes back to the return
// URL, as the real page does; Cancel does the same with a canceled payment. Test-only.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { startYooKassaFake, type YooKassaFake } from '../fakes/yookassa-fake.ts';
import { startStripeFake, type StripeFake } from '../fakes/stripe-fake.ts';
import { E2E_PORT, E2E_STRIPE_PORT, E2E_STRIPE_WEBHOOK_SECRET, E2E_YOOKASSA_PORT } from './ports.ts';

const WEBHOOK = (provider: string) => `http://127.0.0.1:${E2E_PORT}/api/v1/Webhooks/${provider}`;
const PAYER = '/__pay';

/** One provider as the payer page needs it: its confirmation URL prefix, and what Pay and Cancel do. */
interface Provider {
  name: string;
  url: () => string;
  /** The double's confirmation URL up to the payment's id. */
  confirmationPrefix: string;
  describe(id: string): { amount: string; returnUrl: string } | undefined;
  settle(id: string, outcome: 'succeed' | 'cancel'): Promise<void>;
}

function yookassa(fake: YooKassaFake): Provider {
  return {
    name: 'YooKassa',
    url: () => fake.url,
    confirmationPrefix: 'https://yoomoney.ru/checkout/payments/v2/contract?orderId=',
    describe(id) {
      const p = fake.payments.get(id) as { amount?: { value: string; currency: string }; confirmation?: { return_url: string }; status?: string } | undefined;
      return p?.confirmation && { amount: `${p.amount?.value} ${p.amount?.currency}`, returnUrl: p.confirmation.return_url };
    },
    async settle(id, outcome) {
      if (outcome === 'succeed') fake.succeed(id);
      else fake.cancel(id, 'expired_on_confirmation');
      await fake.notify(WEBHOOK('yookassa'), outcome === 'succeed' ? 'payment.succeeded' : 'payment.canceled', id);
    },
  };
}

function stripe(fake: StripeFake): Provider {
  return {
    name: 'Stripe',
    url: () => fake.url,
    confirmationPrefix: 'https://checkout.stripe.com/c/pay/',
    describe(id) {
      const s = fake.sessions.get(id) as { amount_total?: number; currency?: string; success_url?: string; status?: string } | undefined;
      return s?.status === 'open' ? { amount: `${(s.amount_total ?? 0) / 100} ${s.currency?.toUpperCase()}`, returnUrl: s.success_url ?? '/' } : undefined;
    },
    async settle(id, outcome) {
      if (outcome === 'succeed') fake.complete(id);
      else fake.expire(id);
      const session = fake.sessions.get(id)!;
      await fake.notify(WEBHOOK('stripe'), E2E_STRIPE_WEBHOOK_SECRET, outcome === 'succeed' ? 'checkout.session.completed' : 'checkout.session.expired', session);
    },
  };
}

const page = (provider: string, id: string, amount: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${provider} test payment</title></head>
<body><main><h1>${provider} test payment</h1><p data-amount>${amount}</p>
<form method="post" action="${PAYER}?id=${encodeURIComponent(id)}&amp;outcome=succeed"><button type="submit">Pay</button></form>
<form method="post" action="${PAYER}?id=${encodeURIComponent(id)}&amp;outcome=cancel"><button type="submit">Cancel payment</button></form>
</main></body></html>`;

/** Forwards the provider's API to its double (confirmation URLs pointed at the payer page) and serves the payer page. */
function gateway(port: number, provider: Provider): Promise<Server> {
  const local = `http://127.0.0.1:${port}${PAYER}?id=`;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => void handle(req, res, Buffer.concat(chunks)).catch((error) => (res.writeHead(500), res.end(String(error)))));
  });
  async function handle(req: IncomingMessage, res: ServerResponse, raw: Buffer) {
    const url = new URL(req.url ?? '/', 'http://double');
    if (url.pathname === PAYER) {
      const id = url.searchParams.get('id') ?? '';
      const payment = provider.describe(id);
      if (!payment) return res.writeHead(404, { 'content-type': 'text/plain' }), res.end('No such payment awaits confirmation');
      if (req.method === 'GET') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }), res.end(page(provider.name, id, payment.amount));
      await provider.settle(id, url.searchParams.get('outcome') === 'cancel' ? 'cancel' : 'succeed');
      return res.writeHead(303, { location: payment.returnUrl }), res.end();
    }
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([k, v]) => typeof v === 'string' && !['host', 'content-length', 'connection'].includes(k))) as Record<string, string>;
    const answer = await fetch(`${provider.url()}${req.url}`, { method: req.method, headers, body: raw.length ? new Uint8Array(raw) : undefined });
    const text = (await answer.text()).split(provider.confirmationPrefix.replaceAll('/', '\\/')).join(local.replaceAll('/', '\\/')).split(provider.confirmationPrefix).join(local);
    const replayed = answer.headers.get('idempotent-replayed');
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json', ...(replayed ? { 'idempotent-replayed': replayed } : {}) });
    res.end(text);
  }
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

export async function startPaymentDoubles(): Promise<() => Promise<void>> {
  const [yk, st] = await Promise.all([startYooKassaFake(), startStripeFake()]);
  const servers = await Promise.all([gateway(E2E_YOOKASSA_PORT, yookassa(yk)), gateway(E2E_STRIPE_PORT, stripe(st))]);
  return async () => {
    await Promise.all(servers.map((s) => new Promise<void>((resolve) => (s.closeAllConnections(), s.close(() => resolve())))));
    await Promise.all([yk.close(), st.close()]);
  };
}

/** The e2e server's payment settings (an operator's environment): both providers on the doubles above. */
export const paymentEnv = (): Record<string, string> => ({
  YOOKASSA_SHOP_ID: '123456',
  YOOKASSA_SECRET_KEY: 'test_secret_key_1',
  YOOKASSA_API_URL: `http://127.0.0.1:${E2E_YOOKASSA_PORT}`,
  // The double posts its notifications from the loopback address.
  YOOKASSA_NOTIFY_SOURCES: '127.0.0.1/32',
  STRIPE_SECRET_KEY: 'sk_test_fake_4242',
  STRIPE_WEBHOOK_SECRET: E2E_STRIPE_WEBHOOK_SECRET,
  STRIPE_API_URL: `http://127.0.0.1:${E2E_STRIPE_PORT}`,
});
