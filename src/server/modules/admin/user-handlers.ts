import { checkCountry, checkPhone, normalizePhone } from '../../../shared/validation/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { emailsOf, findUser, updateUser } from '../account/store.ts';
import { allLinkedAccountsOf } from '../account/store-linked.ts';
import { connectionsOf } from '../connections/store.ts';
import { requireAuth } from '../../platform/http/auth.ts';
import { invalidField } from '../../platform/http/field-error.ts';
import { badRequest, HttpError, notFound } from '../../platform/http/problem.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { toAdminUser } from './mapping.ts';
import { seconds } from '../../platform/db/rows.ts';
import { listUsers } from './queries-users.ts';
import { dialogueGrantsOf, dialoguesGranted, insertDialogueGrant, listManagers, listPayDestinations, managerExists } from './store.ts';

/** Admin area: users, their accounts bundle, lead managers, AI dialogue grants. The role check is the contract's. */
export function adminUserHandlers(
  ctx: AppContext,
): Handlers<'adminListUsers' | 'adminGetUser' | 'adminPatchUser' | 'adminSetUserInfo' | 'adminGetUserAccounts' | 'adminGetLeadInfo' | 'adminSetLeadInfo' | 'adminGrantDialogues' | 'adminListDialogues' | 'listManagers' | 'listPayDestinations'> {
  const { db, config } = ctx;

  const loadUser = async (id: number) => {
    const user = await findUser(db, id);
    if (!user) throw notFound('userNotFound');
    return user;
  };
  // A deleted account stays anonymised: its fields are not written again (docs/account.md).
  const loadLiveUser = async (id: number) => {
    const user = await loadUser(id);
    if (user.deletedAt) throw new HttpError(409, 'userDeleted');
    return user;
  };

  const phoneOrFail = (value: string, field: string) => {
    const error = checkPhone(value, field);
    if (error) throw badRequest([error]);
    return normalizePhone(value)!;
  };

  const checkManager = async (id: number | null, field: string) => {
    if (id === null) return;
    const row = await managerExists(db, id);
    if (!row) throw invalidField(field, 'noSuchManager', { params: { id } });
  };

  return {
    async adminListUsers(req) {
      const { page = 1, pageSize = 20, query, sort = 'createdAt', order = 'desc', after } = req.query;
      const { rows, ...paging } = await listUsers(db, { page, pageSize, query, sort, order, after });
      return { users: rows.map(({ cursorKey: _key, ...user }) => toAdminUser(user)), ...paging };
    },

    async adminGetUser(req) {
      return toAdminUser(await loadUser(req.params.id));
    },

    async adminPatchUser(req) {
      await loadLiveUser(req.params.id);
      const { userPhone, ...rest } = req.body;
      // The same country table as registration and the profile (null clears it: not a number, so not checked).
      const countryError = checkCountry(rest.countryId, false);
      if (countryError) throw badRequest([countryError]);
      const changes = { ...rest, ...(userPhone !== undefined ? { phone: phoneOrFail(userPhone, 'userPhone') } : {}) };
      const updated = await updateUser(db, req.params.id, changes);
      return toAdminUser(updated!);
    },

    async adminSetUserInfo(req) {
      const userId = req.query.userId;
      await loadLiveUser(userId);
      const phone = phoneOrFail(req.body.userPhone, 'userPhone');
      const updated = await updateUser(db, userId, { phone });
      return toAdminUser(updated!);
    },

    async adminGetUserAccounts(req) {
      await loadUser(req.params.id);
      const [rows, numbers, bots, sigma, iiko, amo, chatwoot] = await Promise.all([
        allLinkedAccountsOf(db, req.params.id),
        connectionsOf(db, req.params.id, 'whatsapp'),
        connectionsOf(db, req.params.id, 'telegram'),
        connectionsOf(db, req.params.id, 'sigma'),
        connectionsOf(db, req.params.id, 'iiko'),
        connectionsOf(db, req.params.id, 'amo'),
        connectionsOf(db, req.params.id, 'chatwoot'),
      ]);
      const namedConnections = (list: typeof iiko) => list.map((r) => ({ id: r.id, name: r.name }));
      const of = (kind: (typeof rows)[number]['kind']) => rows.filter((r) => r.kind === kind);
      const named = (kind: (typeof rows)[number]['kind']) => of(kind).map((r) => ({ id: r.id, name: r.name }));
      return {
        chatApiAccounts: numbers.map((r) => ({ id: r.id, phone: r.name })),
        yclientsCompanies: of('yclientsCompany').map((r) => ({ id: r.id, companyName: r.name })),
        // Bots and Sigma accounts connected since issue 17 live in connections (name: the bot's @username, the login).
        telegramAccounts: [...named('telegram'), ...bots.map((r) => ({ id: r.id, name: r.name }))],
        // iiko ApiLogins, amoCRM and Chatwoot connected from the cabinet since issue 19 live in connections too.
        iikoAccounts: [...named('iiko'), ...namedConnections(iiko)],
        sigmaAccounts: [...named('sigma'), ...namedConnections(sigma)],
        chatwootAccounts: [...named('chatwoot'), ...namedConnections(chatwoot)],
        amoAccounts: [...named('amo'), ...namedConnections(amo)],
        iikoOrganizations: of('iikoOrganization').map((r) => ({ id: r.externalId ?? String(r.id), title: r.name })),
        medFlexLpus: of('medFlexLpu').map((r) => ({ id: r.id, name: r.name })),
      };
    },

    async adminGetLeadInfo(req) {
      const user = await loadUser(req.params.id);
      return { firstLineManagerId: user.firstLineManagerId, secondLineManagerId: user.secondLineManagerId };
    },

    async adminSetLeadInfo(req) {
      await loadUser(req.params.id);
      const { firstLineManagerId, secondLineManagerId } = req.body;
      await checkManager(firstLineManagerId, 'firstLineManagerId');
      await checkManager(secondLineManagerId, 'secondLineManagerId');
      await updateUser(db, req.params.id, { firstLineManagerId, secondLineManagerId });
      return { firstLineManagerId, secondLineManagerId };
    },

    async adminGrantDialogues(req, reply) {
      await loadUser(req.params.id);
      const grantedBy = requireAuth(req).userId;
      const grant = await insertDialogueGrant(db, { userId: req.params.id, count: req.body.count, date: req.body.date, grantedBy, createdAt: new Date(config.now()) });
      const totalCount = await dialoguesGranted(db, req.params.id);
      reply.code(201);
      return { id: grant.id, userId: grant.userId, count: grant.count, date: grant.date, totalCount };
    },

    async adminListDialogues(req) {
      await loadUser(req.params.id);
      const rows = await dialogueGrantsOf(db, req.params.id);
      const admins = await emailsOf(db, [...new Set(rows.flatMap((r) => (r.grantedBy === null ? [] : [r.grantedBy])))]);
      return {
        grants: rows.map((r) => ({ id: r.id, count: r.count, date: r.date, createdDateUnixTime: seconds(r.createdAt)!, grantedBy: admins.get(r.grantedBy!) ?? null })),
        totalCount: rows.reduce((sum, r) => sum + r.count, 0),
      };
    },

    async listManagers() {
      return listManagers(db);
    },

    async listPayDestinations() {
      return listPayDestinations(db);
    },
  };
}
