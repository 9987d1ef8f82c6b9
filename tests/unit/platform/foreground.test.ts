import { describe, expect, it } from 'vitest';
import { Foreground } from '../../../src/server/platform/foreground.ts';

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
});
