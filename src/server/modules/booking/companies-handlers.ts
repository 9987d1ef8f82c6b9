import type { AppContext } from '../../platform/context.ts';
import { requireSelfOrAdmin } from '../../platform/http/auth.ts';
import { notFound } from '../../platform/http/problem.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { findUser, linkedAccountsOf } from '../account/store.ts';

/** A customer's YCLIENTS companies (the one-operation `Accounts` tag, folded into booking). */
export function companiesHandlers(ctx: AppContext): Handlers<'getYclientsCompanies'> {
  const { db } = ctx;
  return {
    async getYclientsCompanies(req) {
      const userId = req.params.id;
      requireSelfOrAdmin(req, userId);
      if (!(await findUser(db, userId))) throw notFound();
      const rows = await linkedAccountsOf(db, userId, 'yclientsCompany');
      const withStatus = req.query.withStatus === true;
      return rows.map((row) => {
        const d = row.data as { accountId?: number; internalCompanyId?: number; webhooksCount?: number; activeMastersCount?: number; timezone?: number; city?: string; status?: string };
        return {
          id: row.id,
          name: row.name,
          ...(withStatus ? { status: d.status ?? null } : {}),
          accountId: d.accountId ?? 0,
          internalCompanyId: d.internalCompanyId ?? 0,
          webhooksCount: d.webhooksCount ?? 0,
          activeMastersCount: d.activeMastersCount ?? 0,
          timezone: d.timezone ?? 3,
          city: d.city ?? null,
        };
      });
    }
  };
}
