// The contract fuzzer's long run: every operation of openapi/cabinet.yaml against the real server on a fresh
// database. `npm run fuzz -- --runs 500 --seed 7 [--only listFlows,patchFlow] [--no-digest]`; exits 1 on any failure.
import { parseArgs } from 'node:util';
import { loadContract } from '../tests/fuzz/contract.ts';
import { fuzz, summary } from '../tests/fuzz/runner.ts';
import { startTarget } from '../tests/fuzz/target.ts';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '200' }, seed: { type: 'string', default: '1' }, only: { type: 'string' }, 'no-digest': { type: 'boolean', default: false } },
});
const contract = loadContract();
const only = values.only?.split(',');
const operations = only ? contract.operations.filter((op) => only.includes(op.id)) : contract.operations;
const target = await startTarget();
const started = performance.now();
try {
  const report = await fuzz({
    base: target.server.base,
    contract,
    operations,
    runs: Number(values.runs),
    seed: Number(values.seed),
    tokens: target.tokens,
    digest: values['no-digest'] ? undefined : target.digest,
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const fivexx = Object.entries(report.byStatus).filter(([s]) => Number(s) >= 500).reduce((n, [, c]) => n + c, 0);
  console.log(`${report.requests} requests over ${operations.length} operations in ${seconds} s (seed ${values.seed}, ${values.runs} per operation)`);
  console.log(`statuses: ${JSON.stringify(report.byStatus)}; 5xx: ${fivexx}; failures: ${report.failures.length}`);
  if (report.failures.length) console.log(summary(report, 200));
  process.exitCode = report.failures.length ? 1 : 0;
} finally {
  await target.server.close();
}
