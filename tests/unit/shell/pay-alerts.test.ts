// The header's and the bell's pay warnings (issue 18): the message-limit rule and the one PayInfos read per page.
import { describe, expect, it, vi } from 'vitest';

const calls: number[] = [];
const now = Date.UTC(2026, 10, 24, 12);
vi.mock('../../../src/stores/session.ts', () => ({
  getApi: () => ({
    GET: async (_path: string, init: { params: { path: { userId: number } } }) => {
      calls.push(init.params.path.userId);
      return {
        data: {
          userId: init.params.path.userId,
          pays: [],
          nearestPaymentEndDate: { dateEndUnixTime: Math.floor(now / 1000) + 2 * 86_400, status: 'Active' },
          allowance: { limit: 800, used: 750, left: 50 },
        },
      };
    },
  }),
}));

const { allowanceWarning, loadPayAlerts } = await import('../../../src/stores/subscription.ts');

describe('§8 message-limit warning', () => {
  it('reached at none left, low under 100 left, nothing from 100 up or without a limit', () => {
    expect(allowanceWarning({ limit: 800, used: 800, left: 0 })).toBe('reached');
    expect(allowanceWarning({ limit: 800, used: 701, left: 99 })).toBe('low');
    expect(allowanceWarning({ limit: 50, used: 0, left: 50 })).toBe('low');
    expect(allowanceWarning({ limit: 800, used: 700, left: 100 })).toBeUndefined();
    expect(allowanceWarning({ limit: null, used: 5000, left: null })).toBeUndefined();
  });
});

describe('one PayInfos read per page', () => {
  it('header and bell share the answer: both warnings from one request', async () => {
    const [header, bell] = await Promise.all([loadPayAlerts(7, now), loadPayAlerts(7, now)]);
    expect(calls).toEqual([7]);
    expect(bell).toBe(header);
    expect(header).toEqual({ reminder: { state: 'expiring', endsAt: now + 2 * 86_400_000 }, allowance: 'low' });
  });
});
