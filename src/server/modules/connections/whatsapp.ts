import type { ServerConfig } from '../../platform/config.ts';
import type { Db } from '../../platform/db/open.ts';
import { HttpError } from '../../platform/http/problem.ts';
import { changeFor } from './states.ts';
import { connectionBySession, setSession, setState, type ConnectionRow } from './store.ts';
import { isDown, sessionName, wahaSessions, type GatewayDown, type SessionInfo, type WahaSessions, type WahaStatus } from './waha-sessions.ts';

// The WhatsApp numbers' use cases shared by the owner's routes, the public QR link and the gateway's webhook.

export const QR_LINK_MS = 30 * 60_000; // §4: the sharing link is valid 30 minutes
export const CODE_VALID_S = 30; // §4: a pairing code is valid 30 seconds
export const CODES_PER_DAY = 3; // §4/§9: at most 3 attempts a day

export const gatewayDown = (why: GatewayDown) => new HttpError(502, 'gatewayUnavailable', { params: { reason: why.reason } });

export interface WhatsApp {
  gateway: WahaSessions | undefined;
  /** The gateway or a 409 naming its absence. */
  requireGateway(): WahaSessions;
  /** The connection after a fresh status read; the stored one when the gateway is absent or down. */
  live(row: ConnectionRow): Promise<ConnectionRow>;
  /** Starts the session unless it runs, then the state and, while it waits for a scan, the QR. */
  qr(row: ConnectionRow): Promise<{ row: ConnectionRow; qr: string | null }>;
  /** Records a reported status; returns the row as stored. */
  record(row: ConnectionRow, info: SessionInfo): Promise<ConnectionRow>;
}

export function whatsApp(db: Db, config: ServerConfig): WhatsApp {
  const gateway = config.wahaGateway ? wahaSessions(config.wahaGateway) : undefined;
  const webhook = { url: `${config.publicOrigin.replace(/\/+$/, '')}/api/v1/Webhooks/waha`, hmacKey: config.wahaWebhookHmacKey };
  const now = () => new Date(config.now());

  const requireGateway = () => {
    if (!gateway) throw new HttpError(409, 'gatewayNotConfigured');
    return gateway;
  };

  async function record(row: ConnectionRow, info: SessionInfo): Promise<ConnectionRow> {
    const change = changeFor(row, info, config.now());
    return change ? ((await setState(db, row.id, change, now())) ?? row) : row;
  }

  return {
    gateway,
    requireGateway,
    record,
    async live(row) {
      if (!gateway || !row.session) return row;
      const info = await gateway.status(row.session);
      if (isDown(info)) return row;
      if (info === null) return row.state === 'NotAuthorized' ? row : ((await setState(db, row.id, { state: 'NotAuthorized', lastError: null }, now())) ?? row);
      return record(row, info);
    },
    async qr(row) {
      const gw = requireGateway();
      const session = row.session ?? sessionName(row.id);
      if (!row.session) await setSession(db, row.id, session);
      let info = await gw.status(session);
      if (isDown(info)) throw gatewayDown(info);
      const retry = row.state === 'error' && row.lastError === 'qrTimeout';
      if (info === null || info.status === 'STOPPED' || info.status === 'FAILED' || retry) {
        const started = await gw.start(session, webhook);
        if (isDown(started)) throw gatewayDown(started);
        info = started;
        // A fresh start: the 2-minute wait counts from now.
        row = (await setState(db, row.id, { state: 'init', lastError: null }, now())) ?? row;
      }
      row = await record({ ...row, session }, info);
      if (info.status !== 'SCAN_QR_CODE') return { row, qr: null };
      const qr = await gw.qr(session);
      if (isDown(qr)) throw gatewayDown(qr);
      return { row, qr };
    },
  };
}

/** A `session.status` event of the gateway's webhook: the connection's new state, or undefined when not ours. */
export async function applySessionStatus(db: Db, config: ServerConfig, body: unknown): Promise<'applied' | 'unchanged' | undefined> {
  const b = body as { event?: unknown; session?: unknown; payload?: { status?: unknown; me?: { id?: unknown } | null } } | null;
  if (b?.event !== 'session.status' || typeof b.session !== 'string' || typeof b.payload?.status !== 'string') return undefined;
  const status = b.payload.status as WahaStatus;
  if (!['STOPPED', 'STARTING', 'SCAN_QR_CODE', 'WORKING', 'FAILED'].includes(status)) return undefined;
  const row = await connectionBySession(db, b.session.slice(0, 100));
  if (!row) return undefined;
  const me = typeof b.payload.me?.id === 'string' ? (/^(\d{6,15})@/.exec(b.payload.me.id)?.[1] ?? null) : null;
  const change = changeFor(row, { status, phone: me }, config.now());
  if (!change) return 'unchanged';
  await setState(db, row.id, change, new Date(config.now()));
  return 'applied';
}
