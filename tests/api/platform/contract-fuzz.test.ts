// The contract fuzzer's seeded run over every operation (tests/fuzz/, docs/testing.md "The contract fuzzer"):
// no 5xx, every error a Problem with its required fields, and no rejected request changes data.
// `npm run fuzz -- --runs 500 --seed N` is the long run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../fuzz/contract.ts';
import { fuzz, summary } from '../../fuzz/runner.ts';
import { startTarget, type FuzzTarget } from '../../fuzz/target.ts';

const RUNS_PER_OPERATION = 25;
const SEED = 20261123;

let target: FuzzTarget;
beforeAll(async () => {
  target = await startTarget();
});
afterAll(async () => target?.server.close());

describe('the contract fuzzer', () => {
  it('finds no 5xx, no error outside the Problem shape and no change of data by a rejected request', { timeout: 600_000 }, async () => {
    const contract = loadContract();
    const report = await fuzz({ base: target.server.base, contract, runs: RUNS_PER_OPERATION, seed: SEED, tokens: target.tokens, digest: target.digest });
    expect(report.requests).toBeGreaterThan(contract.operations.length * RUNS_PER_OPERATION * 0.9);
    expect(report.failures.length, summary(report)).toBe(0);
    // Every caller stayed signed in to the end, so no part of the run was answered 401 alone (a fuzzed Block hit one).
    expect(await target.signedOut(), 'callers signed out by a fuzzed request: change the seed').toEqual([]);
  });
});
