import type { components } from '../../../api/schema.d.ts';
import { normalizePhone } from '../../../shared/validation/phone.ts';
import type { AppContext } from '../../platform/context.ts';
import { newSecret, sha256 } from '../../platform/auth/secrets.ts';
import { requireAuth } from '../../platform/http/auth.ts';
import { invalidField } from '../../platform/http/field-error.ts';
import { HttpError, notFound } from '../../platform/http/problem.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { findUser, lockSenders } from '../account/store.ts';
import {
  addCodeRequest,
  addConnection,
  addQrLink,
  codeRequestsSince,
  connectionOf,
  connectionsOf,
  countConnectionsOf,
  deleteConnection,
  qrLinkByHash,
  removeCodeRequest,
  setState,
  type ConnectionRow,
} from './store.ts';
import { isDown } from './waha-sessions.ts';
import { CODE_VALID_S, CODES_PER_DAY, gatewayDown, QR_LINK_MS, whatsApp } from './whatsapp.ts';
import { unixSeconds } from '../../platform/db/rows.ts';

type WhatsAppNumber = components['schemas']['WhatsAppNumber'];
const DAY_MS = 86_400_000;

export const toNumber = (r: ConnectionRow): WhatsAppNumber => ({
  id: r.id,
  name: r.name,
  phone: r.phone,
  state: r.state ?? 'init',
  stateChangedUnixTime: unixSeconds(r.stateChangedAt),
  lastError: r.lastError,
  createdUnixTime: unixSeconds(r.createdAt),
});

/** The owner's WhatsApp numbers (§2 /accounts/whats-app, §4; docs/connections.md). */
export function whatsAppHandlers(
  ctx: AppContext,
): Handlers<'listWhatsAppNumbers' | 'addWhatsAppNumber' | 'getWhatsAppNumber' | 'deleteWhatsAppNumber' | 'getWhatsAppQr' | 'requestWhatsAppPairingCode' | 'logoutWhatsAppNumber' | 'createWhatsAppQrLink' | 'getPublicWhatsAppQr'> {
  const { db, config } = ctx;
  const wa = whatsApp(db, config);
  const now = () => new Date(config.now());

  /** The signed-in owner's number; another owner's id is as missing as an unknown one. */
  async function own(req: Parameters<typeof requireAuth>[0], id: number): Promise<ConnectionRow> {
    const row = await connectionOf(db, requireAuth(req).userId, id);
    if (!row || row.kind !== 'whatsapp') throw notFound('connectionNotFound');
    return row;
  }

  return {
    async listWhatsAppNumbers(req) {
      const userId = requireAuth(req).userId;
      const [rows, user] = await Promise.all([connectionsOf(db, userId, 'whatsapp'), findUser(db, userId)]);
      const live = await Promise.all(rows.map((r) => wa.live(r)));
      return { numbers: live.map(toNumber), limit: user?.chatApiInstanceLimit ?? 0 };
    },

    async addWhatsAppNumber(req, reply) {
      const userId = requireAuth(req).userId;
      const name = req.body.name.trim();
      if (!name) throw invalidField('name', 'blank');
      const user = await findUser(db, userId);
      if (!user) throw new HttpError(401, 'tokenInvalid');
      wa.requireGateway();
      // The owner's row lock makes the count and the insert one step: two adds at once cannot pass the limit.
      const row = await db.transaction(async (tx) => {
        await lockSenders(tx, [userId]);
        const limit = user.chatApiInstanceLimit;
        if ((await countConnectionsOf(tx, userId, 'whatsapp')) >= limit) throw new HttpError(409, 'accountLimitReached', { params: { limit } });
        return addConnection(tx, { userId, kind: 'whatsapp', name, at: now() });
      });
      const { row: started } = await wa.qr(row).catch(async (error: unknown) => {
        // Nothing is added when the gateway cannot start the session: the owner retries the whole step.
        await deleteConnection(db, row.id);
        throw error;
      });
      reply.code(201);
      return toNumber(started);
    },

    async getWhatsAppNumber(req) {
      return toNumber(await wa.live(await own(req, req.params.connectionId)));
    },

    async deleteWhatsAppNumber(req, reply) {
      const row = await own(req, req.params.connectionId);
      // The gateway confirms first: a session left running would keep the phone linked to nobody's number.
      if (row.session && wa.gateway) {
        const removed = await wa.gateway.remove(row.session);
        if (isDown(removed)) throw gatewayDown(removed);
      }
      await deleteConnection(db, row.id);
      reply.code(204);
    },

    async getWhatsAppQr(req) {
      const { row, qr } = await wa.qr(await own(req, req.params.connectionId));
      return { state: row.state ?? 'init', qr, stateChangedUnixTime: unixSeconds(row.stateChangedAt) };
    },

    async requestWhatsAppPairingCode(req, reply) {
      const row = await own(req, req.params.connectionId);
      const phone = normalizePhone(req.body.phone);
      if (!phone) throw invalidField('phone', 'phoneInvalid');
      const gateway = wa.requireGateway();
      if (!row.session) throw new HttpError(409, 'notWaitingForLink');
      const nowMs = config.now();
      // The attempt is reserved under the owner's row lock (two requests at once cannot both take the third), and
      // given back when the gateway gives no code.
      const { prior, reserved } = await db.transaction(async (tx) => {
        await lockSenders(tx, [row.userId]);
        const prior = await codeRequestsSince(tx, row.id, new Date(nowMs - DAY_MS));
        return { prior, reserved: prior.length >= CODES_PER_DAY ? undefined : await addCodeRequest(tx, row.id, new Date(nowMs)) };
      });
      if (reserved === undefined) {
        const waitMs = prior[0]!.getTime() + DAY_MS - nowMs;
        reply.header('retry-after', String(Math.max(1, Math.ceil(waitMs / 1000))));
        throw new HttpError(429, 'pairingCodeLimit', { params: { limit: CODES_PER_DAY, hours: Math.max(1, Math.ceil(waitMs / 3_600_000)) } });
      }
      const code = await gateway.requestCode(row.session, phone.slice(1));
      if (isDown(code) || code === null) {
        await removeCodeRequest(db, reserved);
        throw isDown(code) ? gatewayDown(code) : new HttpError(409, 'notWaitingForLink');
      }
      return { code, expiresUnixTime: Math.floor(nowMs / 1000) + CODE_VALID_S, attemptsLeft: CODES_PER_DAY - prior.length - 1 };
    },

    async logoutWhatsAppNumber(req) {
      const row = await own(req, req.params.connectionId);
      if (!row.session) throw new HttpError(409, 'notLinked');
      const done = await wa.requireGateway().logout(row.session);
      if (isDown(done)) throw gatewayDown(done);
      return toNumber((await setState(db, row.id, { state: 'NotAuthorized', lastError: null, phone: null }, now())) ?? row);
    },

    async createWhatsAppQrLink(req, reply) {
      const row = await own(req, req.params.connectionId);
      const token = newSecret();
      const expiresAt = new Date(config.now() + QR_LINK_MS);
      await addQrLink(db, row.id, sha256(token), expiresAt, now());
      reply.code(201);
      return { token, expiresUnixTime: unixSeconds(expiresAt) };
    },

    async getPublicWhatsAppQr(req) {
      const link = await qrLinkByHash(db, sha256(req.params.token));
      if (!link) throw notFound('qrLinkNotFound');
      if (link.expiresAt.getTime() <= config.now()) throw new HttpError(410, 'qrLinkExpired');
      const { row, qr } = await wa.qr(link.connection);
      return { state: row.state ?? 'init', qr, stateChangedUnixTime: unixSeconds(row.stateChangedAt), expiresUnixTime: unixSeconds(link.expiresAt) };
    },
  };
}
