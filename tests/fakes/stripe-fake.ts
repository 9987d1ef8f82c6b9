import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { sendJson, startFake, type FakeServer } from './http-fake.ts';

/**
 * Stripe API double (providers.md C.2; docs.stripe.com/api/checkout/sessions, /api/errors, /api/idempotent_requests,
 * /webhooks#verify-manually). Every call needs `Authorization: Bearer <secret key>`, else 401
 * `{ error: { type: "invalid_request_error", message: "Invalid API Key provided: …" } }`.
 * - POST /v1/checkout/sessions, form-encoded in bracket notation only (JSON is refused): `mode` payment|subscription,
 *   `success_url`, one line item with `quantity` and `price_data` { currency (lower case), unit_amount (an integer
 *   in minor units), product_data[name], recurring[interval] only and always in subscription mode };
 *   `payment_intent_data` only in payment mode, `subscription_data` only in subscription mode; metadata ≤ 50 keys.
 *   Refusals are 400 `{ error: { type: "invalid_request_error", code, param, message } }`.
 *   `Idempotency-Key`: the same key and parameters answer the first result (`Idempotent-Replayed: true`); other
 *   parameters 400 `idempotency_error`.
 * - POST /v1/subscriptions/{id} `cancel_at_period_end=true|false` → the subscription with `cancel_at` (its period's end),
 *   404 for an unknown one.
 * - GET /v1/checkout/sessions/{id} (`expand[]=payment_intent` gives the intent object) → the session, or 404
 *   `resource_missing`.
 * Test controls: `complete(id)` (pays: a payment intent, or an active subscription carrying subscription_data's
 * metadata), `expire(id)`, `failNext(n, status)`, `event(type, object)` → a Stripe event's JSON, `sign(body, secret,
 * t?)` → a Stripe-Signature header, `notify(url, secret, type, object)` posts a signed event.
 */
export interface StripeFake extends FakeServer {
  secretKey: string;
  sessions: Map<string, Record<string, unknown>>;
  intents: Map<string, Record<string, unknown>>;
  subscriptions: Map<string, Record<string, unknown>>;
  requests: { key: string | undefined; form: Record<string, unknown> }[];
  failNext(count: number, status: number): void;
  complete(id: string): void;
  expire(id: string): void;
  event(type: string, object: Record<string, unknown>): string;
  sign(body: string, secret: string, t?: number): string;
  /** Posts the event to `url` signed with `secret`, as Stripe delivers it; returns the event's body too. */
  notify(url: string, secret: string, type: string, object: Record<string, unknown>): Promise<{ response: Response; body: string }>;
}

/** A stored object without the double's own bookkeeping (keys starting with `_`). */
const shown = (o: Record<string, unknown> | undefined) => o && Object.fromEntries(Object.entries(o).filter(([k]) => !k.startsWith('_')));
const sid = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('base64url')}`;
const invalid = (message: string, param?: string, code = 'parameter_invalid') => ({ error: { type: 'invalid_request_error', code, message, ...(param ? { param } : {}) } });

/** `a[b][0][c]=1&a[b][0][d]=2` → `{ a: { b: [{ c: '1', d: '2' }] } }` (what Stripe reads). */
export function parseStripeForm(raw: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  const arrays = (v: unknown): unknown => {
    if (!v || typeof v !== 'object') return v;
    const entries = Object.entries(v).map(([k, x]) => [k, arrays(x)] as const);
    return entries.length && entries.every(([k]) => /^\d+$/.test(k)) ? entries.map(([, x]) => x) : Object.fromEntries(entries);
  };
  return arrays(root) as Record<string, unknown>;
}

export async function startStripeFake(secretKey = 'sk_test_fake_4242'): Promise<StripeFake> {
  const fake = {} as StripeFake;
  const idempotent = new Map<string, { hash: string; status: number; body: unknown }>();
  let failures = { count: 0, status: 500 };

  const server = await startFake((req, raw, res) => {
    if (failures.count > 0) {
      failures.count--;
      const type = failures.status === 429 ? 'invalid_request_error' : failures.status >= 500 ? 'api_error' : 'invalid_request_error';
      return sendJson(res, failures.status, { error: { type, ...(failures.status === 429 ? { code: 'rate_limit' } : {}), message: `fault ${failures.status}` } });
    }
    if (req.headers.authorization !== `Bearer ${fake.secretKey}`) {
      const given = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
      return sendJson(res, 401, { error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${given.slice(0, 8)}****${given.slice(-4)}` } });
    }
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname === '/v1/checkout/sessions' && req.method === 'POST') return createSession(req.headers['idempotency-key'] as string | undefined, String(req.headers['content-type'] ?? ''), raw, res);
    const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
    if (sub && req.method === 'POST') return updateSubscription(decodeURIComponent(sub[1]!), String(req.headers['content-type'] ?? ''), raw, res);
    const one = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (one && req.method === 'GET') {
      const s = fake.sessions.get(decodeURIComponent(one[1]!));
      if (!s) return sendJson(res, 404, invalid(`No such checkout.session: '${one[1]}'`, 'session', 'resource_missing'));
      const expand = url.searchParams.getAll('expand[]');
      const intent = expand.includes('payment_intent') && typeof s.payment_intent === 'string' ? fake.intents.get(s.payment_intent) : s.payment_intent;
      const sub = expand.includes('subscription') && typeof s.subscription === 'string' ? fake.subscriptions.get(s.subscription) : s.subscription;
      return sendJson(res, 200, { ...shown(s), payment_intent: intent ?? null, subscription: sub ?? null });
    }
    return sendJson(res, 404, invalid(`Unrecognized request URL (${req.method}: ${url.pathname})`, undefined, 'resource_missing'));
  });

  function createSession(key: string | undefined, type: string, raw: string, res: ServerResponse) {
    if (!type.startsWith('application/x-www-form-urlencoded')) return sendJson(res, 400, invalid('Invalid request (check that your POST content type is application/x-www-form-urlencoded)'));
    const form = parseStripeForm(raw);
    const hash = createHash('sha256').update(raw).digest('hex');
    if (key) {
      const seen = idempotent.get(key);
      if (seen && seen.hash !== hash) {
        return sendJson(res, 400, { error: { type: 'idempotency_error', message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.` } });
      }
      if (seen) return sendJson(res, seen.status, seen.status === 200 ? shown(fake.sessions.get(seen.body as string)) : seen.body, { 'Idempotent-Replayed': 'true' });
    }
    fake.requests.push({ key, form });
    const [status, body] = sessionFrom(form);
    if (key && status < 500) idempotent.set(key, { hash, status, body: status === 200 ? (body as { id: string }).id : body });
    return sendJson(res, status, body);
  }

  /** `cancel_at_period_end=true|false` (docs.stripe.com/api/subscriptions/update); the period is a month from payment here. */
  function updateSubscription(id: string, type: string, raw: string, res: ServerResponse) {
    const s = fake.subscriptions.get(id);
    if (!s) return sendJson(res, 404, invalid(`No such subscription: '${id}'`, 'id', 'resource_missing'));
    if (!type.startsWith('application/x-www-form-urlencoded')) return sendJson(res, 400, invalid('Invalid request (check that your POST content type is application/x-www-form-urlencoded)'));
    const f = parseStripeForm(raw);
    if (f.cancel_at_period_end !== 'true' && f.cancel_at_period_end !== 'false') return sendJson(res, 400, invalid('Invalid boolean: cancel_at_period_end', 'cancel_at_period_end'));
    const end = s.current_period_end as number;
    Object.assign(s, { cancel_at_period_end: f.cancel_at_period_end === 'true', cancel_at: f.cancel_at_period_end === 'true' ? end : null });
    return sendJson(res, 200, s);
  }

  function sessionFrom(f: Record<string, unknown>): [number, unknown] {
    const mode = f.mode;
    if (mode !== 'payment' && mode !== 'subscription') return [400, invalid('Invalid mode: must be one of payment, setup, or subscription', 'mode')];
    if (typeof f.success_url !== 'string' || !/^https?:\/\//.test(f.success_url)) return [400, invalid('Missing required param: success_url.', 'success_url', 'parameter_missing')];
    const items = f.line_items as { quantity?: unknown; price_data?: Record<string, unknown> }[] | undefined;
    if (!Array.isArray(items) || items.length !== 1) return [400, invalid('Missing required param: line_items.', 'line_items', 'parameter_missing')];
    const item = items[0]!;
    const pd = item.price_data ?? {};
    if (!/^[1-9]\d*$/.test(String(item.quantity))) return [400, invalid('Invalid integer: quantity', 'line_items[0][quantity]', 'parameter_invalid_integer')];
    if (typeof pd.currency !== 'string' || !/^[a-z]{3}$/.test(pd.currency)) return [400, invalid('Invalid currency', 'line_items[0][price_data][currency]')];
    if (!/^\d{1,12}$/.test(String(pd.unit_amount))) return [400, invalid(`Invalid integer: ${String(pd.unit_amount)}`, 'line_items[0][price_data][unit_amount]', 'parameter_invalid_integer')];
    if (!(pd.product_data as { name?: unknown } | undefined)?.name) return [400, invalid('Missing required param: line_items[0][price_data][product_data][name].', 'line_items[0][price_data][product_data][name]', 'parameter_missing')];
    const recurring = pd.recurring as { interval?: unknown; interval_count?: unknown } | undefined;
    if (mode === 'subscription' && !['day', 'week', 'month', 'year'].includes(String(recurring?.interval))) return [400, invalid('You must provide at least one recurring price in `subscription` mode when using prices.', 'line_items[0][price_data][recurring]')];
    if (mode === 'payment' && recurring) return [400, invalid('You specified `payment` mode but passed a recurring price.', 'line_items[0][price_data][recurring]')];
    if (mode === 'subscription' && f.payment_intent_data) return [400, invalid('You can not pass `payment_intent_data` in `subscription` mode.', 'payment_intent_data')];
    if (mode === 'payment' && f.subscription_data) return [400, invalid('You can not pass `subscription_data` in `payment` mode.', 'subscription_data')];
    const metadata = (f.metadata ?? {}) as Record<string, string>;
    if (Object.keys(metadata).length > 50) return [400, invalid('Invalid metadata: must have at most 50 keys', 'metadata')];
    const id = sid('cs');
    const session = {
      id,
      object: 'checkout.session',
      mode,
      status: 'open',
      payment_status: 'unpaid',
      url: `https://checkout.stripe.com/c/pay/${id}`,
      amount_subtotal: Number(pd.unit_amount) * Number(item.quantity),
      amount_total: Number(pd.unit_amount) * Number(item.quantity),
      currency: pd.currency,
      client_reference_id: f.client_reference_id ?? null,
      customer: null,
      customer_email: f.customer_email ?? null,
      metadata,
      payment_intent: null,
      subscription: null,
      success_url: f.success_url,
      cancel_url: f.cancel_url ?? null,
      created: Math.floor(Date.now() / 1000),
      expires_at: Math.floor(Date.now() / 1000) + 86400,
      livemode: false,
    };
    fake.sessions.set(id, { ...session, _intentMetadata: (f.payment_intent_data as { metadata?: unknown } | undefined)?.metadata ?? {}, _subscriptionMetadata: (f.subscription_data as { metadata?: unknown } | undefined)?.metadata ?? {} });
    return [200, session];
  }

  return Object.assign(fake, server, {
    secretKey,
    sessions: new Map(),
    intents: new Map(),
    subscriptions: new Map(),
    requests: [],
    failNext(count: number, status: number) {
      failures = { count, status };
    },
    complete(id: string) {
      const s = fake.sessions.get(id)!;
      if (s.mode === 'payment') {
        const pi = sid('pi');
        fake.intents.set(pi, { id: pi, object: 'payment_intent', status: 'succeeded', amount: s.amount_total, currency: s.currency, metadata: s._intentMetadata, cancellation_reason: null, last_payment_error: null });
        s.payment_intent = pi;
      } else {
        const sub = sid('sub');
        const now = Math.floor(Date.now() / 1000);
        fake.subscriptions.set(sub, { id: sub, object: 'subscription', status: 'active', metadata: s._subscriptionMetadata, cancel_at_period_end: false, cancel_at: null, current_period_start: now, current_period_end: now + 30 * 86400 });
        s.subscription = sub;
        s.customer = sid('cus');
      }
      Object.assign(s, { status: 'complete', payment_status: 'paid' });
    },
    expire(id: string) {
      Object.assign(fake.sessions.get(id)!, { status: 'expired' });
    },
    event(type: string, object: Record<string, unknown>) {
      return JSON.stringify({ id: sid('evt'), object: 'event', api_version: '2025-03-31.basil', created: Math.floor(Date.now() / 1000), livemode: false, type, data: { object: shown(object) } });
    },
    sign(body: string, secret: string, t = Math.floor(Date.now() / 1000)) {
      return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
    },
    async notify(url: string, secret: string, type: string, object: Record<string, unknown>) {
      const body = fake.event(type, object);
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': fake.sign(body, secret) }, body });
      return { response, body };
    },
  });
}
