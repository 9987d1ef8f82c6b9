// The bearer check's user state cache: shared reads, forgetting, the time to live and the size bound.
import { describe, expect, it } from 'vitest';
import { UserStateCache, type UserState } from '../../../src/server/platform/auth/user-states.ts';

function setup(ttlMs = 1000, max = 100) {
  let now = 0;
  const reads: number[] = [];
  let state: UserState = 'user';
  const pending: (() => void)[] = [];
  const read = (id: number) => {
    reads.push(id);
    const at = state;
    return new Promise<UserState>((resolve) => pending.push(() => resolve(at)));
  };
  const cache = new UserStateCache({ ttlMs, max, now: () => now });
  const settle = () => pending.splice(0).forEach((done) => done());
  return { cache, read, reads, settle, tick: (ms: number) => (now += ms), set: (s: UserState) => (state = s) };
}

describe('UserStateCache', () => {
  it('concurrent requests for one user share one read, and later ones reuse it until the time to live ends', async () => {
    const t = setup();
    const both = Promise.all([t.cache.get(1, t.read), t.cache.get(1, t.read)]);
    t.settle();
    expect(await both).toEqual(['user', 'user']);
    expect(await t.cache.get(1, t.read)).toBe('user');
    expect(t.reads).toEqual([1]);
    t.tick(1000);
    const next = t.cache.get(1, t.read);
    t.settle();
    await next;
    expect(t.reads).toEqual([1, 1]);
  });

  it('forget makes the next request read again, and a read overtaken by it is not kept', async () => {
    const t = setup();
    const stale = t.cache.get(1, t.read); // in flight with the old state
    t.set(undefined);
    t.cache.forget(1);
    const fresh = t.cache.get(1, t.read);
    t.settle();
    expect(await stale).toBe('user');
    expect(await fresh).toBe(undefined);
    expect(await t.cache.get(1, t.read)).toBe(undefined);
    expect(t.reads).toEqual([1, 1]);
  });

  it('does not keep a failed read', async () => {
    const t = setup();
    await expect(t.cache.get(1, () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(t.cache.size).toBe(0);
  });

  it('holds at most max users, dropping the oldest; ttl 0 reads every time', async () => {
    const t = setup(1000, 2);
    for (const id of [1, 2, 3]) void t.cache.get(id, t.read);
    t.settle();
    expect(t.cache.size).toBe(2);
    void t.cache.get(1, t.read);
    expect(t.reads).toEqual([1, 2, 3, 1]);
    const off = setup(0);
    void off.cache.get(1, off.read);
    void off.cache.get(1, off.read);
    expect(off.reads).toEqual([1, 1]);
    expect(off.cache.size).toBe(0);
  });
});
