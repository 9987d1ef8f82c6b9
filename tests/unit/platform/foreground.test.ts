import { once } from 'node:events';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { Foreground } from '../../../src/server/platform/foreground.ts';

// A thread waiting on the count this thread keeps, as the engine in PGlite's database thread does.
const WAITER = `
const { workerData, parentPort } = require('node:worker_threads');
import(workerData.url).then(async ({ Foreground }) => {
  const fg = new Foreground(workerData.buffer);
  parentPort.postMessage('waiting');
  const started = Date.now();
  await fg.quiet(5000);
  parentPort.postMessage(Date.now() - started);
});`;

describe('Foreground', () => {
  it('is quiet at once when no request is in flight', async () => {
    const fg = new Foreground();
    let settled = false;
    void fg.quiet(10_000).then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(true);
  });

  it('waits for the last request in flight to leave', async () => {
    const fg = new Foreground();
    fg.enter();
    fg.enter();
    let settled = false;
    const quiet = fg.quiet(10_000).then(() => (settled = true));
    fg.leave();
    await new Promise((r) => setTimeout(r, 5));
    expect(settled).toBe(false);
    fg.leave();
    await quiet;
    expect(fg.inFlight).toBe(0);
  });

  it('gives up waiting after maxWaitMs, so background work never stops', async () => {
    const fg = new Foreground();
    fg.enter();
    const started = Date.now();
    await fg.quiet(20);
    expect(Date.now() - started).toBeGreaterThanOrEqual(15);
    expect(fg.inFlight).toBe(1);
    fg.leave();
    fg.leave(); // an extra leave never goes below zero
    expect(fg.inFlight).toBe(0);
  });

  it('wakes a waiter in another thread when the last request here leaves', async () => {
    const fg = new Foreground();
    fg.enter();
    const url = pathToFileURL(resolve(import.meta.dirname, '../../../src/server/platform/foreground.ts')).href;
    const worker = new Worker(WAITER, { eval: true, workerData: { url, buffer: fg.buffer } });
    try {
      await once(worker, 'message'); // waiting
      await new Promise((r) => setTimeout(r, 100));
      fg.leave();
      const [waited] = (await once(worker, 'message')) as [number];
      expect(waited).toBeGreaterThanOrEqual(90);
      expect(waited).toBeLessThan(4000); // woken, not timed out
    } finally {
      await worker.terminate();
    }
  });
});
