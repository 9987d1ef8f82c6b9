import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite has no multi-process safety: two processes on one data directory silently lose writes. A lock file
 * holding the owner's pid makes a second opener fail with a clear message; a lock left by a dead process is
 * taken over.
 */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

const held = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'cabinet.lock');
  const message = (pid: number) =>
    `The data directory ${dataDir} is already in use by process ${pid}. ` +
    'Stop that server first, or set DATA_DIR to another directory (or DATABASE_URL to use PostgreSQL).';
  // Same-process second opener (e.g. two createApi() calls): pid is ours and alive, so refuse too.
  if (held.has(file)) throw new DataDirLockedError(message(process.pid));
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      held.add(file);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        held.delete(file);
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) throw new DataDirLockedError(message(pid));
      rmSync(file, { force: true }); // stale lock from a crashed process
    }
  }
  throw new DataDirLockedError(`Could not take the lock ${file}`);
}
