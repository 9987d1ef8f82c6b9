/**
 * `npm test`: everything CI runs, stopping at nothing so one report shows every failure:
 * generated types fresh, type check, unit tests, then at the same time the API tests on the embedded database, on
 * PostgreSQL (when DATABASE_URL is set) and the build of every brand (much of the API suites' time is waiting on
 * timers and on PostgreSQL, so a 2-core machine has room), then the byte budget of every built page and the browser
 * tests per brand. Ends with each step's wall time, one line "total: N passed, N failed, N skipped" and a non-zero
 * exit when anything failed.
 * TEST_SERIAL=1 runs the steps one after another (to time a step alone).
 */
import { spawn, spawnSync } from 'node:child_process';
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
  return finish(step, stepStart, result.status === 0);
}

function finish(step: string, stepStart: number, ok: boolean): boolean {
  stepTimes.push([step, Date.now() - stepStart]);
  if (!ok) failedSteps.push(step);
  return ok;
}

/** A step run beside others: its output is held and printed whole when it ends, so logs do not interleave. */
function runBeside(step: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  console.log(`\n━━ ${step} (started beside other steps; its output follows when it ends) ━━`);
  const stepStart = Date.now();
  const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...env, FORCE_COLOR: '1' } });
  const output: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      console.log(`\n━━ ${step}: output ━━`);
      process.stdout.write(Buffer.concat(output));
      resolve(finish(step, stepStart, code === 0));
    });
  });
}

/** A step that is not a test suite still counts: one passed or one failed check. */
function check(step: string, command: string, args: string[]) {
  if (run(step, command, args)) totals.passed++;
  else totals.failed++;
}

function vitestArgs(step: string, project: string): [string, string[]] {
  const report = join(REPORTS, `${step.replace(/\W+/g, '-')}.json`);
  return [report, ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]];
}

function countVitest(report: string) {
  if (!existsSync(report)) return void totals.failed++;
  const json = JSON.parse(readFileSync(report, 'utf8'));
  totals.passed += json.numPassedTests;
  totals.failed += json.numFailedTests + (json.success || json.numFailedTests ? 0 : 1);
  totals.skipped += json.numPendingTests + json.numTodoTests;
}

function vitest(step: string, project: string, env: NodeJS.ProcessEnv) {
  const [report, args] = vitestArgs(step, project);
  run(step, bin('vitest'), args, env);
  countVitest(report);
}

async function vitestBeside(step: string, project: string, env: NodeJS.ProcessEnv) {
  const [report, args] = vitestArgs(step, project);
  await runBeside(step, bin('vitest'), args, env);
  countVitest(report);
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
const BUILD = 'build every brand';
const apiOnPg = 'API tests on PostgreSQL';
if (!process.env.DATABASE_URL) console.log('\n(DATABASE_URL is not set: the API suite runs on the embedded database only)');
let built: boolean;
if (process.env.TEST_SERIAL) {
  vitest('API tests on the embedded database', 'api', withoutPg);
  if (process.env.DATABASE_URL) vitest(apiOnPg, 'api', process.env);
  built = run(BUILD, node, ['scripts/build-brands.ts']);
} else {
  const groupStart = Date.now();
  const build = runBeside(BUILD, node, ['scripts/build-brands.ts']);
  await Promise.all([
    vitestBeside('API tests on the embedded database', 'api', withoutPg),
    process.env.DATABASE_URL ? vitestBeside(apiOnPg, 'api', process.env) : undefined,
    build,
  ]);
  built = await build;
  stepTimes.push(['(API tests and build, side by side)', Date.now() - groupStart]);
}
if (built) {
  totals.passed++;
  // The initial JavaScript of every built page against its budget (DESIGN.md "Budgets"; scripts/bench-bytes.ts).
  check('initial JS of every page within budget', node, ['scripts/bench-bytes.ts', '--check']);
  playwright();
} else {
  totals.failed++;
}

/** m:ss, rounded to the second first (299.6 s is 5:00, not 4:60). */
const minutes = (ms: number) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};
console.log('\nStep times (m:ss):');
for (const [step, ms] of stepTimes) console.log(`  ${minutes(ms).padStart(6)}  ${step}`);
console.log(`  ${minutes(Date.now() - started).padStart(6)}  all steps`);
if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join('; ')}`);
console.log(`\ntotal: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
