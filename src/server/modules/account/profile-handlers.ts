import { messages } from '../../../shared/validation/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { requireAuth, requireSelfOrAdmin } from '../../platform/http/auth.ts';
import { HttpError, notFound } from '../../platform/http/problem.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { toCurrentUser, unixSeconds } from './mapping.ts';
import { findUserNow, recordSetUpRequest } from './store.ts';
import { crmsOfBundle } from './bundle.ts';
import { nearestPaymentEndDate, paymentsOf } from '../admin/store-payments.ts';
import { allowanceState } from '../../delivery/allowance.ts';

/** The signed-in customer's own data. Routes with a user id check tenancy (self or admin). */
export function profileHandlers(
  ctx: AppContext,
): Handlers<'getCurrentUser' | 'getNearestPaymentEndDate' | 'requestSetUp' | 'getPayInfos'> {
  const { db, config, mailer } = ctx;

  const loadUser = (id: number) => findUserNow(db, id);

  return {
    async getCurrentUser(req) {
      const user = await loadUser(requireAuth(req).userId);
      if (!user) throw new HttpError(401, 'tokenInvalid'); // token outlived its account
      return { ...toCurrentUser(user, config.now()), crms: await crmsOfBundle(db, user.id, user.crms) };
    },

    async getNearestPaymentEndDate(req) {
      return nearestPaymentEndDate(db, requireAuth(req).userId, config.now());
    },

    async requestSetUp(req) {
      const user = await loadUser(requireAuth(req).userId);
      if (!user) throw new HttpError(401, 'tokenInvalid');
      await recordSetUpRequest(db, user.id, new Date(config.now()));
      await mailer.send({
        to: config.supportEmail,
        subject: `Set-up requested by ${user.email}`,
        text: `User ${user.id} (${user.email}, phone ${user.phone ?? '-'}) asked for help setting up the cabinet.\n`,
      });
      return { message: messages.setUpRequested };
    },

    async getPayInfos(req) {
      const userId = req.params.userId;
      requireSelfOrAdmin(req, userId);
      if (!(await loadUser(userId))) throw notFound();
      const rows = await paymentsOf(db, userId);
      return {
        userId,
        pays: rows.map((p) => ({
          id: p.id,
          dateBeginUnixTime: p.dateBegin,
          dateEndUnixTime: p.dateEnd,
          createdDateUnixTime: unixSeconds(p.createdAt),
          amount: p.amount,
          currency: p.currency,
          tariff: p.tariff,
          success: p.success,
          isAutoPay: p.isAutoPay,
        })),
        nearestPaymentEndDate: await nearestPaymentEndDate(db, userId, config.now()),
        allowance: await allowanceState(db, userId, config.now()),
      };
    },

  };
}
