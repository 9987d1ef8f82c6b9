import { linkOrigin } from '../account/links.ts';
import type { AppContext } from '../../platform/context.ts';
import { userExists } from '../account/store.ts';
import { managerExists, payDestinationExists } from './store.ts';
import { insertPayment, paymentOf, paymentsPage, updatePayment } from './store-payments.ts';
import { clientHostOf } from '../../platform/http/auth.ts';
import { invalidField } from '../../platform/http/field-error.ts';
import { notFound } from '../../platform/http/problem.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { paymentColumns, toPayment } from './mapping.ts';

export const PAYS_PAGE_SIZE = 10;

/** Admin payments of one user. Every lookup is scoped by the path's user id so ids of other users 404. */
export function adminPayHandlers(ctx: AppContext): Handlers<'adminListPays' | 'adminAddPay' | 'adminGetPay' | 'adminEditPay' | 'adminGetPayLink'> {
  const { db, config } = ctx;

  const requireUser = async (id: number) => {
    const row = await userExists(db, id);
    if (!row) throw notFound('userNotFound');
  };

  const loadPay = async (userId: number, payId: number) => {
    const row = await paymentOf(db, userId, payId);
    if (!row) throw notFound('paymentNotFound');
    return row;
  };

  // Foreign keys would reject these too, but as a 500; the admin deserves a message naming the field.
  const checkRefs = async (input: { managerId?: number | null; payDestinationId?: number | null }) => {
    if (input.managerId != null) {
      const row = await managerExists(db, input.managerId);
      if (!row) throw invalidField('managerId', 'noSuchManager', { params: { id: input.managerId } });
    }
    if (input.payDestinationId != null) {
      const row = await payDestinationExists(db, input.payDestinationId);
      if (!row) throw invalidField('payDestinationId', 'noSuchPayDestination', { params: { id: input.payDestinationId } });
    }
  };

  return {
    async adminListPays(req) {
      const userId = req.params.id;
      await requireUser(userId);
      const { page = 1, success } = req.query;
      const { total, rows } = await paymentsPage(db, userId, { page, pageSize: PAYS_PAGE_SIZE, success });
      return { pays: rows.map(toPayment), pages: Math.ceil(total / PAYS_PAGE_SIZE) };
    },

    async adminAddPay(req, reply) {
      const userId = req.params.id;
      await requireUser(userId);
      if (req.body.userId !== undefined && req.body.userId !== userId) throw invalidField('userId', 'userIdMismatch');
      await checkRefs(req.body);
      const row = await insertPayment(db, userId, paymentColumns(req.body), new Date(config.now()));
      reply.code(201);
      return toPayment(row);
    },

    async adminGetPay(req) {
      return toPayment(await loadPay(req.params.id, req.params.payId));
    },

    async adminEditPay(req) {
      await loadPay(req.params.id, req.params.payId);
      if (req.body.userId !== undefined && req.body.userId !== req.params.id) throw invalidField('userId', 'userIdMismatch');
      await checkRefs(req.body);
      const changes = paymentColumns(req.body);
      const row = Object.keys(changes).length ? await updatePayment(db, req.params.id, req.params.payId, changes) : await loadPay(req.params.id, req.params.payId);
      return toPayment(row!);
    },

    async adminGetPayLink(req) {
      const pay = await loadPay(req.params.id, req.params.payId);
      const origin = linkOrigin(config, clientHostOf(req));
      return { url: `${origin}/publicPayments?payment=${pay.publicId}` };
    },
  };
}
