import type { AppContext } from '../../platform/context.ts';
import { requireSelfOrAdmin } from '../../platform/http/auth.ts';
import { notFound } from '../../platform/http/problem.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { findUser, linkedAccountsOf } from '../account/store.ts';
import { toCompany } from '../connections/booking-systems/company.ts';
import { connectionsOf } from '../connections/store.ts';

/**
 * A customer's YCLIENTS/Altegio companies (§7; the one-operation `Accounts` tag, folded into booking): the same
 * companies as the booking-systems overview (docs/booking-systems.md), in §7's shape: `accountId` 0 for a company no
 * account reaches, `timezone` whole hours (3, YCLIENTS' Moscow default, when the system gave none).
 */
export function companiesHandlers(ctx: AppContext): Handlers<'getYclientsCompanies'> {
  const { db, config } = ctx;
  return {
    async getYclientsCompanies(req) {
      const userId = req.params.id;
      requireSelfOrAdmin(req, userId);
      if (!(await findUser(db, userId))) throw notFound();
      const [rows, yclients, altegio] = await Promise.all([linkedAccountsOf(db, userId, 'yclientsCompany'), connectionsOf(db, userId, 'yclients'), connectionsOf(db, userId, 'altegio')]);
      const accounts = new Map([...yclients, ...altegio].map((c) => [c.id, c]));
      const withStatus = req.query.withStatus === true;
      return rows.map((row) => {
        const c = toCompany(row, accounts, config.now());
        const legacy = row.data as { status?: string; accountId?: number }; // the demo's companies, written in §7's own words
        return {
          id: c.id,
          name: c.name,
          ...(withStatus ? { status: legacy.status ?? c.status } : {}),
          accountId: c.accountId ?? legacy.accountId ?? 0,
          internalCompanyId: c.internalCompanyId,
          webhooksCount: c.webhooksCount,
          activeMastersCount: c.activeMastersCount,
          timezone: Math.round(c.timezone ?? 3),
          city: c.city,
        };
      });
    },
  };
}
