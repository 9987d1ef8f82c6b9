// The contract fuzzer over the connections operations on a server WITH a gateway (the shared fuzz run has none, so
// there every call stops at 409 gatewayNotConfigured): no 5xx but the documented 502, every error a Problem.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../fuzz/contract.ts';
import { fuzz, summary } from '../../fuzz/runner.ts';
import { startWahaFake, type WahaFake } from '../../fakes/waha-fake.ts';
import { startServer, type TestServer } from '../harness.ts';

let server: TestServer;
let fake: WahaFake;
beforeAll(async () => {
  fake = await startWahaFake({ apiKey: 'k' });
  server = await startServer({ env: { WAHA_URL: fake.url, WAHA_API_KEY: 'k', WAHA_WEBHOOK_HMAC_KEY: 'hmac-key-0123456789', ACCESS_TOKEN_TTL_SECONDS: '3650d' } });
  fake.webhook = { url: `${server.base}/Webhooks/waha`, hmacKey: 'hmac-key-0123456789' };
}, 120_000);
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

describe('connections under the fuzzer, gateway on', () => {
  it('finds no 5xx (502 only when the gateway fails) and no error outside the Problem shape', { timeout: 300_000 }, async () => {
    const owner = await server.createUser('fuzz-wa@example.com', 'secret12');
    // Numbers of the caller in every state the routes branch on: waiting for a scan, linked, stopped.
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await server.call('POST', '/Accounts/WhatsApp', { token: owner.token, body: { name: `n${i}` } });
      if (res.status === 201) ids.push(res.body.id);
    }
    expect(ids.length).toBeGreaterThan(0); // the default limit is 1: the others were refused with 409
    await fake.scan(`c${ids[0]}`);
    const contract = loadContract();
    const operations = contract.operations.filter((op) => op.path.startsWith('/Accounts/WhatsApp') || op.path.startsWith('/Public/WhatsAppQr'));
    expect(operations.length).toBe(11);
    const report = await fuzz({ base: server.base, contract, operations, runs: 40, seed: 20261124, tokens: { owner: owner.token } });
    const unexpected = report.failures.filter((f) => !/\b502\b/.test(JSON.stringify(f)));
    expect(unexpected, summary(report)).toEqual([]);
  });
});
