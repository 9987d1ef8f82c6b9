/**
 * The requests being answered right now, so background work can let them go first. On PGlite the API and the
 * delivery engine share one database connection and one thread: between batches the engine waits until no request
 * is in flight (docs/delivery.md "Where the engine runs"), at most `maxWaitMs`, so a steady stream of requests
 * slows dispatch but never stops it.
 */
export class Foreground {
  #inFlight = 0;
  #waiters = new Set<() => void>();

  get inFlight(): number {
    return this.#inFlight;
  }

  enter(): void {
    this.#inFlight++;
  }

  leave(): void {
    if (this.#inFlight > 0) this.#inFlight--;
    if (this.#inFlight > 0) return;
    for (const wake of this.#waiters) wake();
    this.#waiters.clear();
  }

  /** Settles once no request is in flight, or after `maxWaitMs`. */
  quiet(maxWaitMs: number): Promise<void> {
    if (this.#inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.#waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, maxWaitMs);
      this.#waiters.add(wake);
    });
  }
}
