import { createHash, randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { sendJson, startFake, type FakeServer } from './http-fake.ts';

/**
 * YooKassa API v3 double (providers.md C.1; yookassa.ru/developers/using-api/basics, response-handling/http-codes).
 * Every call needs HTTP Basic `shopId:secretKey` of the shop, else 401 `invalid_credentials`. Errors are
 * `{ type: "error", id, code, description, parameter? }`.
 * - POST /v3/payments (JSON): `Idempotence-Key` (≤ 64) required; the same key with the same body answers the first
 *   result, with another body 400 "Idempotence key duplicated" (parameter Idempotence-Key). `amount.value` a string
 *   with two decimals, `amount.currency` three capitals, `description` ≤ 128, metadata ≤ 16 string values; either
 *   `confirmation: { type: "redirect", return_url }` (→ pending with a confirmation_url) or `payment_method_id` of a
 *   method saved earlier (→ succeeded at once, or canceled with `declineSaved`'s reason). `save_payment_method` is
 *   refused with 403 `forbidden` while `recurringAllowed` is off (a real shop must ask for it).
 * - GET /v3/payments/{id} → the payment, or 404 `not_found`.
 * Test controls: `succeed(id)` (saves the method when asked for), `cancel(id, reason, party)`, `failNext(n, status)`,
 * `notification(event, id, claimed?)` builds the body YooKassa would post: `{ type: "notification", event, object }`
 * (`claimed` overrides fields, as a forger would); `notify(url, …)` posts it.
 */
export interface YooKassaFake extends FakeServer {
  shopId: string;
  secretKey: string;
  payments: Map<string, Record<string, unknown>>;
  /** Saved method id → its title; the methods a `payment_method_id` may name. */
  savedMethods: Map<string, string>;
  recurringAllowed: boolean;
  /** When set, a saved-method charge is canceled with this reason (e.g. insufficient_funds). */
  declineSaved: string | undefined;
  /** POST bodies as received (to check formats and headers). */
  requests: { key: string | undefined; body: Record<string, unknown> }[];
  /** The payment ids asked for by GET, in order. */
  fetched: string[];
  failNext(count: number, status: number): void;
  succeed(id: string): void;
  cancel(id: string, reason: string, party?: string): void;
  notification(event: string, id: string, claimed?: Record<string, unknown>): string;
  /** Posts that notification to `url` as YooKassa does (from 127.0.0.1: list it in YOOKASSA_NOTIFY_SOURCES). */
  notify(url: string, event: string, id: string, claimed?: Record<string, unknown>): Promise<Response>;
}

const error = (code: string, description: string, parameter?: string) => ({ type: 'error', id: randomUUID(), code, description, ...(parameter ? { parameter } : {}) });
const AMOUNT = /^\d{1,12}\.\d{2}$/;

export async function startYooKassaFake(shopId = '123456', secretKey = 'test_secret_key_1'): Promise<YooKassaFake> {
  const fake = {} as YooKassaFake;
  const idempotent = new Map<string, { hash: string; status: number; body: unknown }>();
  let failures: { count: number; status: number } = { count: 0, status: 500 };
  /** Payments whose method is saved once paid (save_payment_method). */
  const toSave = new Set<string>();

  const server = await startFake((req, raw, res) => {
    if (failures.count > 0) {
      failures.count--;
      const code = failures.status === 429 ? 'too_many_requests' : failures.status >= 500 ? 'internal_server_error' : failures.status === 403 ? 'forbidden' : 'invalid_request';
      return sendJson(res, failures.status, error(code, `fault ${failures.status}`));
    }
    const expected = `Basic ${Buffer.from(`${fake.shopId}:${fake.secretKey}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return sendJson(res, 401, error('invalid_credentials', 'Authentication by given credentials failed'));
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    if (path === '/v3/payments' && req.method === 'POST') return createPayment(req.headers['idempotence-key'] as string | undefined, String(req.headers['content-type'] ?? ''), raw, res);
    const one = /^\/v3\/payments\/([^/]+)$/.exec(path);
    if (one && req.method === 'GET') {
      const p = fake.payments.get(decodeURIComponent(one[1]!));
      fake.fetched.push(decodeURIComponent(one[1]!));
      return p ? sendJson(res, 200, p) : sendJson(res, 404, error('not_found', 'Payment not found'));
    }
    return sendJson(res, 404, error('not_found', 'Not found'));
  });

  function createPayment(key: string | undefined, type: string, raw: string, res: ServerResponse) {
    if (!type.startsWith('application/json')) return sendJson(res, 415, error('invalid_request', 'Unsupported content type'));
    if (!key || key.length > 64) return sendJson(res, 400, error('invalid_request', 'Idempotence key is missing or longer than 64 characters', 'Idempotence-Key'));
    const hash = createHash('sha256').update(raw).digest('hex');
    const seen = idempotent.get(key);
    if (seen) return seen.hash === hash ? sendJson(res, seen.status, answerOf(seen)) : sendJson(res, 400, error('invalid_request', 'Idempotence key duplicated', 'Idempotence-Key'));
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw);
    } catch {
      return sendJson(res, 400, error('invalid_request', 'Malformed JSON'));
    }
    fake.requests.push({ key, body });
    const [status, answer] = paymentFrom(body);
    if (status < 500) idempotent.set(key, { hash, status, body: status === 200 ? (answer as { id: string }).id : answer });
    return sendJson(res, status, answer);
  }

  /** A repeat answers the payment as it is now (YooKassa keeps the object, not a snapshot). */
  function answerOf(seen: { status: number; body: unknown }) {
    return seen.status === 200 ? fake.payments.get(seen.body as string) : seen.body;
  }

  function paymentFrom(b: Record<string, unknown>): [number, unknown] {
    const amount = (b.amount ?? {}) as { value?: unknown; currency?: unknown };
    if (typeof amount.value !== 'string' || !AMOUNT.test(amount.value) || Number(amount.value) <= 0) return [400, error('invalid_request', 'Invalid amount value', 'amount.value')];
    if (typeof amount.currency !== 'string' || !/^[A-Z]{3}$/.test(amount.currency)) return [400, error('invalid_request', 'Invalid currency', 'amount.currency')];
    if (b.description !== undefined && (typeof b.description !== 'string' || b.description.length > 128)) return [400, error('invalid_request', 'Description is longer than 128 characters', 'description')];
    const metadata = (b.metadata ?? {}) as Record<string, unknown>;
    if (typeof metadata !== 'object' || Object.keys(metadata).length > 16 || Object.entries(metadata).some(([k, v]) => k.length > 32 || typeof v !== 'string' || v.length > 512)) return [400, error('invalid_request', 'Invalid metadata', 'metadata')];
    const confirmation = b.confirmation as { type?: unknown; return_url?: unknown } | undefined;
    const methodId = b.payment_method_id;
    if (methodId === undefined && !confirmation) return [400, error('invalid_request', 'Missing payment data (payment_method_data, payment_method_id, or payment_token)', 'confirmation')];
    if (confirmation && (confirmation.type !== 'redirect' || typeof confirmation.return_url !== 'string' || !/^https?:\/\//.test(confirmation.return_url))) return [400, error('invalid_request', 'Invalid return_url', 'confirmation.return_url')];
    if (b.save_payment_method === true && !fake.recurringAllowed) return [403, error('forbidden', 'Recurring payments are not enabled for this shop')];
    const id = `${randomUUID().slice(0, 8)}-000f-5000-8000-${randomUUID().slice(-12)}`;
    const base = { id, amount: { value: amount.value, currency: amount.currency }, description: b.description, recipient: { account_id: fake.shopId, gateway_id: '100500' }, created_at: new Date().toISOString(), metadata, refundable: false, test: true };
    let payment: Record<string, unknown>;
    if (methodId !== undefined) {
      const title = typeof methodId === 'string' ? fake.savedMethods.get(methodId) : undefined;
      if (!title) return [400, error('invalid_request', 'Payment method is not saved or does not exist', 'payment_method_id')];
      const method = { type: 'bank_card', id: methodId, saved: true, title };
      payment = fake.declineSaved
        ? { ...base, status: 'canceled', paid: false, payment_method: method, cancellation_details: { party: 'payment_network', reason: fake.declineSaved } }
        : { ...base, status: 'succeeded', paid: true, captured_at: new Date().toISOString(), payment_method: method };
    } else {
      payment = { ...base, status: 'pending', paid: false, confirmation: { type: 'redirect', return_url: confirmation!.return_url, confirmation_url: `https://yoomoney.ru/checkout/payments/v2/contract?orderId=${id}` } };
      if (b.save_payment_method === true) toSave.add(id);
    }
    fake.payments.set(id, payment);
    return [200, payment];
  }

  return Object.assign(fake, server, {
    shopId,
    secretKey,
    payments: new Map(),
    savedMethods: new Map(),
    recurringAllowed: true,
    declineSaved: undefined,
    requests: [],
    fetched: [],
    failNext(count: number, status: number) {
      failures = { count, status };
    },
    succeed(id: string) {
      const p = fake.payments.get(id)!;
      const methodId = `${randomUUID().slice(0, 8)}-000f-5000-9000-${randomUUID().slice(-12)}`;
      const saved = toSave.has(id);
      if (saved) fake.savedMethods.set(methodId, 'Bank card *4444');
      delete p.confirmation;
      Object.assign(p, { status: 'succeeded', paid: true, captured_at: new Date().toISOString(), payment_method: { type: 'bank_card', id: methodId, saved, title: 'Bank card *4444', card: { last4: '4444', card_type: 'MasterCard' } } });
    },
    cancel(id: string, reason: string, party = 'yoo_money') {
      const p = fake.payments.get(id)!;
      delete p.confirmation;
      Object.assign(p, { status: 'canceled', paid: false, cancellation_details: { party, reason } });
    },
    notification(event: string, id: string, claimed: Record<string, unknown> = {}) {
      return JSON.stringify({ type: 'notification', event, object: { ...fake.payments.get(id), id, ...claimed } });
    },
    notify(url: string, event: string, id: string, claimed: Record<string, unknown> = {}) {
      return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: fake.notification(event, id, claimed) });
    },
  });
}
