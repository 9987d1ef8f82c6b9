// Every webhook checks its token or signature before the body is read (docs/webhooks.md "Credentials first"): a wrong
// credential is answered from the credential whatever the body is (malformed, oversized); a right one reaches the
// body checks (400 malformed, 413 oversized).
import { createHmac } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardWebhooks } from '../../../src/server/platform/http/webhook-guard.ts';
import type { TestServer } from '../harness.ts';
import { deliveryServer } from '../delivery/support.ts';

const HMAC_KEY = 'guard-hmac-key';
const TG_SECRET = 'guard-Secret_1';
let server: TestServer;
let hooks: { yclients: string; altegio: string; iiko: string };
beforeAll(async () => {
  server = await deliveryServer({
    DELIVERY_CHANNEL: 'telegram',
    TELEGRAM_BOT_TOKEN: '1:guard-token',
    TELEGRAM_API_URL: 'http://127.0.0.1:9',
    TELEGRAM_BOT_USERNAME: 'guard_bot',
    TELEGRAM_WEBHOOK_SECRET: TG_SECRET,
    WAHA_WEBHOOK_HMAC_KEY: HMAC_KEY,
  });
  const owner = await server.createUser('guard@example.com', 'secret12');
  const urls = await server.call('GET', '/Booking/WebhookUrls', { token: owner.token });
  const path = (url: string) => new URL(url).pathname.replace('/api/v1', '');
  hooks = { yclients: path(urls.body.yclients), altegio: path(urls.body.altegio), iiko: path(urls.body.iiko) };
});
afterAll(async () => server?.close());

const MALFORMED = '{"resource": "record", ';
const HUGE = `{"pad": "${'x'.repeat(2 * 1024 * 1024)}"}`;

async function post(path: string, raw: string, headers: Record<string, string> = {}) {
  const res = await fetch(server.base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: raw });
  return { status: res.status, body: (await res.json()) as { code: string } };
}

/** The same token with its signature part changed: well-formed, forged. */
const forged = (path: string) => path.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
const wahaSign = (raw: string) => ({ 'x-webhook-hmac': createHmac('sha512', HMAC_KEY).update(raw).digest('hex') });
const wrongWahaSign = (raw: string) => ({ 'x-webhook-hmac': createHmac('sha512', 'another-key').update(raw).digest('hex') });

describe('URL-token webhooks (YCLIENTS, Altegio, iiko)', () => {
  for (const system of ['yclients', 'altegio', 'iiko'] as const) {
    it(`${system}: a wrong token is 404 before the body; the right one reaches the body checks`, async () => {
      const right = hooks[system];
      const wrongPaths = [forged(right), right.replace(/[^/]+$/, 'garbage'), right.replace(/[^/]+$/, 'x'.repeat(100))];
      for (const wrong of wrongPaths) {
        for (const raw of [MALFORMED, HUGE]) {
          const res = await post(wrong, raw);
          expect([res.status, res.body.code], `${wrong.slice(-12)} ${raw.length}`).toEqual([404, 'webhookNotFound']);
        }
      }
      const malformed = await post(right, MALFORMED);
      expect([malformed.status, malformed.body.code]).toEqual([400, 'bodyInvalid']);
      expect((await post(right, HUGE)).status).toBe(413);
    });
  }
});

describe('WAHA (signature over the raw body)', () => {
  it('a missing, malformed or wrong signature is 401 whatever the body; a right one reaches the body checks', async () => {
    for (const raw of [MALFORMED, HUGE]) {
      for (const headers of [{}, { 'x-webhook-hmac': 'zz' }, wrongWahaSign(raw), { ...wahaSign(raw), 'x-webhook-hmac-algorithm': 'md5' }] as Record<string, string>[]) {
        const res = await post('/Webhooks/waha', raw, headers);
        expect([res.status, res.body.code], `${JSON.stringify(headers).slice(0, 40)} ${raw.length}`).toEqual([401, 'signatureInvalid']);
      }
    }
    const malformed = await post('/Webhooks/waha', MALFORMED, wahaSign(MALFORMED));
    expect([malformed.status, malformed.body.code]).toEqual([400, 'bodyInvalid']);
    expect((await post('/Webhooks/waha', HUGE, wahaSign(HUGE))).status).toBe(413);
  });
});

describe('Telegram bot (secret header)', () => {
  it('a missing or wrong secret is 401 whatever the body; the right one reaches the body checks', async () => {
    for (const raw of [MALFORMED, HUGE]) {
      for (const headers of [{}, { 'x-telegram-bot-api-secret-token': 'wrong' }] as Record<string, string>[]) {
        const res = await post('/Webhooks/telegram', raw, headers);
        expect([res.status, res.body.code]).toEqual([401, 'webhookSecretWrong']);
      }
    }
    const malformed = await post('/Webhooks/telegram', MALFORMED, { 'x-telegram-bot-api-secret-token': TG_SECRET });
    expect([malformed.status, malformed.body.code]).toEqual([400, 'bodyInvalid']);
    expect((await post('/Webhooks/telegram', HUGE, { 'x-telegram-bot-api-secret-token': TG_SECRET })).status).toBe(413);
  });
});

describe('the guard list', () => {
  it('a route naming a webhook kind that no module guards stops the server at start', async () => {
    const app = Fastify();
    guardWebhooks(app, { known: async () => undefined });
    expect(() => app.post('/x', { config: { webhook: 'typo' } as never }, async () => ({}))).toThrow(/No webhook guard for kind "typo"/);
    await app.close();
  });
});
