// The Company a booking-system company row shows (docs/booking-systems.md "Companies", "Pull"): its status by
// account and rights, and a pull left running by a restart shown failed after 15 minutes.
import { describe, expect, it } from 'vitest';
import { PULL_STALE_MS, toCompany } from '../../../src/server/modules/connections/booking-systems/company.ts';
import type { LinkedAccountRow } from '../../../src/server/modules/account/store-linked.ts';
import type { ConnectionRow } from '../../../src/server/modules/connections/store.ts';

const NOW = Date.UTC(2026, 10, 25, 12);
const row = (data: Record<string, unknown>, connectionId: number | null = 7): LinkedAccountRow =>
  ({ id: 1, userId: 1, kind: 'yclientsCompany', name: 'Salon', externalId: 'yclients:555', data, connectionId, createdAt: new Date(NOW) }) as LinkedAccountRow;
const account = (state: ConnectionRow['state'], lastError: string | null = null) => new Map([[7, { id: 7, state, lastError } as ConnectionRow]]);
const running = (startedAt: number) => ({ sync: { state: 'running', masters: 1, services: 0, clients: 0, startedAt, finishedAt: null, error: null } });

describe('a booking company as the overview shows it', () => {
  it('status: webhookOnly without an account, unreachable when its token is refused, rightsMissing with denied rights', () => {
    expect(toCompany(row({}, null), account('Connected'), NOW).status).toBe('webhookOnly');
    expect(toCompany(row({}), account('error', 'bookingTokenRejected'), NOW).status).toBe('unreachable');
    expect(toCompany(row({ reach: 'gone' }), account('Connected'), NOW).status).toBe('unreachable');
    expect(toCompany(row({ deniedRights: ['clients'] }), account('Connected'), NOW).status).toBe('rightsMissing');
    expect(toCompany(row({}), account('Connected'), NOW)).toMatchObject({ status: 'connected', internalCompanyId: 555, timezone: null, lastWebhookUnixTime: null, sync: { state: 'never' } });
  });

  it('a pull running for longer than 15 minutes is shown failed (bookingPullInterrupted)', () => {
    expect(toCompany(row(running(NOW - PULL_STALE_MS + 1000)), account('Connected'), NOW).sync).toMatchObject({ state: 'running', error: null });
    expect(toCompany(row(running(NOW - PULL_STALE_MS - 1000)), account('Connected'), NOW).sync).toMatchObject({ state: 'failed', error: 'bookingPullInterrupted', masters: 1 });
  });
});
