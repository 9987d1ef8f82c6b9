import { revokeAllForUser } from '../../platform/auth/refresh-tokens.ts';
import type { AppContext } from '../../platform/context.ts';
import { requireAuth } from '../../platform/http/auth.ts';
import { HttpError, notFound } from '../../platform/http/problem.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { refreshTokenStore } from '../account/store-sessions.ts';
import { findUser, setBlocked } from '../account/store.ts';
import { toAdminUser } from './mapping.ts';

/**
 * Blocking a user (docs/admin.md "Blocking"): nobody blocks or unblocks themselves; an admin or superadmin account
 * only a superadmin does. A deleted account has nothing left to block. The sessions are revoked at once; access
 * tokens die on their next request (the bearer check reads the user's state).
 */
export function adminBlockHandlers(ctx: AppContext): Handlers<'adminBlockUser' | 'adminUnblockUser'> {
  const { db, config, userStates } = ctx;
  const sessions = refreshTokenStore(db);

  const target = async (req: Parameters<Handlers<'adminBlockUser'>['adminBlockUser']>[0]) => {
    const actor = requireAuth(req);
    const user = await findUser(db, req.params.id);
    if (!user) throw notFound('userNotFound');
    if (user.id === actor.userId) throw new HttpError(409, 'cannotBlockSelf');
    if (user.deletedAt) throw new HttpError(409, 'userDeleted');
    if (user.role !== 'user' && actor.role !== 'superadmin') throw new HttpError(403, 'cannotBlockStaff');
    return user;
  };

  return {
    async adminBlockUser(req) {
      const user = await target(req);
      const now = new Date(config.now());
      const blocked = await setBlocked(db, user.id, user.blockedAt ?? now);
      userStates.forget(user.id);
      await revokeAllForUser(sessions, config, user.id);
      req.log.info({ userId: user.id, by: req.auth?.userId }, 'user blocked');
      // Deleted between the read and the write: the state did not change.
      if (!blocked) throw new HttpError(409, 'userDeleted');
      return toAdminUser(blocked);
    },
    async adminUnblockUser(req) {
      const user = await target(req);
      const unblocked = await setBlocked(db, user.id, null);
      userStates.forget(user.id);
      req.log.info({ userId: user.id, by: req.auth?.userId }, 'user unblocked');
      if (!unblocked) throw new HttpError(409, 'userDeleted');
      return toAdminUser(unblocked);
    },
  };
}
