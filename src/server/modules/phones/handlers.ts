import type { AppContext } from '../../platform/context.ts';
import { userGuid } from '../account/store.ts';
import { requireAuth } from '../../platform/http/auth.ts';
import { HttpError } from '../../platform/http/problem.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { ignoreLinkToken, userOfIgnoreLink } from './ignore-link.ts';
import { phoneMessages } from './messages.ts';
import { addIgnored, listIgnored, removeIgnored, requirePhone, toDto } from './store.ts';

type Ops = 'listIgnoredPhones' | 'addIgnoredPhone' | 'removeIgnoredPhone' | 'getIgnoreLink' | 'addPhoneByIgnoreLink';

/** §2 blacklist (/phones/ignore) and its public ignore link (/il/{encUserGuid}). Owner calls are scoped to the caller. */
export function phonesHandlers(ctx: AppContext): Handlers<Ops> {
  const { db, config } = ctx;
  const now = () => new Date(config.now());

  return {
    async listIgnoredPhones(req) {
      const { userId } = requireAuth(req);
      return listIgnored(db, userId, { page: req.query.page ?? 1, pageSize: req.query.pageSize ?? 20, search: req.query.search });
    },

    async addIgnoredPhone(req, reply) {
      const { userId } = requireAuth(req);
      const digits = requirePhone(req.body.phone);
      const row = await addIgnored(db, userId, digits, 'manual', req.body.comment?.trim() ?? '', now());
      // A duplicate is reported (not silently accepted) so the owner sees the number was already there.
      if (!row) throw new HttpError(409, 'phoneAlreadyIgnored', { errors: [{ field: 'phone', code: 'phoneAlreadyIgnored', message: phoneMessages.phoneAlreadyIgnored }] });
      reply.code(201);
      return toDto(row);
    },

    async removeIgnoredPhone(req) {
      const { userId } = requireAuth(req);
      const removed = await removeIgnored(db, userId, req.params.phoneId);
      if (!removed.length) throw new HttpError(404, 'phoneNotFound');
      return { message: phoneMessages.phoneRemoved };
    },

    async getIgnoreLink(req) {
      const { userId } = requireAuth(req);
      const guid = await userGuid(db, userId);
      if (!guid) throw new HttpError(401, 'tokenInvalid');
      const token = ignoreLinkToken(config.jwtSecret, guid);
      return { token, path: `/il/${token}` };
    },

    async addPhoneByIgnoreLink(req) {
      const userId = await userOfIgnoreLink(db, config.jwtSecret, req.params.encUserGuid);
      if (userId === undefined) throw new HttpError(404, 'ignoreLinkInvalid');
      const digits = requirePhone(req.body.phone);
      // Same answer whether or not the number was listed: the public page must not reveal the owner's list.
      await addIgnored(db, userId, digits, 'link', '', now());
      return { message: phoneMessages.ignoreLinkAdded };
    },
  };
}
