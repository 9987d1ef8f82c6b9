import { messages, normalizeEmail } from '../../../shared/validation/index.ts';
import { verifyPassword } from '../../platform/auth/passwords.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import { requireAuth } from '../../platform/http/auth.ts';
import { badRequest, HttpError } from '../../platform/http/problem.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { deleteOwnerData as deleteAdminData } from '../admin/store.ts';
import { anonymisePaymentsOf } from '../admin/store-payments.ts';
import { leftoversOf, undoAtProviders } from '../connections/cleanup.ts';
import { deleteConnectionsOf } from '../connections/store.ts';
import { deleteOwnerImages } from '../flows/image-store.ts';
import { detachSubscriptionsOf, stopStripeRenewals } from '../payments/account-deletion.ts';
import { isDemoEmail } from '../demo/accounts.ts';
import { deleteBusinessData } from './business-data.ts';
import { deleteOwnerData as deleteAccountData, findUser } from './store.ts';

/**
 * Every module removes (or anonymises) its own part, in one transaction: messages first (nothing more is sent), then
 * what names clients, the clients, and the account row last. Decisions per table: docs/account.md "Deleting".
 */
export async function deleteOwner(tx: Tx, userId: number, at: Date): Promise<void> {
  await deleteBusinessData(tx, userId);
  await deleteAdminData(tx, userId);
  await anonymisePaymentsOf(tx, userId);
  await deleteConnectionsOf(tx, userId);
  await deleteAccountData(tx, userId, at);
}

/** §2 Profile "delete account": the current password and the account's email typed as confirmation. */
export function deleteHandlers(ctx: AppContext): Handlers<'deleteAccount'> {
  const { db, config, userStates } = ctx;
  return {
    async deleteAccount(req, reply) {
      const user = await findUser(db, requireAuth(req).userId);
      if (!user) throw new HttpError(401, 'tokenInvalid');
      const { password, confirmation } = req.body;
      // Both checks answer before anything changes; the password first, so a wrong one says nothing else.
      if (!(await verifyPassword(user.passwordHash, password))) {
        throw badRequest([{ field: 'password', code: 'currentPasswordWrong', message: messages.currentPasswordWrong }]);
      }
      if (normalizeEmail(confirmation) !== user.email) {
        throw badRequest([{ field: 'confirmation', code: 'deleteConfirmationWrong', message: messages.deleteConfirmationWrong }]);
      }
      if (isDemoEmail(user.email)) throw new HttpError(409, 'demoAccountLocked');
      const { leftovers, stripeSubscriptions } = await db.transaction(async (tx) => {
        const found = await leftoversOf(tx, config, user.id);
        const stripeSubscriptions = await detachSubscriptionsOf(tx, user.id); // no renewal, the saved method forgotten
        await deleteOwner(tx, user.id, new Date(config.now()));
        return { leftovers: found, stripeSubscriptions };
      });
      userStates.forget(user.id); // after the commit: a read before it would cache the live account again
      // The providers' side after the commit, not awaited: a gateway down neither fails nor delays the deletion.
      void undoAtProviders(config, leftovers, req.log.child({ userId: user.id }));
      void stopStripeRenewals(config, stripeSubscriptions, req.log.child({ userId: user.id }));
      // Files are not transactional: removed once the rows that name them are gone (a failure leaves only files).
      await deleteOwnerImages(config.dataDir, user.id).catch((error: unknown) => req.log.warn({ err: error, userId: user.id }, 'flow images not removed'));
      req.log.info({ userId: user.id }, 'account deleted by its owner');
      reply.code(204).send();
    },
  };
}
