import type { Role } from './access-token.ts';

/** A user's state for the bearer check: the stored role, or undefined when the account is gone, blocked or deleted. */
export type UserState = Role | undefined;

interface Entry {
  expires: number;
  /** Settled or in flight: concurrent requests for the same user share one read. */
  state: Promise<UserState>;
}

/**
 * The users' states the bearer check reads, kept `ttlMs` (AUTH_STATE_CACHE_MS) so a request costs no query
 * (docs/account.md "Token checks"). This process forgets a user at once when it changes their state (`forget`, called
 * after the change is committed); a change made by another process counts within the TTL. One per app (AppContext),
 * never per module: several apps may run in one process. At most `max` users are kept, the oldest dropped first.
 */
export class UserStateCache {
  readonly #entries = new Map<number, Entry>();
  readonly #options: { ttlMs: number; max: number; now: () => number };

  constructor(options: { ttlMs: number; max: number; now: () => number }) {
    this.#options = options;
  }

  get(userId: number, read: (userId: number) => Promise<UserState>): Promise<UserState> {
    const { ttlMs, max, now } = this.#options;
    if (ttlMs <= 0) return read(userId);
    const at = now();
    const cached = this.#entries.get(userId);
    if (cached && cached.expires > at) return cached.state;
    if (cached) this.#entries.delete(userId);
    const entry: Entry = { expires: at + ttlMs, state: read(userId) };
    // A failed read is not remembered; neither is one that a `forget` overtook (the entry is no longer ours then).
    entry.state.catch(() => {
      if (this.#entries.get(userId) === entry) this.#entries.delete(userId);
    });
    this.#entries.set(userId, entry);
    if (this.#entries.size > max) this.#entries.delete(this.#entries.keys().next().value!);
    return entry.state;
  }

  /** The user's state changed here: the next request reads it again (and a read in flight is not kept). */
  forget(userId: number): void {
    this.#entries.delete(userId);
  }

  get size(): number {
    return this.#entries.size;
  }
}
