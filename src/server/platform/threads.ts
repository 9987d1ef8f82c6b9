import { Worker, type WorkerOptions } from 'node:worker_threads';
import { bundledEntry } from './bundle.ts';

/**
 * The server's Node flags for its threads, minus those of an inline script (`node --input-type=module -e …`, as the
 * crash drill starts a server): a thread given `--input-type` refuses to load its file. A thread that runs from its
 * bundle is also not given a TypeScript `--import` (the module hooks): loading it would load the type stripper the
 * bundle spares, and the hooks serve drizzle's files, which the bundle has inside.
 */
export function threadExecArgv(argv: string[], bundled: boolean): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    if (['-e', '--eval', '-p', '--print'].includes(flag)) i++; // and its script
    else if (bundled && flag === '--import' && argv[i + 1]?.endsWith('.ts')) i++;
    else if (bundled && /^--import=.*\.ts$/.test(flag)) continue;
    else if (!/^--(input-type|eval|print)=/.test(flag)) out.push(flag);
  }
  return out;
}

/** Where a thread starts: its bundle, or its `.ts` entry when no bundle could be made. */
export interface ThreadEntry {
  url: URL;
  bundled: boolean;
}

/** The entry of a thread (a `.ts` file) as the thread will load it: from its bundle (bundle.ts) when one is made. */
export async function threadEntry(entry: URL, warn?: (message: string) => void): Promise<ThreadEntry> {
  const url = await bundledEntry(entry, { warn });
  return { url, bundled: url !== entry };
}

/**
 * A thread running `entry` with the server's Node flags. V8's flags (`npm start`'s `--max-semi-space-size`,
 * `--liftoff-only`) are refused in a thread's execArgv but hold for the whole process anyway, so the ones Node names
 * as invalid are left out. Used for PGlite's database thread and the delivery workers.
 */
export function startThread(entry: ThreadEntry, options: Omit<WorkerOptions, 'execArgv'>): Worker {
  const execArgv = threadExecArgv(process.execArgv, entry.bundled);
  try {
    return new Worker(entry.url, { ...options, execArgv });
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_WORKER_INVALID_EXEC_ARGV') throw error;
    const invalid = new Set((error as Error).message.replace(/^[^:]*:\s*/, '').split(/,\s*/));
    return new Worker(entry.url, { ...options, execArgv: execArgv.filter((flag) => !invalid.has(flag)) });
  }
}
