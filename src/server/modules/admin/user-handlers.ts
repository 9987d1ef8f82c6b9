import { desc, eq } from 'drizzle-orm';
import { checkPhone, normalizePhone } from '../../../shared/validation/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { dialogueGrants, managers, payDestinations } from './schema.ts';
import { linkedAccounts, users } from '../account/schema.ts';
import { requireAuth } from '../../platform/http/auth.ts';
import { invalidField } from '../../platform/http/field-error.ts';
import { badRequest, notFound } from '../../platform/http/problem.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { toAdminUser } from './mapping.ts';
import { seconds } from '../../platform/db/rows.ts';
import { listUsers } from './user-list.ts';

/** Admin area: users, their accounts bundle, lead managers, AI dialogue grants. The role check is the contract's. */
export function adminUserHandlers(
  ctx: AppContext,
): Handlers<'adminListUsers' | 'adminGetUser' | 'adminPatchUser' | 'adminSetUserInfo' | 'adminGetUserAccounts' | 'adminGetLeadInfo' | 'adminSetLeadInfo' | 'adminGrantDialogues' | 'adminListDialogues' | 'listManagers' | 'listPayDestinations'> {
  const { db, config } = ctx;

  const loadUser = async (id: number) => {
    const [user] = await db.select().from(users).where(eq(users.id, id));
    if (!user) throw notFound('userNotFound');
    return user;
  };

  const phoneOrFail = (value: string, field: string) => {
    const error = checkPhone(value, field);
    if (error) throw badRequest([error]);
    return normalizePhone(value)!;
  };

  const checkManager = async (id: number | null, field: string) => {
    if (id === null) return;
    const [row] = await db.select({ id: managers.id }).from(managers).where(eq(managers.id, id));
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
      await loadUser(req.params.id);
      const { userPhone, ...rest } = req.body;
      const changes = { ...rest, ...(userPhone !== undefined ? { phone: phoneOrFail(userPhone, 'userPhone') } : {}) };
      const [updated] = await db.update(users).set(changes).where(eq(users.id, req.params.id)).returning();
      return toAdminUser(updated!);
    },

    async adminSetUserInfo(req) {
      const userId = req.query.userId;
      await loadUser(userId);
      const phone = phoneOrFail(req.body.userPhone, 'userPhone');
      const [updated] = await db.update(users).set({ phone }).where(eq(users.id, userId)).returning();
      return toAdminUser(updated!);
    },

    async adminGetUserAccounts(req) {
      await loadUser(req.params.id);
      const rows = await db.select().from(linkedAccounts).where(eq(linkedAccounts.userId, req.params.id)).orderBy(linkedAccounts.id);
      const of = (kind: (typeof rows)[number]['kind']) => rows.filter((r) => r.kind === kind);
      const named = (kind: (typeof rows)[number]['kind']) => of(kind).map((r) => ({ id: r.id, name: r.name }));
      return {
        chatApiAccounts: of('chatApi').map((r) => ({ id: r.id, phone: r.name })),
        yclientsCompanies: of('yclientsCompany').map((r) => ({ id: r.id, companyName: r.name })),
        telegramAccounts: named('telegram'),
        iikoAccounts: named('iiko'),
        sigmaAccounts: named('sigma'),
        chatwootAccounts: named('chatwoot'),
        amoAccounts: named('amo'),
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
      await db.update(users).set({ firstLineManagerId, secondLineManagerId }).where(eq(users.id, req.params.id));
      return { firstLineManagerId, secondLineManagerId };
    },

    async adminGrantDialogues(req, reply) {
      await loadUser(req.params.id);
      const grantedBy = requireAuth(req).userId;
      const [grant] = await db
        .insert(dialogueGrants)
        .values({ userId: req.params.id, count: req.body.count, date: req.body.date, grantedBy, createdAt: new Date(config.now()) })
        .returning();
      const all = await db.select({ c: dialogueGrants.count }).from(dialogueGrants).where(eq(dialogueGrants.userId, req.params.id));
      reply.code(201);
      return { id: grant!.id, userId: grant!.userId, count: grant!.count, date: grant!.date, totalCount: all.reduce((s, r) => s + r.c, 0) };
    },

    async adminListDialogues(req) {
      await loadUser(req.params.id);
      const rows = await db
        .select({ id: dialogueGrants.id, count: dialogueGrants.count, date: dialogueGrants.date, createdAt: dialogueGrants.createdAt, grantedBy: users.email })
        .from(dialogueGrants)
        .leftJoin(users, eq(users.id, dialogueGrants.grantedBy))
        .where(eq(dialogueGrants.userId, req.params.id))
        .orderBy(desc(dialogueGrants.id));
      return {
        grants: rows.map((r) => ({ id: r.id, count: r.count, date: r.date, createdDateUnixTime: seconds(r.createdAt)!, grantedBy: r.grantedBy })),
        totalCount: rows.reduce((sum, r) => sum + r.count, 0),
      };
    },

    async listManagers() {
      return db.select().from(managers).orderBy(managers.id);
    },

    async listPayDestinations() {
      return db.select().from(payDestinations).orderBy(payDestinations.id);
    },
  };
}
