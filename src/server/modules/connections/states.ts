import type { ConnectionRow } from './store.ts';
import type { ConnectionState } from './schema.ts';
import type { SessionInfo, WahaStatus } from './waha-sessions.ts';

/** WAHA's session status → the spec's instance state (docs/connections.md "States"). */
export const STATE_OF: Record<WahaStatus, ConnectionState> = {
  STARTING: 'loading',
  SCAN_QR_CODE: 'GotQrCode',
  WORKING: 'Connected',
  FAILED: 'error',
  STOPPED: 'NotAuthorized',
};

/** §4: the QR may take up to 2 minutes to load; a session still starting after that is an error the owner retries. */
export const LOADING_LIMIT_MS = 2 * 60_000;

export interface StateChange {
  state: ConnectionState;
  lastError: string | null;
  phone?: string | null;
}

/** What a reported session status means for a stored connection; undefined when nothing changes. */
export function changeFor(row: ConnectionRow, info: SessionInfo, nowMs: number): StateChange | undefined {
  let state = STATE_OF[info.status];
  let lastError: string | null = info.status === 'FAILED' ? 'sessionFailed' : null;
  if (info.status === 'STARTING') {
    const timedOut = row.state === 'error' && row.lastError === 'qrTimeout';
    if (timedOut || (row.state === 'loading' && nowMs - row.stateChangedAt.getTime() > LOADING_LIMIT_MS)) [state, lastError] = ['error', 'qrTimeout'];
  }
  const phone = info.status === 'WORKING' && info.phone ? info.phone : undefined;
  if (state === row.state && lastError === row.lastError && (phone === undefined || phone === row.phone)) return undefined;
  return { state, lastError, ...(phone !== undefined ? { phone } : {}) };
}
