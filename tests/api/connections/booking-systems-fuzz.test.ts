// The contract fuzzer over the YCLIENTS / Altegio operations (issue 19) on a server whose systems are the local
// doubles, with an account and a linked company in place: no 5xx, every error a Problem.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../fuzz/contract.ts';
import { fuzz, summary } from '../../fuzz/runner.ts';
import { ALL_RIGHTS, startYclientsFake, type YclientsFake } from '../../fakes/yclients-fake.ts';
import { startServer, type TestServer } from '../harness.ts';
import { fakeCompany, settled } from './booking-systems-support.ts';

let server: TestServer;
let yclients: YclientsFake;
let altegio: YclientsFake;

beforeAll(async () => {
  [yclients, altegio] = await Promise.all([startYclientsFake('yclients'), startYclientsFake('altegio')]);
  server = await startServer({
    env: { YCLIENTS_API_URL: yclients.url, YCLIENTS_PARTNER_TOKEN: yclients.partnerToken, ALTEGIO_API_URL: altegio.url, ALTEGIO_PARTNER_TOKEN: altegio.partnerToken, ACCESS_TOKEN_TTL_SECONDS: '3650d' },
  });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await Promise.all([yclients?.close(), altegio?.close()]);
});

describe('YCLIENTS and Altegio under the fuzzer', () => {
  it('finds no 5xx and no error outside the Problem shape', { timeout: 300_000 }, async () => {
    const owner = await server.createUser('fuzz-booking@example.com', 'secret12');
    const a = fakeCompany(yclients.companies, 5);
    yclients.installs.set(a, 1);
    const u = yclients.addUser({ [a]: ALL_RIGHTS });
    const account = (await server.call('POST', '/Accounts/BookingSystems/yclients', { token: owner.token, body: { userToken: u.token } })).body.id as number;
    const company = (await server.call('POST', `/Accounts/BookingSystems/yclients/${account}/Companies`, { token: owner.token, body: { companyId: a } })).body.id as number;
    await settled(server, owner.token, company);

    const contract = loadContract();
    const operations = contract.operations.filter((op) => op.path.startsWith('/Accounts/BookingSystems'));
    expect(operations.length).toBe(8);
    const report = await fuzz({ base: server.base, contract, operations, runs: 40, seed: 20261125, tokens: { owner: owner.token, secret: 'not-the-secret' } });
    expect(report.failures, summary(report)).toEqual([]);
  });
});
