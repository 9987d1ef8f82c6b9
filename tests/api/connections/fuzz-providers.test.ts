// The contract fuzzer over the Telegram, Twilio, Sigma and WABA (360dialog) operations and their webhooks on a server whose providers
// are the local doubles, with a connection of each kind in place: no 5xx, every error a Problem.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../fuzz/contract.ts';
import { fuzz, summary } from '../../fuzz/runner.ts';
import { startSigmaFake, type SigmaFake } from '../../fakes/sigma-fake.ts';
import { startTelegramBotsFake, type TelegramBotsFake } from '../../fakes/telegram-fake.ts';
import { newSid, startTwilioFake, type TwilioFake } from '../../fakes/twilio-fake.ts';
import { PARTNER, startWabaFake, type WabaFake } from '../../fakes/waba-fake.ts';
import { startServer, type TestServer } from '../harness.ts';

let server: TestServer;
let telegram: TelegramBotsFake;
let twilio: TwilioFake;
let sigma: SigmaFake;
let waba: WabaFake;
// The connect callback with the partner account set up, so the fuzzer reaches its 360dialog calls too.
const partnerEnv = () => ({ DIALOG360_HUB_URL: `${waba.url}/hub`, DIALOG360_PARTNER_ID: PARTNER.partnerId, DIALOG360_PARTNER_USERNAME: PARTNER.username, DIALOG360_PARTNER_PASSWORD: PARTNER.password });
beforeAll(async () => {
  [telegram, twilio, sigma, waba] = await Promise.all([startTelegramBotsFake(), startTwilioFake(), startSigmaFake(), startWabaFake()]);
  server = await startServer({ env: { TELEGRAM_API_URL: telegram.apiUrl, TWILIO_API_URL: twilio.url, SIGMA_API_URL: sigma.url, DIALOG360_API_URL: waba.url, ...partnerEnv(), PUBLIC_ORIGIN: 'https://cabinet.example', ACCESS_TOKEN_TTL_SECONDS: '3650d' } });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await Promise.all([telegram?.close(), twilio?.close(), sigma?.close(), waba?.close()]);
});

describe('Telegram, Twilio, Sigma and WABA under the fuzzer', () => {
  it('finds no 5xx and no error outside the Problem shape', { timeout: 300_000 }, async () => {
    const owner = await server.createUser('fuzz-providers@example.com', 'secret12');
    const token = `700000001:AAH${'y'.repeat(32)}`;
    telegram.bots.set(token, { id: 700000001, username: 'fuzz_salon_bot' });
    expect((await server.call('POST', '/Accounts/Telegram', { token: owner.token, body: { token } })).status).toBe(201);
    const sid = newSid('AC');
    twilio.accounts.set(sid, { token: 'a'.repeat(32), status: 'active', senders: ['+14155550100'] });
    expect((await server.call('POST', '/Accounts/Twilio', { token: owner.token, body: { accountSid: sid, authToken: 'a'.repeat(32), phone: '+14155550100' } })).status).toBe(201);
    sigma.accounts.set('fuzz', { password: 'fuzz-password', senders: ['Salon'] });
    expect((await server.call('POST', '/Accounts/Sigma', { token: owner.token, body: { login: 'fuzz', password: 'fuzz-password', sender: 'Salon' } })).status).toBe(201);

    waba.addAccount('fuzz-waba-key-123456', [{ name: 'reply_request' }]);
    for (const id of ['ch1', 'string', 'a']) waba.channels.set(id, { templates: [{ name: 'reply_request' }], shared: true });
    expect((await server.call('POST', '/Accounts/Waba', { token: owner.token, body: { apiKey: 'fuzz-waba-key-123456' } })).status).toBe(201);

    const contract = loadContract();
    const operations = contract.operations.filter((op) => /^\/(Accounts\/(Telegram|Twilio|Sigma|Waba)|Webhooks\/(telegram|twilio|waba)\/)/.test(op.path));
    expect(operations.length).toBe(27); // with the WABA key replacement and webhook-again routes (issue 17)
    const report = await fuzz({ base: server.base, contract, operations, runs: 40, seed: 20261124, tokens: { owner: owner.token, secret: 'not-the-secret' } });
    expect(report.failures, summary(report)).toEqual([]);
  });
});
