/**
 * `npm test`: everything CI runs, in order, stopping at nothing so one report shows every failure:
 * generated types fresh, type check, unit tests, API tests on the embedded database (and on PostgreSQL when
 * DATABASE_URL is set), a build of every brand, and the browser tests per brand. Ends with one line
 * "total: N passed, N failed, N skipped" and a non-zero exit when anything failed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const REPORTS = join(ROOT, '.tmp/reports');
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps: string[] = [];
/** Wall time of every step, printed at the end so CI time can be watched as the suite grows. */
const stepTimes: Array<[string, number]> = [];
const started = Date.now();
const bin = (name: string) => join(ROOT, 'node_modules/.bin', name);

function run(step: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): boolean {
  console.log(`\n━━ ${step} ━━`);
  const stepStart = Date.now();
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env });
  stepTimes.push([step, Date.now() - stepStart]);
  const ok = result.status === 0;
  if (!ok) failedSteps.push(step);
  return ok;
}

/** A step that is not a test suite still counts: one passed or one failed check. */
function check(step: string, command: string, args: string[]) {
  if (run(step, command, args)) totals.passed++;
  else totals.failed++;
}

function vitest(step: string, project: string, env: NodeJS.ProcessEnv) {
  const report = join(REPORTS, `${step.replace(/\W+/g, '-')}.json`);
  run(step, bin('vitest'), ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], env);
  if (!existsSync(report)) return void totals.failed++;
  const json = JSON.parse(readFileSync(report, 'utf8'));
  totals.passed += json.numPassedTests;
  totals.failed += json.numFailedTests + (json.success || json.numFailedTests ? 0 : 1);
  totals.skipped += json.numPendingTests + json.numTodoTests;
}

function playwright() {
  const report = join(REPORTS, 'e2e.json');
  run('browser tests (every brand)', bin('playwright'), ['test', '--reporter=list,json'], { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report });
  if (!existsSync(report)) return void totals.failed++;
  const stats = JSON.parse(readFileSync(report, 'utf8')).stats;
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected + (stats.unexpected === 0 && failedSteps.includes('browser tests (every brand)') ? 1 : 0);
  totals.skipped += stats.skipped;
}

const node = process.execPath;
const withoutPg = { ...process.env, DATABASE_URL: '' };

check('generated API types are fresh', node, ['scripts/generate-api-types.ts', '--check']);
check('type check', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
vitest('unit tests', 'unit', process.env);
vitest('API tests on the embedded database', 'api', withoutPg);
if (process.env.DATABASE_URL) vitest('API tests on PostgreSQL', 'api', process.env);
else console.log('\n(DATABASE_URL is not set: the API suite ran on the embedded database only)');
if (run('build every brand', node, ['scripts/build-brands.ts'])) {
  totals.passed++;
  playwright();
} else {
  totals.failed++;
}

const minutes = (ms: number) => `${Math.floor(ms / 60_000)}:${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}`;
console.log('\nStep times (m:ss):');
for (const [step, ms] of stepTimes) console.log(`  ${minutes(ms).padStart(6)}  ${step}`);
console.log(`  ${minutes(Date.now() - started).padStart(6)}  all steps`);
if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join('; ')}`);
console.log(`\ntotal: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
