/**
 * The requests being answered right now, so background work can let them go first: between batches the delivery
 * engine waits until no request is in flight (docs/delivery.md "Where the engine runs"), at most `maxWaitMs`, so a
 * steady stream of requests slows dispatch but never stops it. The count lives in a SharedArrayBuffer: the server's
 * thread counts, and the engine in PGlite's database thread (platform/db/thread.ts) waits on the same count through
 * `new Foreground(buffer)`.
 */
export class Foreground {
  readonly buffer: SharedArrayBuffer;
  readonly #count: Int32Array;

  constructor(buffer: SharedArrayBuffer = new SharedArrayBuffer(4)) {
    this.buffer = buffer;
    this.#count = new Int32Array(buffer);
  }

  get inFlight(): number {
    return Atomics.load(this.#count, 0);
  }

  enter(): void {
    Atomics.add(this.#count, 0, 1);
  }

  leave(): void {
    // Never below zero, even if a response's 'close' came twice.
    for (;;) {
      const n = Atomics.load(this.#count, 0);
      if (n <= 0) return;
      if (Atomics.compareExchange(this.#count, 0, n, n - 1) !== n) continue;
      if (n === 1) Atomics.notify(this.#count, 0);
      return;
    }
  }

  /** Settles once no request is in flight, or after `maxWaitMs`. */
  async quiet(maxWaitMs: number): Promise<void> {
    const deadline = performance.now() + maxWaitMs;
    for (;;) {
      const n = Atomics.load(this.#count, 0);
      const left = deadline - performance.now();
      if (n === 0 || left <= 0) return;
      // Wakes on the notify of the last leave (or a changed count), in whichever thread it ran. A pending
      // waitAsync does not keep Node's event loop alive: the timer does, and bounds the wait.
      const wait = Atomics.waitAsync(this.#count, 0, n, left);
      if (!wait.async) continue;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([wait.value, new Promise((resolve) => (timer = setTimeout(resolve, left)))]);
      clearTimeout(timer);
    }
  }
}
