import { describe, expect, it } from 'vitest';
import { dailyCapOnDay, daysToFullCap, nextSendingDay, NUMBER_POLICY, quietUntil, warmupDay } from '../../../src/server/delivery/number-policy.ts';
import { createPacer, wahaLimits } from '../../../src/server/delivery/channels/pacing.ts';
import { jittered } from '../../../src/server/delivery/channels/senders.ts';

// The per-number rules of docs/connections.md "Sending and pacing", on their own.
const MSK = 'Europe/Moscow';
const at = (iso: string) => Date.parse(iso);

describe('warm-up', () => {
  it('20 on the first day, doubling to the full cap of 500 on day 6', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 40].map((d) => dailyCapOnDay(d))).toEqual([20, 40, 80, 160, 320, 500, 500, 500]);
    expect(daysToFullCap()).toBe(6);
    expect(daysToFullCap({ firstDayCap: 20, fullDailyCap: 1000 })).toBe(7);
  });

  it("counts days on the owner's calendar: 23:59 and 00:01 are two days", () => {
    expect(warmupDay(at('2026-11-01T20:59:00Z'), at('2026-11-01T21:01:00Z'), MSK)).toBe(2);
    expect(warmupDay(at('2026-11-01T06:00:00Z'), at('2026-11-01T20:00:00Z'), MSK)).toBe(1);
    expect(warmupDay(at('2026-11-01T06:00:00Z'), at('2026-11-11T06:00:00Z'), MSK)).toBe(11);
  });
});

describe('quiet hours (22:00–08:00 local)', () => {
  it('hold sends until 08:00 of the same or the next local day', () => {
    expect(quietUntil(at('2026-11-01T09:00:00Z'), MSK)).toBeUndefined(); // 12:00
    expect(quietUntil(at('2026-11-01T18:59:00Z'), MSK)).toBeUndefined(); // 21:59
    expect(quietUntil(at('2026-11-01T19:00:00Z'), MSK)).toBe(at('2026-11-02T05:00:00Z')); // 22:00 → 08:00 tomorrow
    expect(quietUntil(at('2026-11-02T02:00:00Z'), MSK)).toBe(at('2026-11-02T05:00:00Z')); // 05:00 → 08:00 today
    expect(nextSendingDay(at('2026-11-01T09:00:00Z'), MSK)).toBe(at('2026-11-02T05:00:00Z'));
    expect(NUMBER_POLICY.quietFrom).toBe(22);
  });
});

describe('jitter', () => {
  it('stretches each gap by 0–50 % of the interval at random, never shorter than the provider limit', () => {
    let now = 0;
    const inner = createPacer(wahaLimits(20), { now: () => now });
    const randoms = [0, 1, 0.5];
    const pacer = jittered(inner, 3000, 0.5, () => randoms.shift() ?? 0);
    const gaps: number[] = [];
    let last = 0;
    for (let i = 0; i < 4; i++) {
      for (let w = pacer.reserve(`7999000000${i}`); w > 0; w = pacer.reserve(`7999000000${i}`)) now += w;
      if (i > 0) gaps.push(now - last);
      last = now;
    }
    expect(gaps).toEqual([3000, 4500, 3750]);
  });
});
