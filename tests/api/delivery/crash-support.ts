// The crash drills' shared parts (delivery/crash.test.ts, distributions/crash.test.ts): the real server as a child
// process killed with SIGKILL, and waiting for it to be up or gone.
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { resolve } from 'node:path';
import { onTestFinished } from 'vitest';

const ENTRY = resolve(import.meta.dirname, '../../../src/server/index.ts');

/** Up when the port accepts connections (an HTTP probe would queue behind the dispatcher on the one PGlite connection). */
export async function waitUp(port: number, child: ChildProcess) {
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((done) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        done(true);
      }).on('error', () => done(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('server did not start');
}

export const killed = (child: ChildProcess) => new Promise<void>((done) => (child.exitCode !== null || child.signalCode ? done() : child.once('exit', () => done())));

/** Starts server processes with `env`; a drill that fails or times out midway kills what it started. */
export function serverRunner(env: NodeJS.ProcessEnv) {
  const children: ChildProcess[] = [];
  onTestFinished(() => void children.forEach((c) => c.exitCode === null && !c.signalCode && c.kill('SIGKILL')));
  return () => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', `await (await import(${JSON.stringify(ENTRY)})).startApiServer()`], { env, stdio: 'ignore' });
    children.push(child);
    return child;
  };
}
