// The contract fuzzer over the conversations operations with conversations in the database (the shared run's
// owners have none): no 5xx, every error a Problem, nothing changed by a rejected request.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../fuzz/contract.ts';
import { fuzz, summary } from '../../fuzz/runner.ts';
import { incomingMessage, startWahaFake, type WahaFake } from '../../fakes/waha-fake.ts';
import { startServer, type TestServer } from '../harness.ts';

const HMAC_KEY = 'hmac-key-0123456789';
let server: TestServer;
let fake: WahaFake;
beforeAll(async () => {
  fake = await startWahaFake({ apiKey: 'k' });
  server = await startServer({ env: { WAHA_URL: fake.url, WAHA_API_KEY: 'k', WAHA_WEBHOOK_HMAC_KEY: HMAC_KEY, ACCESS_TOKEN_TTL_SECONDS: '3650d' } });
  fake.webhook = { url: `${server.base}/Webhooks/waha`, hmacKey: HMAC_KEY };
}, 120_000);
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

describe('conversations under the fuzzer', () => {
  it('finds no 5xx and no error outside the Problem shape', { timeout: 300_000 }, async () => {
    const owner = await server.createUser('fuzz-conv@example.com', 'secret12');
    const number = await server.call('POST', '/Accounts/WhatsApp', { token: owner.token, body: { name: 'n' } });
    expect(number.status).toBe(201);
    for (let i = 0; i < 3; i++) {
      const raw = JSON.stringify({ event: 'message', session: `c${number.body.id}`, payload: incomingMessage(`7916000040${i}`, `hello ${i}`) });
      const res = await fetch(`${server.base}/Webhooks/waha`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-webhook-hmac': createHmac('sha512', HMAC_KEY).update(raw).digest('hex') }, body: raw });
      expect(res.status).toBe(200);
    }
    expect((await server.call('GET', '/Conversations', { token: owner.token })).body.total).toBe(3);
    const contract = loadContract();
    const operations = contract.operations.filter((op) => op.path.startsWith('/Conversations'));
    expect(operations.length).toBe(2);
    const report = await fuzz({ base: server.base, contract, operations, runs: 60, seed: 20261124, tokens: { owner: owner.token } });
    expect(report.failures, summary(report)).toEqual([]);
  });
});
