/**
 * `npm start`: builds any brand whose output is stale (build-brands.ts), then runs the server (serve.ts) from its
 * bundle, which bundle-server.ts makes when stale. Plain JavaScript, and both steps in processes of their own: the
 * server's process then loads no TypeScript, so neither Node's type stripper nor ~1,100 separate modules stay in its
 * memory (docs/architecture.md "Running it").
 *   --no-build   serve what dist/ holds (tests build once, then start many servers)
 */
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const step = (script, args = [], stdout = 'inherit') => {
  const run = spawnSync(process.execPath, [join(ROOT, 'scripts', script), ...args], { stdio: ['ignore', stdout, 'inherit'], encoding: 'utf8' });
  if (run.status !== 0) process.exit(run.status ?? 1);
  return run.stdout;
};

if (!process.argv.includes('--no-build')) step('build-brands.ts', ['--if-stale']);
await import(step('bundle-server.ts', [], 'pipe').trim());
