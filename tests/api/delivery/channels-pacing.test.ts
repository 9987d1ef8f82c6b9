import { describe, expect, it } from 'vitest';
import { createPacer, wahaLimits } from '../../../src/server/delivery/channels/pacing.ts';
import { parseRetryAfter } from '../../../src/server/delivery/channels/provider-http.ts';

describe('pacer', () => {
  it('spaces sends per recipient and caps the account rate', () => {
    let t = 0;
    const pacer = createPacer([{ scope: 'account', perSecond: 2, burst: 2 }, { scope: 'recipient', perSecond: 1, burst: 1 }], { now: () => t });
    expect(pacer.reserve('a')).toBe(0);
    expect(pacer.reserve('a')).toBe(1000); // per-recipient: one per second
    expect(pacer.reserve('b')).toBe(0);
    expect(pacer.reserve('c')).toBe(500); // account burst of 2 spent, refills at 2/s
    t = 500;
    expect(pacer.reserve('c')).toBe(0);
    t = 1000;
    expect(pacer.reserve('a')).toBe(0);
  });

  it('a provider pause holds the recipient or the whole account', () => {
    let t = 0;
    const pacer = createPacer(wahaLimits(60), { now: () => t });
    pacer.pause(5000, 'x');
    expect(pacer.reserve('x')).toBe(5000);
    expect(pacer.reserve('y')).toBe(0);
    pacer.pause(3000);
    t = 1000;
    expect(pacer.reserve('z')).toBe(2000);
    t = 3000;
    expect(pacer.reserve('z')).toBe(0);
  });

  it('take waits with the injected sleep', async () => {
    let t = 0;
    const slept: number[] = [];
    const pacer = createPacer([{ scope: 'recipient', perSecond: 1, burst: 1 }], { now: () => t, sleep: async (ms) => {
      slept.push(ms);
      t += ms;
    } });
    await pacer.take('a');
    await pacer.take('a');
    expect(slept).toEqual([1000]);
  });

  it('parses Retry-After as seconds or a date', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4000)).toBe(6000);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
});
