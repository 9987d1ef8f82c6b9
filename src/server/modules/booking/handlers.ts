import type { AppContext } from '../../platform/context.ts';
import { clientById } from '../clients/store.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import type { Record } from './plan.ts';
import { isTimeZone } from '../../delivery/time.ts';
import { requireAuth } from '../../platform/http/auth.ts';
import { invalidField } from '../../platform/http/field-error.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { addMaster, addService, createRecord, listMasters, listServices, lockOwnRecord, moveRecord, setRecordStatus } from './store.ts';
import { eventContext } from '../../delivery/event-context.ts';
import { businessZone, setBusinessZone } from '../account/store.ts';

type Ops =
  | 'getBookingSettings'
  | 'updateBookingSettings'
  | 'listMasters'
  | 'createMaster'
  | 'listServices'
  | 'createService'
  | 'createRecord'
  | 'getRecord'
  | 'moveRecord'
  | 'cancelRecord'
  | 'setRecordStatus';

/** The built-in demo booking system (tag Booking): what a connected booking system's webhooks would report. */
export function bookingHandlers(ctx: AppContext): Handlers<Ops> {
  const { db } = ctx;
  const present = async (tx: Tx, record: Record) => {
    const client = await clientById(tx, record.clientId);
    return {
      id: record.id,
      clientId: record.clientId,
      phone: client!.phone,
      clientName: client!.name,
      masterId: record.masterId,
      serviceIds: record.serviceIds,
      startUnixTime: Math.floor(record.startAt.getTime() / 1000),
      status: record.status,
      version: record.version,
    };
  };

  return {
    async getBookingSettings(req) {
      const { userId } = requireAuth(req);
      return { timeZone: await businessZone(db, userId) };
    },
    async updateBookingSettings(req) {
      const { userId } = requireAuth(req);
      const { timeZone } = req.body;
      if (!isTimeZone(timeZone)) throw invalidField('timeZone', 'timeZoneUnknown');
      await setBusinessZone(db, userId, timeZone);
      return { timeZone };
    },
    async listMasters(req) {
      const { userId } = requireAuth(req);
      return listMasters(db, userId);
    },
    async createMaster(req, reply) {
      const { userId } = requireAuth(req);
      const row = await addMaster(db, userId, req.body.name.trim());
      reply.code(201);
      return row;
    },
    async listServices(req) {
      const { userId } = requireAuth(req);
      return listServices(db, userId);
    },
    async createService(req, reply) {
      const { userId } = requireAuth(req);
      const b = req.body;
      const row = await addService(db, userId, { title: b.title.trim(), price: b.price ?? 0, durationMinutes: b.durationMinutes ?? 60 });
      reply.code(201);
      return row;
    },
    async createRecord(req, reply) {
      const { userId } = requireAuth(req);
      const b = req.body;
      const result = await db.transaction(async (tx) => {
        const record = await createRecord(tx, userId, { ...b, startAt: b.startUnixTime * 1000 }, await eventContext(ctx, tx, userId));
        return present(tx, record);
      });
      reply.code(201);
      return result;
    },
    async getRecord(req) {
      const { userId } = requireAuth(req);
      return db.transaction(async (tx) => present(tx, await lockOwnRecord(tx, userId, req.params.recordId)));
    },
    async moveRecord(req) {
      const { userId } = requireAuth(req);
      const b = req.body;
      return db.transaction(async (tx) => {
        const patch = { masterId: b.masterId, serviceIds: b.serviceIds, startAt: b.startUnixTime === undefined ? undefined : b.startUnixTime * 1000 };
        return present(tx, await moveRecord(tx, userId, req.params.recordId, patch, await eventContext(ctx, tx, userId)));
      });
    },
    async cancelRecord(req) {
      const { userId } = requireAuth(req);
      return db.transaction(async (tx) => present(tx, await setRecordStatus(tx, userId, req.params.recordId, 'cancelled', await eventContext(ctx, tx, userId))));
    },
    async setRecordStatus(req) {
      const { userId } = requireAuth(req);
      return db.transaction(async (tx) => present(tx, await setRecordStatus(tx, userId, req.params.recordId, req.body.status, await eventContext(ctx, tx, userId))));
    },
  };
}

